/** The user's reminder switches (`GET /api/user/notices`) and turning one (`PUT /api/user/notices { kind, on }`). */
import { Notices, SetNotice } from "#src/notice/calls"
import type { NoticeKind } from "#src/notice/notice"
import { send } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"
import { useLoad } from "../../../lib/use-load"

export const fetchNotices = () => send(Notices, "/api/user/notices")

export const putNotice = (kind: NoticeKind, on: boolean) => send(SetNotice, "/api/user/notices", { method: "PUT", input: { kind, on } })

export const useNotices = (token: string | undefined) => useLoad(token ? fetchNotices : undefined, [token])

export const useSetNotice = () => useAction(putNotice)
