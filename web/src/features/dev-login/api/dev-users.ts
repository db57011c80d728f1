/** The fake messaging app's demo users (`GET /auth/dev/users`). */
import { DevUsers } from "#src/staff/calls"
import { send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export type { DevUser } from "#src/staff/calls"

export const fetchDevUsers = () => send(DevUsers, "/auth/dev/users")

export const useDevUsers = () => useLoad(fetchDevUsers, [])
