/** One announcement (`GET /api/active/{id}`), decoded with the core's Schema. */
import { ActivityDetail } from "#src/home/calls"
import { send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export const fetchActivity = (id: string) => send(ActivityDetail, `/api/active/${encodeURIComponent(id)}`)

export const useActivity = (id: string | undefined, token: string | undefined) =>
  useLoad(id && token ? () => fetchActivity(id) : undefined, [id, token])
