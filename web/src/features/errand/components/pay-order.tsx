/** Pays an unpaid errand order: the server's trade (priced by it), the pay-sign, then the payment sheet. */
import { Toast } from "antd-mobile"
import { yuan } from "../../../lib/format"
import { fetchPaySign } from "../../../lib/pay-in"
import { requestPayment } from "../../../components/pay-sheet"
import { prepayErrand } from "../api/errand"

/** What the order's own page knows of its trade: `getById` carries the requester's `prepayId`. */
export interface KnownPrepay {
  readonly prepayId?: string | null | undefined
  readonly payFee: number
}

/** The order's open prepay signed at once; else (none known, or it has closed) the server opens or reuses one. */
const signed = async (id: string, known: KnownPrepay | undefined) => {
  if (known?.prepayId) {
    try {
      return { sign: await fetchPaySign(known.prepayId), amountFen: known.payFee }
    } catch {
      // closed or expired at the provider: ask the server for the order's prepay again
    }
  }
  const { trade, sign } = await prepayErrand(id)
  return { sign, amountFen: trade.totalFee }
}

/** True once paid; a cancelled sheet is false without a message, a failed one toasts. */
export const payOrder = async (id: string, known?: KnownPrepay): Promise<boolean> => {
  const { sign, amountFen } = await signed(id, known)
  const outcome = await requestPayment(sign, yuan(amountFen))
  if (!outcome.paid && outcome.message) Toast.show({ icon: "fail", content: outcome.message })
  return outcome.paid
}
