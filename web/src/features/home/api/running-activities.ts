/** The home carousel's announcements (`GET /api/active/list/1/{worksiteId}`), decoded with the core's Schema. */
import { RunningActivities } from "#src/home/calls"
import { send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export const useRunningActivities = (worksiteId: string | undefined) =>
  useLoad(worksiteId ? () => send(RunningActivities, `/api/active/list/1/${encodeURIComponent(worksiteId)}`) : undefined, [worksiteId])
