/** The caller's worksite's services (`/api/common/xyhAble`) and the article authorisation code (`/auth/wxarticle/…`). */
import { Effect } from "effect"
import { Router } from "express"
import { articleCodeAble, issueArticleCode } from "#src/home/article-code"
import { ArticleCode, ArticleCodeAble, CampusServicesCall } from "#src/home/calls"
import { campusServices } from "#src/home/campus-services"
import type { Runtime } from "../../runtime"
import { requireActor, type SessionLookup } from "../auth"
import { handle } from "../handle"
import { actorOf } from "../outcome"

/** `/auth/wxarticle/getPermissionCode`: under /auth, so it checks the session itself. */
export const articleCodeRoutes = (runtime: Runtime, sessions: SessionLookup) => {
  const r = Router()
  r.get("/auth/wxarticle/getPermissionCode", requireActor(sessions), handle(ArticleCode, (_, req) =>
    runtime.run(issueArticleCode(actorOf(req)).pipe(Effect.map(({ code }) => code)))))
  return r
}

export const commonRoutes = (runtime: Runtime) => {
  const r = Router()
  r.get("/api/common/xyhAble", handle(CampusServicesCall, (_, req) => runtime.read(campusServices(actorOf(req).userId))))
  r.get("/api/common/articleCodeAble", handle(ArticleCodeAble, (_, req) => runtime.read(articleCodeAble(actorOf(req)))))
  return r
}
