/** The safekeeping-fee page's calls: the parcel, its prepay (priced by the server), the pay-sign data and the fake sheet's pay step. */
import { ParcelForReceiver, type ReceiverParcel } from "#src/parcel/calls"
import { DevPay, PaySafekeep, PaySign, type PaySignData } from "#src/payment/calls"
import { send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export type { PaySignData, ReceiverParcel }

export const fetchFeeParcel = (id: string) => send(ParcelForReceiver, `/api/expressTosend/getById/${encodeURIComponent(id)}`)

export const useFeeParcel = (id: string, token: string | undefined) => useLoad(token ? () => fetchFeeParcel(id) : undefined, [id, token])

export const prepaySafekeep = (id: string) => send(PaySafekeep, `/api/expressTosend/paysafekeep/${encodeURIComponent(id)}`)

export const fetchPaySign = (prepayId: string) => send(PaySign, "/api/wx/paysign", { input: { package: `prepay_id=${prepayId}` } })

/** The simulated provider's "pay" (development only): it takes the money and posts its signed notice to the server. */
export const simulatedPay = (data: PaySignData) => send(DevPay, "/auth/dev/pay", { method: "POST", input: data })
