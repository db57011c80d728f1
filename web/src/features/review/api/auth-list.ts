/** Real-name submissions this reviewer may decide (`GET /api/user/authList`), oldest first. */
import { AuthList } from "#src/profile/calls"
import { send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export const fetchAuthList = () => send(AuthList, "/api/user/authList")

export const useAuthList = (token: string | undefined) => useLoad(token ? fetchAuthList : undefined, [token])
