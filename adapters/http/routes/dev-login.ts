/**
 * The development sign-in link (only while the messaging app is the local fake): signs a demo user in and opens their
 * landing page. The fake's follow: someone follows the official account and is signed up the first time. And the fake's authorisation page: without an openid it shows the fake's sign-in (`/`) with the
 * request, which it carries through; with one it goes back to the callback with a one-time code and the state.
 */
import { Exit } from "effect"
import { Router } from "express"
import { DevFollow } from "#src/profile/calls"
import { follow } from "#src/profile/use-cases"
import { NotFound, RuleViolation } from "#src/shared/errors"
import { BAD_REQUEST } from "#src/shared/wire"
import { issueTokenFor, landingPage } from "../../ops/actors"
import type { AuthScope } from "../../messaging/messaging-app"
import type { Runtime } from "../../runtime"
import { handle } from "../handle"
import { sendFailure } from "../outcome"
import { queryText } from "./share"

const OPENID = /^[A-Za-z0-9_-]{1,64}$/

export const devLoginPath = (openid: string) => `/auth/dev/login/${encodeURIComponent(openid)}`

export const devLoginRoutes = (runtime: Runtime) => {
  const r = Router()
  r.get("/auth/dev/login/:openid", async (req, res) => {
    const issued = await issueTokenFor(runtime.db, req.params.openid, runtime.now())
    if (!issued) return sendFailure(res, 404, "获取用户信息失败")
    res.redirect(302, `/${landingPage(issued.role)}/${encodeURIComponent(issued.token)}`)
  })
  // the messaging app's follow event, faked: the first follow signs the person up with what the app tells of them,
  // a later one makes someone who had unfollowed a follower again
  r.post("/auth/dev/follow", handle(DevFollow, async ({ openid, nickname, sex, unionid }): Promise<Exit.Exit<typeof DevFollow.answer.Type, RuleViolation | NotFound>> => {
    if (openid === undefined || !OPENID.test(openid)) return Exit.fail(new RuleViolation({ message: BAD_REQUEST }))
    const joined = await runtime.run(follow({ openid, unionid: unionid || null, nickname: nickname || null, sex: sex ?? 0 }))
    if (Exit.isFailure(joined)) return Exit.failCause(joined.cause)
    const issued = await issueTokenFor(runtime.db, openid, runtime.now())
    return issued ? Exit.succeed({ token: issued.token, userId: joined.value.id }) : Exit.fail(new NotFound({ message: "获取用户信息失败" }))
  }))
  r.get("/auth/dev/authorize", (req, res) => {
    const [callback, state, openid] = [queryText(req, "redirect_uri"), queryText(req, "state"), queryText(req, "openid")]
    const scope = queryText(req, "scope") || "snsapi_base"
    if (!runtime.messaging.acceptsAuthorization(callback, state, scope) || (openid !== "" && !OPENID.test(openid))) return sendFailure(res, 400, "请求不正确")
    if (openid === "") return res.redirect(302, `/?${new URLSearchParams({ redirect_uri: callback, state, scope })}`)
    res.redirect(302, runtime.messaging.authorize(callback, state, openid, new Date(), scope as AuthScope))
  })
  return r
}
