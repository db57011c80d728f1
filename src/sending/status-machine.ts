/**
 * The parcel to send (expressTakein) from its freight on, as one table: the transition, the statuses it may
 * happen in, the status it leads to and the live events it sends. `decide` adds who may do it and the freight
 * rules, and returns the new order and its events; the store applies the change conditionally (only if the order
 * is still as read), so two actors at once → one wins. A door pickup's steps before its freight are its type-2
 * errand's edges (src/errand/status-machine.ts), which move the send order with the errand; from the freight on,
 * each of its steps is one of these transitions and the matching errand edge together (transition.ts).
 */
import { SendStatus, sendStatusNames } from "../errand/send-status"
import { NotAllowed, StateConflict } from "../shared/errors"

export { SendStatus, sendStatuses } from "../errand/send-status"
export const statusNames = sendStatusNames

/** The live events of spec 001 §7 a send order's changes publish (the to-scan count event is `dispatch.ts`'s). */
export type SendEventName =
  | "paotuiPickupOrderAdd"
  | "paotuiOrderRobbinged"
  | "paotuiOrderCancelToWait"
  | "paotuiHaveGettedExpress"
  | "paotuiConfirmHaveGettedExpress"
  | "freightUpdated"
  | "freightUpdate"
  | "freightPaySuccess"
  | "freightPaySuccessDaofu"
  | "expressTakeinArrived"
  | "paotuiOrderCancel"
  | "expressSended"
  | "expressTakeinSended"

const { pendingPayment, taskPosted, accepted, awaitingRunnerConfirmation, awaitingNumber, awaitingOutOfStock, awaitingFreight, awaitingFreightPayment, outOfStock, cancelled } = SendStatus

export const sendTransitions = {
  /** Freight set (pay now): the sender is to pay it. */
  setFreight: { from: [awaitingFreight], to: awaitingFreightPayment, events: ["freightUpdated", "freightUpdate"] },
  /** Cash on delivery: nothing to pay here, ready for its waybill number at once. */
  setFreightDaofu: { from: [awaitingFreight], to: awaitingNumber, events: ["freightPaySuccessDaofu"] },
  /** The sender paid the freight. */
  payFreight: { from: [awaitingFreightPayment], to: awaitingNumber, events: ["freightPaySuccess"] },
  /** The waybill is printed: the parcel has its express number and waits to go out. */
  assignNumber: { from: [awaitingNumber], to: awaitingOutOfStock, events: ["expressTakeinArrived"] },
  /** Staff scan it out to the carrier. */
  sendOut: { from: [awaitingOutOfStock], to: outOfStock, events: ["expressSended", "expressTakeinSended"] },
  /**
   * The sender closes it (only with no runner on it). A door pickup at 0 or 1 is closed by cancelling its errand
   * (the errand's `cancel` edge), which refunds a paid reward.
   */
  close: { from: [pendingPayment, taskPosted, awaitingFreightPayment], to: cancelled, events: ["paotuiOrderCancel"] }
} as const satisfies Record<
  string,
  { readonly from: ReadonlyArray<SendStatus>; readonly to: SendStatus; readonly events: ReadonlyArray<SendEventName> }
>

export type SendTransition = keyof typeof sendTransitions
export const sendTransitionNames = Object.keys(sendTransitions) as ReadonlyArray<SendTransition>

/** The status the transition leads to from this one, or undefined when it cannot happen there. */
export const nextSendStatus = (status: SendStatus, t: SendTransition): SendStatus | undefined => {
  const edge = sendTransitions[t]
  return (edge.from as ReadonlyArray<SendStatus>).includes(status) ? edge.to : undefined
}

/** The list tabs of /expressSendList/{status}/{token}. */
export const sendListTabs = {
  ing: { title: "待处理", statuses: [pendingPayment, taskPosted, accepted, awaitingRunnerConfirmation, awaitingNumber, awaitingOutOfStock, awaitingFreight, awaitingFreightPayment] },
  complete: { title: "已出库", statuses: [outOfStock] },
  cancel: { title: "已取消", statuses: [cancelled] }
} as const satisfies Record<string, { readonly title: string; readonly statuses: ReadonlyArray<SendStatus> }>
export type SendListTab = keyof typeof sendListTabs
export const isSendListTab = (s: string): s is SendListTab => Object.hasOwn(sendListTabs, s)

export const messages = {
  closed: "关闭成功",
  closeFailed: "关闭失败",
  freightUpdateFailed: "更新运费失败",
  freightPending: "计费成功待支付",
  daofuReady: "到付成功待打印",
  freightUnpaid: "寄件客户还没付运费",
  actionFailed: "操作失败",
  sendOutFailed: "寄件出库失败",
  notYours: "这不是您的寄件单",
  notYourErrand: "这不是您接的跑腿单",
  notYourWorksite: "这不是本网点的寄件单"
} as const

/** What a decision needs of a send order (the store's row decoded; the errand's runner is the door pickup's). */
export interface SendOrder {
  readonly id: string
  readonly status: SendStatus
  readonly senderId: string
  readonly worksiteId: string
  readonly companyId: string | null
  readonly doorPickup: boolean
  /** The runner holding the type-2 errand, if any. */
  readonly runnerId: string | null
  /** Fen; null until set. */
  readonly freight: number | null
  readonly freightWeight: number | null
  readonly freightPaid: boolean
  readonly isDaofu: boolean
  readonly expressNo: string | null
}

export type SendActor =
  | { readonly role: "sender"; readonly userId: string }
  | { readonly role: "runner"; readonly userId: string }
  | { readonly role: "staff"; readonly worksiteId: string }

export type SendAction =
  | { readonly type: "setFreight"; readonly companyId: string; readonly freight: number; readonly freightWeight: number }
  | { readonly type: "setFreightDaofu"; readonly companyId: string }
  | { readonly type: "payFreight" }
  | { readonly type: "assignNumber"; readonly expressNo: string }
  | { readonly type: "sendOut" }
  | { readonly type: "close" }

export interface SendDecision {
  readonly order: SendOrder
  readonly events: ReadonlyArray<SendEventName>
  /** The success message the spec shows, where it names one. */
  readonly message?: string
}

/** Who may do each transition. */
export const sendTransitionRoles: Record<SendTransition, ReadonlyArray<SendActor["role"]>> = {
  setFreight: ["runner", "staff"],
  setFreightDaofu: ["runner", "staff"],
  payFreight: ["sender"],
  assignNumber: ["staff"],
  sendOut: ["staff"],
  close: ["sender"]
}

/** The words of a refused transition (the table's or, when the order moved meanwhile, the store's). */
export const failureMessage: Partial<Record<SendTransition, string>> = {
  setFreight: messages.freightUpdateFailed,
  setFreightDaofu: messages.freightUpdateFailed,
  sendOut: messages.sendOutFailed,
  close: messages.closeFailed
}

/** Freight can be set only when none exists and it is unpaid (§4): the store's condition too. */
export const freightMayBeSet = (order: Pick<SendOrder, "freight" | "freightPaid">): boolean =>
  order.freight === null && !order.freightPaid

const actorRefusal = (order: SendOrder, actor: SendActor, t: SendTransition): NotAllowed | undefined => {
  if (!sendTransitionRoles[t].includes(actor.role)) return new NotAllowed({ message: messages.actionFailed })
  switch (actor.role) {
    case "sender":
      return actor.userId === order.senderId ? undefined : new NotAllowed({ message: messages.notYours })
    case "staff":
      return actor.worksiteId === order.worksiteId ? undefined : new NotAllowed({ message: messages.notYourWorksite })
    case "runner":
      if (!order.doorPickup || actor.userId === order.senderId) return new NotAllowed({ message: messages.notYourErrand })
      return actor.userId === order.runnerId ? undefined : new NotAllowed({ message: messages.notYourErrand })
  }
}

/** The guards beyond the table: freight once, printing only paid or cash-on-delivery, close only with no runner. */
const guardRefusal = (order: SendOrder, action: SendAction): StateConflict | undefined => {
  switch (action.type) {
    case "setFreight":
    case "setFreightDaofu":
      return freightMayBeSet(order) ? undefined : new StateConflict({ message: messages.freightUpdateFailed })
    case "assignNumber":
      return order.freightPaid || order.isDaofu ? undefined : new StateConflict({ message: messages.freightUnpaid })
    case "close":
      return order.runnerId === null ? undefined : new StateConflict({ message: messages.closeFailed })
    default:
      return undefined
  }
}

const changed = (action: SendAction, actor: SendActor): Partial<SendOrder> => {
  switch (action.type) {
    case "setFreight":
      return { companyId: action.companyId, freight: action.freight, freightWeight: action.freightWeight, isDaofu: false }
    case "setFreightDaofu":
      return { companyId: action.companyId, isDaofu: true }
    case "payFreight":
      return { freightPaid: true }
    case "assignNumber":
      return { expressNo: action.expressNo }
    default:
      return {}
  }
}

const successMessage: Partial<Record<SendTransition, string>> = {
  setFreight: messages.freightPending,
  setFreightDaofu: messages.daofuReady,
  close: messages.closed
}

/** The whole decision for one action on one order: who, from which status, which guard, what changes, which events. */
export const decide = (order: SendOrder, actor: SendActor, action: SendAction): SendDecision | NotAllowed | StateConflict => {
  const t = action.type
  const notAllowed = actorRefusal(order, actor, t)
  if (notAllowed) return notAllowed
  const to = nextSendStatus(order.status, t)
  if (to === undefined) {
    const message = t === "assignNumber" && order.status === awaitingFreightPayment ? messages.freightUnpaid : failureMessage[t] ?? messages.actionFailed
    return new StateConflict({ message })
  }
  const guard = guardRefusal(order, action)
  if (guard) return guard
  const message = successMessage[t]
  return {
    order: { ...order, ...changed(action, actor), status: to },
    events: sendTransitions[t].events,
    ...(message === undefined ? {} : { message })
  }
}

/** The status a new booking starts in: a door pickup waits for its reward, a plain sending for its freight. */
export const initialSendStatus = (doorPickup: boolean): SendStatus => (doorPickup ? pendingPayment : awaitingFreight)
