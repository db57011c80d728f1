/**
 * The receiver's side of a parcel to collect (spec 001 §2, §4, §5, §7): the list's tabs, who holds a
 * parcel (its receiver or the friend chosen for it), what they may do with it, and what of it they see.
 */
import { RuleViolation, StateConflict } from "../shared/errors"
import { ParcelStatus, statusStr, UNPAID_SAFEKEEPING } from "./parcel"
import { nextStatus, statusesFor, type ParcelEvent } from "./status-machine"

const { awaitingPickup, friendPicking, awaitingErrandPayment, awaitingRunner, runnerTookTask, goodsCollected, delivered, signed, awaitingReturn, returned } =
  ParcelStatus

/** The tabs of `/expressTotakeList/{status}`. */
export const collectTabs = ["ing", "complete", "toreturn", "returned"] as const
export type CollectTab = (typeof collectTabs)[number]

export const tabTitles: Record<CollectTab, string> = { ing: "待取件", complete: "已签收", toreturn: "待退送", returned: "已退送" }

/**
 * The statuses each tab lists. A parcel with a runner (5 goods collected, 6 delivered) is not signed
 * yet: it stays under 待取件 until the receiver confirms it (6 → 100).
 */
export const tabStatuses: Record<CollectTab, ReadonlyArray<ParcelStatus>> = {
  ing: [awaitingPickup, friendPicking, awaitingErrandPayment, awaitingRunner, runnerTookTask, goodsCollected, delivered],
  complete: [signed],
  toreturn: [awaitingReturn],
  returned: [returned]
}

export const isCollectTab = (tab: string): tab is CollectTab => (collectTabs as ReadonlyArray<string>).includes(tab)

/** Tabs whose page shows the tip that parcels uncollected over 3 days go back to the sender. */
export const showsReturnTip = (tab: CollectTab): boolean => tab === "toreturn" || tab === "returned"

export const RETURN_TIP = "超过3天未取的快递将退回给寄件人"

/** Parcel types: 0 on a shelf, 1 handed over without a pickup code (no QR page), 2 and 3 in a cabinet. */
export const ParcelType = { shelf: 0, noCode: 1, cabinet: 2, cabinetLarge: 3 } as const
export const isCabinet = (type: number): boolean => type === ParcelType.cabinet || type === ParcelType.cabinetLarge

export const messages = {
  notFound: "快递不存在",
  phoneWrong: "请输入正确的手机号码",
  findFirst: "请先根据手机号查找您的朋友",
  friendNotFound: "没有找到该手机号的用户",
  notYourself: "不能选择自己代取",
  selfSignClosed: "本网点暂未开通自助签收",
  cabinetSelfSign: "柜机快递请扫码或远程开箱取件",
  notCabinet: "该快递不在快递柜中",
  boxOpened: "柜门已打开过，请联系驿站工作人员",
  boxFailed: "开箱失败，请联系驿站工作人员",
  tabUnknown: "请求不正确",
  changed: "快递状态已变化，请刷新后重试",
  agentChosen: "操作成功",
  refused: "拒绝代取成功",
  cancelled: "取消代取成功",
  selfSigned: "签收成功",
  boxOpenedOk: "开箱成功，请取走您的快递"
} as const

/** Who the caller is to the parcel: its receiver, the friend chosen for it, or nobody. */
export type Holder = "receiver" | "agent"

export interface Held {
  readonly status: ParcelStatus
  readonly receiverId: string | null
  readonly agentId: string | null
}

/**
 * The receiver always; the friend only while they are the one chosen (status 1) or once they have it
 * (it stays in their list as signed or due for return): a refused or cancelled request clears them.
 */
export const collectorOf = (parcel: Held, userId: string): Holder | undefined =>
  userId === "" ? undefined
    : parcel.receiverId === userId ? "receiver"
    : parcel.agentId === userId ? "agent"
    : undefined

/** The event each holder's own hand-over is (at the counter or at the cabinet). */
export const takeEventOf: Record<Holder, ParcelEvent> = { receiver: "takeByReceiver", agent: "takeByAgent" }

/** Whether the holder could take the parcel now, the fee aside. */
export const mayCollect = (holder: Holder, status: ParcelStatus): boolean => statusesFor(takeEventOf[holder]).includes(status)

/** Whether the code and QR may be shown: only to a holder who could take it now, and never while a fee is unpaid. */
export const showsCode = (holder: Holder, status: ParcelStatus, unpaidFen: number): boolean => unpaidFen <= 0 && mayCollect(holder, status)

/**
 * The status as the receiver's list says it: an unpaid safekeeping fee reads '待支付保管费' while the parcel waits to
 * be taken; a parcel due for return says so ('待退回'), its fee aside.
 */
export const collectStatusStr = (holder: Holder, status: ParcelStatus, unpaidFen: number): string =>
  unpaidFen > 0 && mayCollect(holder, status) && status !== awaitingReturn ? UNPAID_SAFEKEEPING : statusStr(status)

/** A name shown to someone else: its first character and a star for each of the rest ('李*', '欧阳**'). */
export const maskName = (name: string): string => {
  const chars = [...name.trim()]
  if (chars.length === 0) return "*"
  return chars[0] + "*".repeat(Math.max(1, chars.length - 1))
}


/** The friend's phone as typed: exactly 11 digits (spec §5 find friend). */
export const friendPhoneRefusal = (phone: string | undefined): RuleViolation | undefined =>
  phone === undefined || phone === ""
    ? new RuleViolation({ message: messages.findFirst })
    : /^\d{11}$/.test(phone) ? undefined : new RuleViolation({ message: messages.phoneWrong })

/** Why the receiver cannot sign for the parcel themselves (409), or undefined when they can. */
export const selfSignRefusal = (p: { readonly selfSignAble: boolean; readonly type: number; readonly status: ParcelStatus; readonly unpaidFen: number }): StateConflict | undefined => {
  const message = !p.selfSignAble ? messages.selfSignClosed
    : isCabinet(p.type) ? messages.cabinetSelfSign
    : nextStatus(p.status, "selfSign") === undefined ? `${statusStr(p.status)}状态的快递不能签收`
    : p.unpaidFen > 0 ? `${UNPAID_SAFEKEEPING}状态的快递不能签收`
    : undefined
  return message === undefined ? undefined : new StateConflict({ message })
}

/** Why the holder cannot open the parcel's cabinet door (409), or undefined when they can (once). */
export const openBoxRefusal = (p: {
  readonly holder: Holder; readonly type: number; readonly status: ParcelStatus; readonly unpaidFen: number; readonly opened: boolean
}): StateConflict | undefined => {
  const message = !isCabinet(p.type) ? messages.notCabinet
    : p.opened ? messages.boxOpened
    : !mayCollect(p.holder, p.status) ? `${statusStr(p.status)}状态的快递不能取件`
    : p.unpaidFen > 0 ? `${UNPAID_SAFEKEEPING}状态的快递不能取件`
    : undefined
  return message === undefined ? undefined : new StateConflict({ message })
}


/** The QR page offers door delivery only for a parcel still on the shelf at a worksite that runs errands. */
export const offersDoorDelivery = (status: number, paotuiAble: boolean, type: number): boolean =>
  paotuiAble && status === awaitingPickup && !isCabinet(type) && type !== ParcelType.noCode

/**
 * The list offers 取消任务 on the receiver's own parcel while its door-delivery errand is unpaid (2) or waits for a
 * runner (3): the requester's cancel of the errand (spec §4), which puts the parcel back on the shelf (0).
 */
export const offersErrandCancel = (status: number, isAgent: boolean): boolean =>
  !isAgent && (status === awaitingErrandPayment || status === awaitingRunner)

/** A taken (signed) parcel: the QR page shows '已取件' (also after a reload), the list its status as done. */
export const isTaken = (status: number): boolean => status === signed
