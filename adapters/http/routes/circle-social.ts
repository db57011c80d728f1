/**
 * The circle's social calls (spec 002 §7, issue 19). The visitor routes (`active`, `complain`, `contact`) take a
 * session or a visitor's openid (the viewer middleware, mounted before the session check); the others need a
 * session: the three forms, their lists and the discovery page's reads, `hu`, and deleting one's own post.
 */
import { Effect } from "effect"
import { Router, type RequestHandler } from "express"
import {
  AddConfession, AddMessage, AddTeammate, CallTeammate, Complain, ConfessionPaging, ConfessionSexSplit, Contact, DeletePost, LatestConfession,
  LatestMessages, LatestTeammate, MessagePaging, React, TeammatePaging, TeammateSexSplit
} from "#src/circle/calls"
import { PostKind, type SocialKind } from "#src/circle/codes"
import { askContact, callTeammate, deletePost, react, reportPost } from "#src/circle/post-use-cases"
import { reactionMessages } from "#src/circle/reactions"
import { confessionView, messageView, teammateView, type SocialCard } from "#src/circle/social"
import { addSocialPost, latestSocial, socialPage, socialSexSplit } from "#src/circle/social-use-cases"
import type { Runtime } from "../../runtime"
import { viewerOf } from "../circle-viewer"
import { handle, handleSaying } from "../handle"
import { idempotent } from "../idempotency"
import { actorOf } from "../outcome"

/** `active`, `complain` and `contact`, for a signed-in user or a visitor (`viewer` resolves which). */
export const circleSocialVisitorRoutes = (runtime: Runtime, viewer: RequestHandler) => {
  const r = Router()

  r.put("/api/circle/active/:id", viewer, handleSaying(React, ({ id, bizType, type }, req) =>
    runtime.run(react(viewerOf(req), { id: id ?? "", bizType, type }))))

  r.get("/api/circle/complain/:id", viewer, handle(
    Complain,
    ({ id, complain }, req) => runtime.run(reportPost(viewerOf(req), id ?? "", complain).pipe(Effect.asVoid)),
    () => ({ message: reactionMessages.reported })
  ))

  r.get("/api/circle/contact/:id", viewer, handle(
    Contact,
    ({ id }, req) => runtime.run(askContact(viewerOf(req), id ?? "")),
    () => ({ message: reactionMessages.contactSent })
  ))

  return r
}

const pageOf = <V>(view: (card: SocialCard) => V) =>
  <P extends { readonly results: ReadonlyArray<SocialCard> }>(page: P) => ({ ...page, results: page.results.map(view) })

export const circleSocialRoutes = (runtime: Runtime) => {
  const r = Router()

  const add = (kind: SocialKind) => (form: Parameters<typeof addSocialPost>[2], req: Parameters<RequestHandler>[0]) =>
    runtime.run(addSocialPost(actorOf(req), kind, form).pipe(Effect.map((post) => post.id)))
  r.post("/api/circle/sfadd", idempotent(runtime.db), handle(AddTeammate, add(PostKind.teammate)))
  r.post("/api/circle/bbadd", idempotent(runtime.db), handle(AddConfession, add(PostKind.confession)))
  r.post("/api/circle/jyadd", idempotent(runtime.db), handle(AddMessage, add(PostKind.message)))

  r.get("/api/circle/sfPaging", handle(TeammatePaging, ({ pageNo }, req) =>
    runtime.read(socialPage(actorOf(req), PostKind.teammate, pageNo ?? 1).pipe(Effect.map(pageOf(teammateView))))))
  r.get("/api/circle/bbPaging", handle(ConfessionPaging, ({ pageNo }, req) =>
    runtime.read(socialPage(actorOf(req), PostKind.confession, pageNo ?? 1).pipe(Effect.map(pageOf(confessionView))))))
  r.get("/api/circle/jyPaging", handle(MessagePaging, ({ pageNo }, req) =>
    runtime.read(socialPage(actorOf(req), PostKind.message, pageNo ?? 1).pipe(Effect.map(pageOf(messageView))))))

  r.get("/api/circle/sfFirst", handle(LatestTeammate, (_, req) =>
    runtime.read(latestSocial(actorOf(req), PostKind.teammate, 1).pipe(Effect.map(([card]) => (card ? teammateView(card) : null))))))
  r.get("/api/circle/bbFirst", handle(LatestConfession, (_, req) =>
    runtime.read(latestSocial(actorOf(req), PostKind.confession, 1).pipe(Effect.map(([card]) => (card ? confessionView(card) : null))))))
  r.get("/api/circle/jyThree", handle(LatestMessages, (_, req) =>
    runtime.read(latestSocial(actorOf(req), PostKind.message, 3).pipe(Effect.map((cards) => cards.map(messageView))))))

  r.get("/api/circle/sfPercent", handle(TeammateSexSplit, (_, req) => runtime.read(socialSexSplit(actorOf(req), PostKind.teammate))))
  r.get("/api/circle/bbPercent", handle(ConfessionSexSplit, (_, req) => runtime.read(socialSexSplit(actorOf(req), PostKind.confession))))

  r.get("/api/circle/hu/:id", handle(
    CallTeammate,
    ({ id }, req) => runtime.run(callTeammate(actorOf(req), id ?? "").pipe(Effect.asVoid)),
    () => ({ message: reactionMessages.teammateSent })
  ))

  r.delete("/api/circle/:id", handle(DeletePost, ({ id }, req) => runtime.run(deletePost(actorOf(req), id ?? "").pipe(Effect.asVoid))))

  return r
}
