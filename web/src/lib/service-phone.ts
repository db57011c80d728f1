/**
 * The worksite's service phone right now: its own in service hours, else the platform's (`GET /api/worksite/getServicePhoneByTime/{id}`);
 * the Me page and the customer-service page call it.
 */
import { ServicePhoneNow, WorksiteDetail } from "#src/worksite/calls"
import { send } from "./api-client"
import { useLoad } from "./use-load"

export const fetchServicePhone = (worksiteId: string) => send(ServicePhoneNow, `/api/worksite/getServicePhoneByTime/${encodeURIComponent(worksiteId)}`)

export const useServicePhone = (worksiteId: string | undefined) =>
  useLoad(worksiteId ? () => fetchServicePhone(worksiteId) : undefined, [worksiteId])

/** The worksite's own phone and hours (`GET /api/worksite/detail/{id}`), for a line labelled 驿站电话 with its hours. */
export const useStationPhone = (worksiteId: string | undefined) =>
  useLoad(worksiteId ? () => send(WorksiteDetail, `/api/worksite/detail/${encodeURIComponent(worksiteId)}`) : undefined, [worksiteId])

/** `08:00–20:00` from a worksite's hours, or "" when it has none. */
export const hoursText = (w: { readonly serviceBegin: string; readonly serviceEnd: string } | undefined): string =>
  w && w.serviceBegin && w.serviceEnd ? `${w.serviceBegin}–${w.serviceEnd}` : ""
