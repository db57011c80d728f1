/** Pays an unpaid errand order: the server's trade (priced by it), the pay-sign, then the payment sheet. */
import { Toast } from "antd-mobile"
import { yuan } from "../../../lib/format"
import { requestPayment } from "../../../components/pay-sheet"
import { prepayErrand } from "../api/errand"

/** True once paid; a cancelled sheet is false without a message, a failed one toasts. */
export const payOrder = async (id: string): Promise<boolean> => {
  const { trade, sign } = await prepayErrand(id)
  const outcome = await requestPayment(sign, yuan(trade.totalFee))
  if (!outcome.paid && outcome.message) Toast.show({ icon: "fail", content: outcome.message })
  return outcome.paid
}
