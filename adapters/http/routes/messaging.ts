/** The messaging app's JS-SDK configuration for a page URL. */
import { Router } from "express"
import type { Runtime } from "../../runtime"
import { looseString, sendFailure } from "../outcome"

export const messagingRoutes = (runtime: Runtime) => {
  const r = Router()
  r.get("/api/wx/jsconfig", (req, res) => {
    const url = looseString(req.query.url)
    if (!url || !/^https?:\/\//.test(url)) return sendFailure(res, 400, "url 不正确")
    res.json({ success: true, data: runtime.messaging.jsConfig(url, new Date()) })
  })
  return r
}
