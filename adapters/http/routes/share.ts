/**
 * Share links (spec 002 §2 Share redirect, the rules in src/home/share): `/share/{target}/{id}` goes to the messaging
 * app's authorisation with the state; the app comes back to `/auth/wx/share?code&state`, where a follower is signed
 * in and lands on the page, and someone who does not follow lands on the circle detail by openid or the follow QR.
 * Every Location is a path of this site.
 */
import { Result } from "effect"
import { Router, type Request } from "express"
import { landingOf, NO_MATCH, parseShareState, shareState, type ShareViewer } from "#src/home/share"
import { issueTokenFor } from "../../ops/actors"
import type { Runtime } from "../../runtime"

export const SHARE_CALLBACK = "/auth/wx/share"
/** The error page of an authorisation the messaging app did not give (10000). */
export const AUTHORIZATION_FAILED = "/error/10000"

/** A query parameter given once as text, else "". */
export const queryText = (req: Request, name: string): string => {
  const value = req.query[name]
  return typeof value === "string" ? value : ""
}

export const shareRoutes = (runtime: Runtime) => {
  const r = Router()

  r.get("/share/:target/:id", (req, res) => {
    res.setHeader("Cache-Control", "no-store")
    const state = shareState(req.params.target, req.params.id)
    res.redirect(302, Result.isSuccess(state) ? runtime.messagingApp.authorizeUrl(SHARE_CALLBACK, state.success) : NO_MATCH)
  })

  r.get(SHARE_CALLBACK, async (req, res) => {
    const link = parseShareState(queryText(req, "state"))
    if (Result.isFailure(link)) return res.redirect(302, NO_MATCH)
    const now = runtime.now()
    const openid = (await runtime.messagingApp.identityForCode(queryText(req, "code"), now))?.openid
    if (openid === undefined) return res.redirect(302, AUTHORIZATION_FAILED)
    const user = await runtime.db.selectFrom("app_user").select("subscribe").where("openid", "=", openid).executeTakeFirst()
    const issued = user?.subscribe ? await issueTokenFor(runtime.db, openid, now) : undefined
    const viewer: ShareViewer = issued ? { follower: true, token: issued.token } : { follower: false, openid }
    res.redirect(302, landingOf(link.success, viewer))
  })

  return r
}
