/** One parcel's timeline (`GET /api/expressTosend/timeline/{id}`). */
import { ParcelTimeline } from "#src/parcel/calls"
import { send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export const useParcelTimeline = (id: string) =>
  useLoad(() => send(ParcelTimeline, `/api/expressTosend/timeline/${encodeURIComponent(id)}`), [id])
