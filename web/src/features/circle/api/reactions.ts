/**
 * What anyone does to a post (spec 002 §7): a reaction (`active`, once each; the answer is the new count or 0 when
 * given before), a report, calling a teammate and asking an item's owner for contact. A visitor sends these without
 * the session, naming itself by its openid.
 */
import { CallTeammate, Complain, Contact, React } from "#src/circle/calls"
import type { PostKind, ReactionType } from "#src/circle/codes"
import { send } from "../../../lib/api-client"
import type { CircleViewer } from "../state/viewer"

const id = (value: string) => encodeURIComponent(value)
const visitorOnly = (viewer: CircleViewer) => (viewer.visitor ? { anonymous: true } : {})

/** `PUT /api/circle/active/{id}`: the new count, or 0 when the viewer gave this reaction before. */
export const react = (viewer: CircleViewer, postId: string, kind: PostKind, type: ReactionType) =>
  send(React, `/api/circle/active/${id(postId)}`, { method: "PUT", input: { bizType: kind, type, openid: viewer.openid }, ...visitorOnly(viewer) })

/** `GET /api/circle/complain/{id}?openid&complain`. */
export const complain = (viewer: CircleViewer, postId: string, complaint: number) =>
  send(Complain, `/api/circle/complain/${id(postId)}`, { input: { openid: viewer.openid, complain: complaint }, ...visitorOnly(viewer) })

/** `GET /api/circle/hu/{id}`: the teammate's chat account goes to the caller as a message. */
export const callTeammate = (postId: string) => send(CallTeammate, `/api/circle/hu/${id(postId)}`)

/** `GET /api/circle/contact/{id}?openid`: the owner's contact goes to the caller as a message. */
export const askContact = (viewer: CircleViewer, itemId: string) => send(Contact, `/api/circle/contact/${id(itemId)}`, { input: { openid: viewer.openid } })
