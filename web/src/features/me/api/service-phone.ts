/** The worksite's service phone right now: its own in service hours, else the platform's (`GET /api/worksite/getServicePhoneByTime/{id}`). */
import { Schema } from "effect"
import { dataDecoder, request } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

const decodePhone = dataDecoder(Schema.NullOr(Schema.String))

export const fetchServicePhone = (worksiteId: string) =>
  request(`/api/worksite/getServicePhoneByTime/${encodeURIComponent(worksiteId)}`, decodePhone)

export const useServicePhone = (worksiteId: string | undefined) =>
  useLoad(worksiteId ? () => fetchServicePhone(worksiteId) : undefined, [worksiteId])
