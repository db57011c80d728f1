/**
 * Who and where, for the runner who accepted the order (the server sends `contact` to the order's parties only):
 * the requester's name, the phone masked until tapped (then in full), a call link, the door and, for a parcel
 * errand, where to collect it and its shelf tag.
 */
import { useState } from "react"
import type { ErrandOrderView } from "../api/errand"

type Contact = NonNullable<ErrandOrderView["contact"]>

export const doorOf = (c: Pick<Contact, "building" | "floor" | "room">): string =>
  [c.building ?? "", c.floor !== null ? `${c.floor}楼` : "", c.room].filter((s) => s !== "").join(" ")

export const ContactCard = (props: { readonly contact: Contact; readonly station: string | null }) => {
  const [shown, setShown] = useState(false)
  const c = props.contact
  return (
    <div className="errand-contact" data-testid="order-contact">
      <div className="errand-contact__row">
        <span className="errand-contact__label">收件人</span>
        <span data-testid="contact-name">{c.name || "—"}</span>
        {c.phone ? (
          <>
            <button type="button" className="errand-contact__phone" data-testid="contact-phone" onClick={() => setShown((s) => !s)}
              aria-label={shown ? "隐藏手机号" : "显示完整手机号"}>{shown ? c.phone : c.phoneMasked}</button>
            <a className="errand-contact__call" href={`tel:${c.phone}`} data-testid="contact-call">拨打</a>
          </>
        ) : null}
      </div>
      <div className="errand-contact__row">
        <span className="errand-contact__label">送达</span>
        <span data-testid="contact-door">{doorOf(c) || "—"}</span>
      </div>
      {props.station || c.shelf ? (
        <div className="errand-contact__row">
          <span className="errand-contact__label">取件</span>
          <span data-testid="contact-pickup">{[props.station ?? "", c.shelf ? `货架号 ${c.shelf}` : ""].filter((s) => s !== "").join(" · ")}</span>
        </div>
      ) : null}
    </div>
  )
}
