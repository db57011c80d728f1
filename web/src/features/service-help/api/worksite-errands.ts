/** The user's worksite's errand side (`GET /api/paotuiOrder/formInfo/{worksiteId}`): its delivery cut-off and windows for the questions. */
import { ErrandFormInfo } from "#src/errand/ordering-calls"
import { send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export const useWorksiteErrands = (worksiteId: string | undefined) =>
  useLoad(worksiteId ? () => send(ErrandFormInfo, `/api/paotuiOrder/formInfo/${encodeURIComponent(worksiteId)}`) : undefined, [worksiteId])
