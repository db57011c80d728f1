/** The safekeeping-fee page's calls: the parcel and its prepay (priced by the server). */
import { ParcelForReceiver, type ReceiverParcel } from "#src/parcel/calls"
import { PaySafekeep } from "#src/payment/calls"
import { send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export type { ReceiverParcel }

export const fetchFeeParcel = (id: string) => send(ParcelForReceiver, `/api/expressTosend/getById/${encodeURIComponent(id)}`)

export const useFeeParcel = (id: string, token: string | undefined) => useLoad(token ? () => fetchFeeParcel(id) : undefined, [id, token])

export const prepaySafekeep = (id: string) => send(PaySafekeep, `/api/expressTosend/paysafekeep/${encodeURIComponent(id)}`)

