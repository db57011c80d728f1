/**
 * The development sign-in link (only while the messaging app is the local fake): signs a demo user in and opens their
 * landing page. And the fake's authorisation page: without an openid it shows the fake's sign-in (`/`) with the
 * request, which it carries through; with one it goes back to the callback with a one-time code and the state.
 */
import { Router } from "express"
import { issueTokenFor, landingPage } from "../../ops/actors"
import type { Runtime } from "../../runtime"
import { sendFailure } from "../outcome"
import { queryText } from "./share"

const OPENID = /^[A-Za-z0-9_-]{1,64}$/

export const devLoginPath = (openid: string) => `/auth/dev/login/${encodeURIComponent(openid)}`

export const devLoginRoutes = (runtime: Runtime) => {
  const r = Router()
  r.get("/auth/dev/login/:openid", async (req, res) => {
    const issued = await issueTokenFor(runtime.db, req.params.openid, new Date())
    if (!issued) return sendFailure(res, 404, "获取用户信息失败")
    res.redirect(302, `/${landingPage(issued.role)}/${encodeURIComponent(issued.token)}`)
  })
  r.get("/auth/dev/authorize", (req, res) => {
    const [callback, state, openid] = [queryText(req, "redirect_uri"), queryText(req, "state"), queryText(req, "openid")]
    if (!runtime.messaging.acceptsAuthorization(callback, state) || (openid !== "" && !OPENID.test(openid))) return sendFailure(res, 400, "请求不正确")
    if (openid === "") return res.redirect(302, `/?${new URLSearchParams({ redirect_uri: callback, state })}`)
    res.redirect(302, runtime.messaging.authorize(callback, state, openid, new Date()))
  })
  return r
}
