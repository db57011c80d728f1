/**
 * Who sees what of an errand order (issue 21 item 1): the answer depends on who asks. The requester and the runner
 * who accepted it see who and where (the requester's name, the phone masked and in full for a call, building,
 * floor, room, the parcel's shelf tag); the hall and every other runner see only the pickup place (station) and the
 * destination building, never the requester's openid, name, phone, room or the friend who receives. A leader of the
 * worksite, who may sign for an order under way, sees its door too (still no name or phone).
 */
import { Effect } from "effect"
import type { Actor } from "../shared/actor"
import { maskPhone } from "../shared/phone-number"
import { mayTakeErrands } from "../profile/runner-application"
import { errandOrderView, type ErrandOrderView } from "./calls"
import { ErrandParties, type ErrandPerson, type PlaceFacts } from "./errand-parties"
import { ErrandStore, type ErrandOrderRecord } from "./errand-store"
import { ErrandStatus } from "./status-machine"
import { errandTimeline, stepOf, type ErrandStep } from "./timeline"
import { TradeStore } from "../payment/trade-store"

/** No place known (a view without lookups). */
export const NO_FACTS: PlaceFacts = { buildingName: null, station: null, shelf: null }

/** The order's requester, its accepted runner, a leader of its worksite, or anyone else (the hall). */
export type ViewerRole = "requester" | "runner" | "leader" | "hall"

export const viewerRole = (
  order: Pick<ErrandOrderRecord, "openid" | "accept" | "worksiteId" | "status">,
  viewer: { readonly openid: string; readonly leaderOf?: string | null | undefined }
): ViewerRole =>
  viewer.openid !== "" && order.openid === viewer.openid ? "requester"
    : viewer.openid !== "" && order.accept?.openid === viewer.openid ? "runner"
      // a leader signs for orders under way; one still in the hall they see as every runner does
      : order.status !== ErrandStatus.awaitingAcceptance && viewer.leaderOf !== undefined && viewer.leaderOf !== null && viewer.leaderOf === order.worksiteId
        ? "leader" : "hall"

/** The roles that see who and where. */
export const seesContact = (role: ViewerRole): boolean => role === "requester" || role === "runner"

/**
 * The order as `role` may see it. The parties get the contact card; a leader of the worksite (who may sign for it)
 * also sees the door; the hall sees the station and the building only.
 */
export const orderViewFor = (
  order: ErrandOrderRecord, role: ViewerRole, facts: PlaceFacts, requester: Pick<ErrandPerson, "name" | "phone"> | undefined
): ErrandOrderView => {
  const base = { ...errandOrderView(order), buildingName: facts.buildingName, station: facts.station }
  if (seesContact(role)) {
    const phone = requester?.phone ?? ""
    return {
      ...base,
      contact: {
        name: requester?.name ?? "", phone, phoneMasked: phone === "" ? "" : maskPhone(phone),
        building: facts.buildingName, floor: order.floor, room: order.dormRoom, shelf: facts.shelf
      }
    }
  }
  const anonymous = { ...base, openid: "", proxyReceiver: null, proxyReceiverPhone: null }
  return role === "leader" ? anonymous : { ...anonymous, dormFloor: null, dormRoom: "" }
}

/** The caller as the views need them: their openid and the worksite they lead, if any. */
const viewerOf = Effect.fnUntraced(function* (actor: Pick<Actor, "openid" | "userId">) {
  const me = actor.userId ? yield* (yield* ErrandParties).byId(actor.userId) : undefined
  return { openid: actor.openid, leaderOf: me && me.isPaotuiLeader && mayTakeErrands(me) ? me.worksiteId : null }
})

const viewAs = Effect.fnUntraced(function* (order: ErrandOrderRecord, role: ViewerRole) {
  const parties = yield* ErrandParties
  const facts = yield* parties.placeFacts(order)
  const requester = seesContact(role) ? yield* parties.byOpenid(order.openid) : undefined
  return orderViewFor(order, role, facts, requester)
})

/** One order as its caller may see it. */
export const orderViewOf = Effect.fn("orderViewOf")(function* (actor: Pick<Actor, "openid" | "userId">, order: ErrandOrderRecord) {
  return yield* viewAs(order, viewerRole(order, yield* viewerOf(actor)))
})

/** Orders as their caller may see them (a list, the hall): their places and requesters read for all of them at once. */
export const orderViewsOf = Effect.fn("orderViewsOf")(function* (actor: Pick<Actor, "openid" | "userId">, orders: ReadonlyArray<ErrandOrderRecord>) {
  const viewer = yield* viewerOf(actor)
  const parties = yield* ErrandParties
  const roles = orders.map((o) => viewerRole(o, viewer))
  const facts = yield* parties.placeFactsOf(orders)
  const contacts = [...new Set(orders.filter((_, i) => seesContact(roles[i]!)).map((o) => o.openid))]
  const requesters = contacts.length > 0 ? yield* parties.byOpenids(contacts) : new Map<string, ErrandPerson>()
  return orders.map((o, i) => orderViewFor(o, roles[i]!, facts[i]!, seesContact(roles[i]!) ? requesters.get(o.openid) : undefined))
})

/** The order as the hall sees it (the hall's live event `paotuiOrderAdd`). */
export const hallViewOf = (order: ErrandOrderRecord) => viewAs(order, "hall")

/** The order as a user's room hears it: a party's own order without the contact card (no lookups), anyone else the hall's. */
export const roomViewOf = (order: ErrandOrderRecord, openid: string): ErrandOrderView =>
  seesContact(viewerRole(order, { openid })) ? errandOrderView(order) : orderViewFor(order, "hall", NO_FACTS, undefined)

/** `timeline/{id}`: the order as its caller may see it (`orderFor` decides who may), with each step's time. */
export const orderTimelineOf = Effect.fn("orderTimelineOf")(function* (actor: Pick<Actor, "openid" | "userId">, order: ErrandOrderRecord) {
  const view = yield* orderViewOf(actor, order)
  const logged = yield* (yield* ErrandStore).steps(order.id)
  // the payment and its refund as the trade has them, for an order paid before the log began
  const trade = order.prepayId ? yield* (yield* TradeStore).findByPrepayId(order.prepayId) : undefined
  const fromTrade: Array<ErrandStep> = []
  if (trade?.paidAt && !logged.some((s) => s.action === "prepay")) fromTrade.push(stepOf(order.id, "prepay", trade.paidAt))
  if (trade?.refundedAt && !logged.some((s) => s.action === "refund")) fromTrade.push(stepOf(order.id, "refund", trade.refundedAt))
  const steps = [...logged, ...fromTrade]
  return { order: view, steps: errandTimeline(order, steps).map((s) => ({ label: s.label, at: s.at, note: s.note ?? null })) }
})
