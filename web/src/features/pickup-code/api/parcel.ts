/** The receiver's own parcel with its signed pickup QR (`GET /api/expressTosend/getById/{id}`). */
import { ParcelForReceiver, type ReceiverParcel } from "#src/parcel/calls"
import { send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export type { ReceiverParcel }

export const fetchParcel = (id: string) => send(ParcelForReceiver, `/api/expressTosend/getById/${encodeURIComponent(id)}`)

export const useParcel = (id: string, token: string | undefined) => useLoad(token ? () => fetchParcel(id) : undefined, [id, token])
