/** The development sign-in link (only while the messaging app is the local fake): signs a demo user in and opens their landing page. */
import { Router } from "express"
import { issueTokenFor, landingPage } from "../../ops/actors"
import type { Runtime } from "../../runtime"
import { sendFailure } from "../outcome"

export const devLoginPath = (openid: string) => `/auth/dev/login/${encodeURIComponent(openid)}`

export const devLoginRoutes = (runtime: Runtime) => {
  const r = Router()
  r.get("/auth/dev/login/:openid", async (req, res) => {
    const issued = await issueTokenFor(runtime.db, req.params.openid, new Date())
    if (!issued) return sendFailure(res, 404, "获取用户信息失败")
    res.redirect(302, `/${landingPage(issued.role)}/${encodeURIComponent(issued.token)}`)
  })
  return r
}
