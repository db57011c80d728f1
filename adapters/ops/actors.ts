/** Users as the admin tool addresses them: by openid, for replays and for issuing sign-in tokens. */
import type { Kysely } from "kysely"
import type { Actor, Role } from "#src/shared/actor"
import type { DB } from "../postgres/schema"
import { issueSession, SESSION_TTL_MS } from "../security/sessions"

export const actorByOpenid = async (db: Kysely<DB>, openid: string): Promise<Actor | undefined> => {
  const row = await db.selectFrom("app_user").select(["id", "openid", "role"]).where("openid", "=", openid).executeTakeFirst()
  return row && { userId: row.id, openid: row.openid, role: row.role as Role }
}

/** The page a signed-in link opens: staff land on check-in, everyone else on their account page. */
export const landingPage = (role: string) => (role === "staff" ? "warehousing" : "my")

export interface IssuedToken {
  readonly token: string
  readonly userId: string
  readonly openid: string
  readonly role: Role
  readonly expiresAt: Date
}

/** A new session for the user with this openid, or undefined when there is none. */
export const issueTokenFor = async (db: Kysely<DB>, openid: string, now: Date): Promise<IssuedToken | undefined> => {
  const actor = await actorByOpenid(db, openid)
  if (!actor) return undefined
  const token = await issueSession(db, actor.userId, now)
  return { token, userId: actor.userId, openid: actor.openid, role: actor.role, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) }
}
