/**
 * What tells a receiver their parcel arrived (issue 21 item 8): the station's SMS, sent whatever the receiver chose
 * when the worksite sends SMS (it pays for them), and the platform's template message to a known receiver unless they
 * turned 到件通知 off. Both carry the carrier, the station and its hours; the check-in statement adds the pickup code
 * once it has picked the tag, so they are written here without it.
 */
import { Effect } from "effect"
import { wantsNotice } from "../notice/use-cases"
import type { OutgoingMessage } from "../shared/ports"
import { serviceTimeStr, type Worksite } from "../staff/worksite"
import type { Person } from "./parcel-store"

/** Both messages' template name (the SMS's and the template message's). */
export const ARRIVAL_TEMPLATE = "parcelArrived"

export const arrivalNotices = Effect.fn("arrivalNotices")(function* (
  worksite: Pick<Worksite, "smsAble" | "shortName" | "serviceBegin" | "serviceEnd">, companyName: string, receiverPhone: string,
  receiver: Pick<Person, "id" | "openid"> | undefined
) {
  const params = { company: companyName, site: worksite.shortName, serviceTime: serviceTimeStr(worksite) }
  const sms: OutgoingMessage | undefined = worksite.smsAble ? { channel: "sms", to: receiverPhone, template: ARRIVAL_TEMPLATE, params } : undefined
  const to = receiver && { userId: receiver.id, openid: receiver.openid }
  const template: OutgoingMessage | undefined = to && (yield* wantsNotice(to, "arrival"))
    ? { channel: "template", to: to.openid, template: ARRIVAL_TEMPLATE, params }
    : undefined
  return { sms, template }
})
