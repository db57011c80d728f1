/**
 * The worksite's service phone right now: its own in service hours, else the platform's (`GET /api/worksite/getServicePhoneByTime/{id}`);
 * the Me page and the customer-service page call it.
 */
import { ServicePhoneNow } from "#src/worksite/calls"
import { send } from "./api-client"
import { useLoad } from "./use-load"

export const fetchServicePhone = (worksiteId: string) => send(ServicePhoneNow, `/api/worksite/getServicePhoneByTime/${encodeURIComponent(worksiteId)}`)

export const useServicePhone = (worksiteId: string | undefined) =>
  useLoad(worksiteId ? () => fetchServicePhone(worksiteId) : undefined, [worksiteId])
