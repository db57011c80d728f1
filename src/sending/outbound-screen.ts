/**
 * The outbound staff screen's flow (spec 001 §4 "Outbound staff flow"): scan an order, set its freight
 * (pay now: wait for the sender's payment; cash on delivery: print at once), print, and start again.
 * A live cancellation by the sender clears the screen. A pure reducer the web page and its tests share.
 */
import { messages as sendMessages, SendStatus } from "./status-machine"

export const screenMessages = {
  cancelledByUser: "该预约单已经被用户取消",
  freightUnpaid: sendMessages.freightUnpaid,
  freightPending: sendMessages.freightPending,
  daofuReady: sendMessages.daofuReady,
  notFound: "查找寄件信息出错",
  senderFailed: "获取寄件用户信息出错"
} as const

export type OutboundScreen =
  | { readonly step: "idle"; readonly message?: string }
  | { readonly step: "scanned"; readonly orderId: string; readonly message?: string }
  | { readonly step: "awaitingPayment"; readonly orderId: string; readonly message?: string }
  | { readonly step: "readyToPrint"; readonly orderId: string; readonly payMode: "paid" | "daofu"; readonly message?: string }

export type OutboundScreenEvent =
  | { readonly type: "scan"; readonly orderId: string; readonly status: SendStatus; readonly isDaofu: boolean }
  | { readonly type: "scanFailed"; readonly message: string }
  | { readonly type: "freightSet"; readonly orderId: string }
  | { readonly type: "freightSetDaofu"; readonly orderId: string }
  | { readonly type: "freightPaid"; readonly orderId: string }
  | { readonly type: "printRequested" }
  | { readonly type: "printed" }
  | { readonly type: "userCancelled"; readonly orderId: string }

export const idle: OutboundScreen = { step: "idle" }

const onScreen = (s: OutboundScreen, orderId: string) => s.step !== "idle" && s.orderId === orderId

/** Where a scanned order lands: its freight to set, its payment awaited, or ready to (re)print. */
const scannedAt = (orderId: string, status: SendStatus, isDaofu: boolean): OutboundScreen => {
  switch (status) {
    case SendStatus.awaitingFreight:
      return { step: "scanned", orderId }
    case SendStatus.awaitingFreightPayment:
      return { step: "awaitingPayment", orderId }
    case SendStatus.awaitingNumber:
    case SendStatus.awaitingOutOfStock:
      return { step: "readyToPrint", orderId, payMode: isDaofu ? "daofu" : "paid" }
    default:
      return { step: "idle", message: screenMessages.notFound }
  }
}

export const outboundScreen = (s: OutboundScreen, e: OutboundScreenEvent): OutboundScreen => {
  switch (e.type) {
    case "scan":
      return scannedAt(e.orderId, e.status, e.isDaofu)
    case "scanFailed":
      return { step: "idle", message: e.message }
    case "freightSet":
      return s.step === "scanned" && s.orderId === e.orderId ? { step: "awaitingPayment", orderId: e.orderId, message: screenMessages.freightPending } : s
    case "freightSetDaofu":
      return s.step === "scanned" && s.orderId === e.orderId
        ? { step: "readyToPrint", orderId: e.orderId, payMode: "daofu", message: screenMessages.daofuReady }
        : s
    case "freightPaid":
      return s.step === "awaitingPayment" && s.orderId === e.orderId ? { step: "readyToPrint", orderId: e.orderId, payMode: "paid" } : s
    case "printRequested":
      return s.step === "awaitingPayment" || s.step === "scanned" ? { ...s, message: screenMessages.freightUnpaid } : s
    case "printed":
      return s.step === "readyToPrint" ? idle : s
    case "userCancelled":
      return onScreen(s, e.orderId) ? { step: "idle", message: screenMessages.cancelledByUser } : s
  }
}

/** Whether the print button may print now. */
export const mayPrint = (s: OutboundScreen): boolean => s.step === "readyToPrint"
