/**
 * The template messages a send order's steps send its sender (issue 21 item 8, kind 寄件订单状态): the freight to
 * pay once it is set, cash on delivery chosen, the waybill printed with its number, and the parcel handed to the
 * carrier. The sender's own steps (paying, closing) send nothing. A door pickup's steps before its freight are its
 * errand's, told by src/errand/status-notice.ts.
 */
import { yuan } from "../shared/money"
import { statusStrOf } from "./calls"
import { freightDue } from "./freight"
import type { SendRecord } from "./send-store"
import type { SendTransition } from "./status-machine"

export const SEND_STATUS_TEMPLATE = "sendStatus"

/** The waybill number as the line says it, once there is one. */
const numbered = (o: SendRecord) => (o.expressNo ? `，运单号 ${o.expressNo}` : "")

/** The lines of the steps staff or the runner take; the sender's own (paying, closing) have none. */
const lines: Partial<Record<SendTransition, (o: SendRecord) => string>> = {
  setFreight: (o) => `运费已算好，共 ¥${yuan(freightDue(o))}，请尽快支付`,
  setFreightDaofu: () => "运费到付，等待打印面单",
  assignNumber: (o) => `面单已打印${numbered(o)}，等待出库`,
  sendOut: (o) => `已交给快递公司${numbered(o)}`
}

/** The message of one step to the sender, or undefined when the step sends none. */
export const sendNotice = (after: SendRecord, step: SendTransition) => {
  const line = lines[step]
  return line && { orderNo: after.orderNo, status: statusStrOf(after.status), remark: line(after) }
}
