/** Whether a finished errand order waits for the user's rating (`GET /api/paotuiOrder/haveToComment`): the dot on 'to be rated'. */
import { HaveToComment } from "#src/errand/calls"
import { send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export const fetchHaveToComment = () => send(HaveToComment, "/api/paotuiOrder/haveToComment")

/** False until answered, and when the call fails (the dot is a hint, not a page). */
export const useHaveToComment = (token: string | undefined) => {
  const loaded = useLoad(token ? fetchHaveToComment : undefined, [token])
  return loaded.data === true
}
