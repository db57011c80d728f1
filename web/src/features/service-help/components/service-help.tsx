/**
 * Customer service (spec 002 §2): the hotline (7×12 小时) that answers now — the worksite's in its hours, else the
 * platform's — and the ten questions with the figures the core's rules apply; the footer tabs with service current.
 */
import { Collapse, List } from "antd-mobile"
import { PhoneFill } from "antd-mobile-icons"
import { HOTLINE_HOURS, serviceFaq } from "#src/home/service-faq"
import { PLATFORM_SERVICE_PHONE } from "#src/worksite/directory"
import { useServicePhone } from "../../../lib/service-phone"
import type { UserInfo } from "../../../lib/user-info"
import { useWorksiteErrands } from "../api/worksite-errands"
import "../service-help.css"

export const ServiceHelp = (props: { readonly user: UserInfo }) => {
  const worksiteId = props.user.worksite?._id
  const phone = useServicePhone(worksiteId)
  const errands = useWorksiteErrands(worksiteId)
  // no worksite, or the phone could not be read: the platform's own line
  const number = phone.data ?? (phone.loading ? undefined : PLATFORM_SERVICE_PHONE)
  const faq = serviceFaq(errands.data)
  return (
    <div className="service-help">
      <section className="service-help__hotline">
        <h2>客服热线</h2>
        {number ? (
          <a className="service-help__tel" href={`tel:${number}`} data-testid="service-tel">
            <PhoneFill />
            <span className="service-help__hours">{HOTLINE_HOURS}</span>
            <span className="service-help__number" data-testid="service-number">{number}</span>
          </a>
        ) : <span className="service-help__tel service-help__tel--loading">{HOTLINE_HOURS}</span>}
      </section>
      <List header="常见问题" className="service-help__faq">
        <Collapse accordion data-testid="service-faq">
          {faq.map((item, i) => (
            <Collapse.Panel key={item.question} title={`${i + 1}. ${item.question}`} data-testid={`service-faq-${i + 1}`}>
              <p className="service-help__answer" data-testid={`service-answer-${i + 1}`}>{item.answer}</p>
            </Collapse.Panel>
          ))}
        </Collapse>
      </List>
    </div>
  )
}
