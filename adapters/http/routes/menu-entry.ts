/**
 * Entering from the official account's menu (the rules in src/home/entry): `/auth/wx/enter/{page}` goes to the
 * messaging app's authorisation with the page as the state; back at `/auth/wx/enter?code&state` a follower is
 * signed in and lands on `/{page}/{token}`, someone new is asked for their profile (snsapi_userinfo) and, if the app
 * says they follow, signed up; anyone who does not follow lands on the follow QR. Every Location is a path of this
 * site or the app's authorisation.
 */
import { Exit, Result } from "effect"
import { Router } from "express"
import { entryLanding, entryPage, entryStep, type EntryPage } from "#src/home/entry"
import { NO_MATCH } from "#src/home/share"
import { follow } from "#src/profile/use-cases"
import { followerBook } from "../../messaging/choose-messaging-app"
import { issueTokenFor } from "../../ops/actors"
import type { Runtime } from "../../runtime"
import { logger } from "../logger"
import { AUTHORIZATION_FAILED, queryText } from "./share"

export const ENTER_CALLBACK = "/auth/wx/enter"

export const menuEntryRoutes = (runtime: Runtime) => {
  const r = Router()

  r.get(`${ENTER_CALLBACK}/:page`, (req, res) => {
    res.setHeader("Cache-Control", "no-store")
    const page = entryPage(req.params.page)
    res.redirect(302, Result.isSuccess(page) ? runtime.messagingApp.authorizeUrl(ENTER_CALLBACK, page.success, "snsapi_base") : NO_MATCH)
  })

  r.get(ENTER_CALLBACK, async (req, res) => {
    const page = entryPage(queryText(req, "state"))
    if (Result.isFailure(page)) return res.redirect(302, NO_MATCH)
    try {
      res.redirect(302, await landing(runtime, page.success, queryText(req, "code")))
    } catch (e) {
      // the messaging app could not be asked: the person sees the authorisation's error page, not a server error
      logger.error({ err: (e as Error).message }, "menu entry failed")
      res.redirect(302, AUTHORIZATION_FAILED)
    }
  })

  return r
}

/** Where someone back from the authorisation with this code lands (perhaps the authorisation again, for the profile). */
const landing = async (runtime: Runtime, page: EntryPage, code: string): Promise<string> => {
  const now = runtime.now()
  const identity = await runtime.messagingApp.identityForCode(code, now)
  if (identity === undefined) return AUTHORIZATION_FAILED
  const known = await followerBook(runtime.db)(identity.openid)
  const step = entryStep({ known, profileGiven: identity.profile !== undefined })
  if (step === "askProfile") return runtime.messagingApp.authorizeUrl(ENTER_CALLBACK, page, "snsapi_userinfo")
  if (step === "askFollowing") {
    const asked = await runtime.messagingApp.follower(identity.openid)
    if (!asked.following) return entryLanding(page, undefined)
    const profile = identity.profile
    const joined = await runtime.run(follow({
      openid: identity.openid, unionid: asked.unionid ?? profile?.unionid ?? null, nickname: profile?.nickname ?? null, sex: profile?.sex ?? 0
    }))
    if (Exit.isFailure(joined)) throw new Error(`sign-up failed: ${String(joined.cause)}`)
  }
  const issued = await issueTokenFor(runtime.db, identity.openid, now)
  return issued ? entryLanding(page, issued.token) : AUTHORIZATION_FAILED
}
