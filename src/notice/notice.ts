/**
 * The reminders a user gets (issue 21 item 8) and which of them they turned off on 我的: each kind is on unless the
 * user turned it off. The parcel notice SMS is not one of them: it is the station's notice, sent whatever the user
 * chose, as the station's worksite pays for it; these are the platform's template messages: the arrival with its
 * pickup code (src/parcel/arrival-notice.ts), the reminder before a return (src/parcel/return-reminder.ts), and the
 * status changes of errands (src/errand/status-notice.ts) and send orders (src/sending/status-notice.ts).
 */
import { Schema } from "effect"

export const NOTICE_KINDS = ["arrival", "returnReminder", "errandStatus", "sendStatus"] as const
export const NoticeKind = Schema.Literals(NOTICE_KINDS)
export type NoticeKind = typeof NoticeKind.Type

/** The switch's words on 我的. */
export const noticeLabels: Readonly<Record<NoticeKind, string>> = {
  arrival: "到件通知",
  returnReminder: "退回前提醒",
  errandStatus: "跑腿订单状态",
  sendStatus: "寄件订单状态"
}

/** Each kind's switch: on unless turned off. */
export type NoticeSettings = Readonly<Record<NoticeKind, boolean>>

export const settingsFrom = (off: Iterable<NoticeKind>): NoticeSettings => {
  const offSet = new Set(off)
  return Object.fromEntries(NOTICE_KINDS.map((k) => [k, !offSet.has(k)])) as Record<NoticeKind, boolean>
}

export const noticeMessages = {
  kindRequired: "请选择提醒类型",
  onRequired: "请选择是否开启提醒",
  saved: "设置成功"
} as const
