/**
 * A parcel's timeline as its receiver (or the friend picking it up) sees it: checked in, notice sent, fee paid, due
 * for return, picked up (by the receiver, a friend, a runner; at the counter, by self-sign or at the cabinet) or
 * returned, each with its time. Built from the parcel's row, its pay-in trades, its SMS and the operations log.
 */
import { Context, type Effect } from "effect"
import { yuan } from "../shared/money"
import { maskPhone } from "../shared/phone-number"
import { ParcelStatus } from "./parcel-status"
import { storageCode } from "./storage-code"

export const TimelineKind = {
  checkedIn: "checkedIn", noticeSent: "noticeSent", feePaid: "feePaid", friendChosen: "friendChosen", dueForReturn: "dueForReturn",
  pickedUp: "pickedUp", returned: "returned"
} as const
export type TimelineKind = (typeof TimelineKind)[keyof typeof TimelineKind]

export interface TimelineStep {
  readonly kind: TimelineKind
  readonly title: string
  readonly detail: string
  readonly at: Date
}

/** What the log and the other tables know of one parcel. */
export interface ParcelHistoryFacts {
  readonly signedAt: Date | null
  readonly signOpenid: string | null
  /** Each arrival SMS: when it went out (or, not sent yet, when it was queued). */
  readonly notices: ReadonlyArray<{ readonly at: Date; readonly sent: boolean }>
  readonly feePayments: ReadonlyArray<{ readonly at: Date; readonly amountFen: number }>
  /** The logged operations on the parcel, any order. */
  readonly operations: ReadonlyArray<{ readonly op: string; readonly at: Date }>
}

export interface TimelineParcel {
  readonly expressCompanyName: string
  readonly expressNo: string
  readonly storageNo: string
  readonly tag: number
  readonly status: ParcelStatus
  readonly createdAt: Date
  readonly receiverPhone: string
  readonly receiverOpenid: string | null
  readonly agentOpenid: string | null
  readonly agent: string | null
  readonly paotuiOpenid: string | null
}

/** Uncollected this long, a parcel is due for return (DESIGN §6). */
export const DUE_AFTER_MS = 3 * 24 * 60 * 60 * 1000

const pickedUpStep = (p: TimelineParcel, facts: ParcelHistoryFacts): TimelineStep | undefined => {
  if (!facts.signedAt) return undefined
  const at = facts.signedAt
  const by = facts.signOpenid
  if (by !== null && by === p.paotuiOpenid) return { kind: "pickedUp", title: "跑腿员已取件", detail: "跑腿员从驿站取走，送货上门", at }
  if (by !== null && by === p.agentOpenid && by !== p.receiverOpenid) {
    return { kind: "pickedUp", title: "好友已代取", detail: p.agent ? `由好友 ${p.agent} 代取` : "由好友代取", at }
  }
  const how = facts.operations.some((o) => o.op === "selfSign") ? "自助签收" : facts.operations.some((o) => o.op === "openBox") ? "柜机开箱取件" : "在驿站取件"
  return { kind: "pickedUp", title: "本人已取件", detail: how, at }
}

/** The steps in time order; a step that did not happen is left out. */
export const parcelTimeline = (p: TimelineParcel, facts: ParcelHistoryFacts): ReadonlyArray<TimelineStep> => {
  const opAt = (op: string) => facts.operations.filter((o) => o.op === op).map((o) => o.at)
  const due = opAt("markDue")[0] ??
    (p.status === ParcelStatus.awaitingReturn || p.status === ParcelStatus.returned ? new Date(p.createdAt.getTime() + DUE_AFTER_MS) : undefined)
  const steps: Array<TimelineStep | undefined> = [
    { kind: "checkedIn", title: "已入库", detail: `${p.expressCompanyName} ${p.expressNo}，取件码 ${storageCode(p.storageNo, p.tag)}`, at: p.createdAt },
    ...facts.notices.map((n): TimelineStep => ({
      kind: "noticeSent", title: n.sent ? "取件通知已发送" : "取件通知发送中", detail: `短信发至 ${maskPhone(p.receiverPhone)}`, at: n.at
    })),
    ...facts.feePayments.map((f): TimelineStep => ({ kind: "feePaid", title: "已支付保管费", detail: `¥${yuan(f.amountFen)}`, at: f.at })),
    ...opAt("chooseAgent").map((at): TimelineStep => ({ kind: "friendChosen", title: "已请好友代取", detail: p.agent ?? "", at })),
    due ? { kind: "dueForReturn", title: "超过3天未取，待退回", detail: "支付保管费后仍可到驿站取件", at: due } : undefined,
    pickedUpStep(p, facts),
    ...opAt("returnParcel").map((at): TimelineStep => ({ kind: "returned", title: "已退回", detail: `已退回${p.expressCompanyName}`, at }))
  ]
  return steps.filter((s): s is TimelineStep => s !== undefined).sort((a, b) => a.at.getTime() - b.at.getTime())
}

export class ParcelHistory extends Context.Service<ParcelHistory, {
  facts(parcel: { readonly id: string; readonly receiverPhone: string; readonly createdAt: Date }): Effect.Effect<ParcelHistoryFacts>
}>()("station/ParcelHistory") {}
