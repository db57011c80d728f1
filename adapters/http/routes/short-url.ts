/**
 * Short URLs (src/home/short-url): `GET /api/wxCommon/shorturl?longUrl` for a signed-in user, answering this site's
 * `/s/{code}`; `GET /s/{code}` redirects to the stored page, checked again, or to the not-found page.
 */
import { Effect, Exit } from "effect"
import { Router, type Request } from "express"
import { ShortUrl } from "#src/circle/calls"
import { isCode, redirectOf, shortenUrl, UNKNOWN_CODE } from "#src/home/short-url"
import { ShortUrls } from "#src/home/short-url-store"
import type { Runtime } from "../../runtime"
import { handle } from "../handle"
import { actorOf } from "../outcome"

const originOf = (req: Request): string => `${req.protocol}://${req.get("host") ?? ""}`

/** `GET /s/{code}`: public, before the session check. */
export const shortUrlRedirects = (runtime: Runtime) => {
  const r = Router()
  r.get("/s/:code", async (req, res, next) => {
    try {
      res.setHeader("Cache-Control", "no-store")
      if (!isCode(req.params.code)) return res.redirect(302, UNKNOWN_CODE)
      const path = await runtime.read(ShortUrls.use((s) => s.pathOf(req.params.code)))
      res.redirect(302, redirectOf(Exit.isSuccess(path) ? path.value : undefined))
    } catch (err) {
      next(err)
    }
  })
  return r
}

export const shortUrlRoutes = (runtime: Runtime) => {
  const r = Router()
  r.get("/api/wxCommon/shorturl", handle(ShortUrl, ({ longUrl }, req) => {
    const origin = originOf(req)
    return runtime.run(shortenUrl(actorOf(req), longUrl, origin).pipe(Effect.map((code) => `${origin}/s/${code}`)))
  }))
  return r
}
