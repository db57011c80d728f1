/** The pay-in calls every payment shares: the pay-sign data of an open prepay and the simulated provider's pay step. */
import { DevPay, PaySign, type PaySignData } from "#src/payment/calls"
import { send } from "./api-client"

export type { PaySignData }

export const fetchPaySign = (prepayId: string) => send(PaySign, "/api/wx/paysign", { input: { package: `prepay_id=${prepayId}` } })

/** The simulated provider's "pay" (development only): it takes the money and posts its signed notice to the server. */
export const simulatedPay = (data: PaySignData) => send(DevPay, "/auth/dev/pay", { method: "POST", input: data })
