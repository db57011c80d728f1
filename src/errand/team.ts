/**
 * Runner teams (spec 001 §4–§6): a runner hands accepted orders to a teammate under the same leader
 * (`rollout/single`, `rollout/batch`); a leader sets and removes building leaders of their own worksite
 * (`listForSetManager`, lookup by phone, `setExpressMaster`, `delExpressMaster`) and watches the
 * per-building counts of the day (`building/status/paotui`).
 */
import { Effect } from "effect"
import { isJoinedRunner } from "../profile/runner-application"
import type { Actor } from "../shared/actor"
import { NotAllowed, NotFound, RuleViolation, StateConflict } from "../shared/errors"
import { logOperation } from "../shared/operation"
import { Clock, Events } from "../shared/ports"
import { hours, startOfShanghaiDay } from "../shared/time"
import { RemoveBuildingManagerOperation, SetBuildingManagerOperation, TransferErrandsOperation } from "./errand-operations"
import { ErrandStore, type ErrandOrderRecord } from "./errand-store"
import { memberName, TeamStore, type Member } from "./team-store"
import { leaderLookupRefusal, leaderMessages, setBuildingLeaderRefusal, TRANSFER_EVENT, transferMessages, transferRefusal } from "./transfer"

export const teamMessages = {
  ...leaderMessages,
  ...transferMessages,
  notLeader: "只有跑腿队长可以设置楼长",
  noTeam: "获取团队成员列表失败",
  buildingMissing: "获取大楼列表失败"
} as const



const memberOf = Effect.fnUntraced(function* (userId: string) {
  const me = yield* (yield* TeamStore).byId(userId)
  if (!me) return yield* new NotFound({ message: teamMessages.noTeam })
  return me
})

/** The caller as a leader of their worksite (only a joined runner who leads, with a worksite). */
const leaderOf = Effect.fnUntraced(function* (actor: Actor, worksiteId?: string) {
  const me = yield* memberOf(actor.userId)
  if (!me.isPaotuiLeader || !isJoinedRunner(me) || me.worksiteId === null || (worksiteId !== undefined && worksiteId !== me.worksiteId)) {
    return yield* new NotAllowed({ message: teamMessages.notLeader })
  }
  return { ...me, worksiteId: me.worksiteId }
})

/** A building leader as the set-leader page shows them. */
export const managerView = (m: Member) => ({ _id: m.id, realname: memberName(m), phoneMain: m.phoneMain ?? "", headimgBase64: m.headimgBase64 })

// --- transfers ------------------------------------------------------------------------------------------------

export interface TransferInput {
  readonly ids: ReadonlyArray<string>
  readonly acceptUserId: string
  readonly acceptOpenid?: string | undefined
}

/**
 * Hands the caller's accepted orders (status 1) to a teammate, all or none. The teammate is named by id;
 * their name and phone are read here, never taken from the request. Each requester is told who has it now.
 * Logged under the runner who handed them over (`transferErrands`).
 */
export const transferOrders = Effect.fn("transferOrders")(function* (actor: Actor, input: TransferInput) {
  const ids = [...new Set(input.ids.filter((id) => id !== ""))]
  if (ids.length === 0) return yield* new RuleViolation({ message: teamMessages.chooseOrders })
  const team = yield* TeamStore
  const from = yield* memberOf(actor.userId)
  const to = yield* team.byId(input.acceptUserId)
  if (!to || (input.acceptOpenid !== undefined && input.acceptOpenid !== "" && input.acceptOpenid !== to.openid)) {
    return yield* new NotAllowed({ message: teamMessages.failed })
  }
  const errands = yield* ErrandStore
  const orders: Array<ErrandOrderRecord> = []
  for (const id of ids) {
    const order = yield* errands.findById(id)
    if (!order) return yield* new NotFound({ message: teamMessages.failed })
    orders.push(order)
  }
  const refused = transferRefusal(from, to, orders)
  if (refused) return yield* refused
  const runner = { openid: to.openid, name: memberName(to), phone: to.phoneMain ?? "" }
  if (!(yield* errands.transfer(ids, from.openid, runner))) return yield* new StateConflict({ message: teamMessages.failed })
  yield* logOperation(TransferErrandsOperation, actor.openid, yield* (yield* Clock).now, { ids, acceptUserId: to.id }, { ids, acceptOpenid: to.openid })
  const events = yield* Events
  for (const order of orders) {
    const payload = { _id: order.id, orderNo: order.orderNo, status: order.status, acceptOpenid: runner.openid, acceptUser: runner.name, acceptUserPhone: runner.phone }
    const requester = yield* team.byOpenid(order.openid)
    if (requester) yield* events.publish({ room: { user: requester.id }, name: TRANSFER_EVENT, payload })
    yield* events.publish({ room: { user: to.id }, name: TRANSFER_EVENT, payload })
  }
  return { moved: ids.length, ids, to: runner }
})

// --- building leaders -------------------------------------------------------------------------------------------

/** `listForSetManager/{worksiteId}`: the leader's buildings, each with its building leader. */
export const buildingsForLeader = Effect.fn("buildingsForLeader")(function* (actor: Actor, worksiteId: string) {
  const leader = yield* leaderOf(actor, worksiteId)
  const buildings = yield* (yield* ErrandStore).buildings(leader.worksiteId)
  const team = yield* TeamStore
  const out = []
  for (const b of buildings) {
    const manager = b.managerId ? yield* team.byId(b.managerId) : undefined
    out.push({ building: b, manager: manager ? managerView(manager) : null })
  }
  return out
})

/** The lookup by phone: a joined runner of the leader's worksite, or the spec's message. */
export const findManager = Effect.fn("findManager")(function* (actor: Actor, phone: string) {
  const leader = yield* leaderOf(actor)
  const trimmed = phone.trim()
  const found = /^\d{11}$/.test(trimmed) ? yield* (yield* TeamStore).byPhone(trimmed) : undefined
  const refused = leaderLookupRefusal(trimmed, found ?? null, leader.worksiteId)
  if (refused || !found) return yield* refused ?? new RuleViolation({ message: leaderMessages.noRunner })
  return managerView(found)

})

const leadersBuilding = Effect.fnUntraced(function* (actor: Actor, buildingId: string, failed: string) {
  const leader = yield* leaderOf(actor)
  const building = yield* (yield* ErrandStore).findBuilding(buildingId)
  if (!building) return yield* new NotFound({ message: teamMessages.buildingMissing })
  if (building.worksiteId !== leader.worksiteId) return yield* new NotAllowed({ message: failed })
  return { leader, building }
})

/** `setExpressMaster/{buildingId}/{userId}`: the looked-up runner leads the building (logged as `setBuildingManager`). */
export const setBuildingManager = Effect.fn("setBuildingManager")(function* (actor: Actor, buildingId: string, userId: string) {
  const { leader, building } = yield* leadersBuilding(actor, buildingId, teamMessages.setFailed)
  const candidate = userId ? yield* (yield* TeamStore).byId(userId) : undefined
  const refused = setBuildingLeaderRefusal(leader, building, candidate ?? null)
  if (refused) return yield* refused
  // one who leads it already: nothing changes, nothing is logged
  if (building.managerId === candidate!.id) return { building, manager: managerView(candidate!) }
  if (!(yield* (yield* ErrandStore).setBuildingManager(building.id, candidate!.id))) return yield* new StateConflict({ message: teamMessages.setFailed })
  yield* logOperation(SetBuildingManagerOperation, actor.openid, yield* (yield* Clock).now, { buildingId: building.id, userId: candidate!.id },
    { buildingId: building.id, managerId: candidate!.id })
  return { building, manager: managerView(candidate!) }
})

/** `delExpressMaster/{buildingId}`: the building has no leader any more (logged as `removeBuildingManager` when it had one). */
export const removeBuildingManager = Effect.fn("removeBuildingManager")(function* (actor: Actor, buildingId: string) {
  const { building } = yield* leadersBuilding(actor, buildingId, teamMessages.deleteFailed)
  if (building.managerId === null) return { building }
  if (!(yield* (yield* ErrandStore).setBuildingManager(building.id, null))) return yield* new StateConflict({ message: teamMessages.deleteFailed })
  yield* logOperation(RemoveBuildingManagerOperation, actor.openid, yield* (yield* Clock).now, { buildingId: building.id }, { buildingId: building.id, managerId: null })
  return { building }
})

/** `building/status/paotui`: today's door-delivery orders of the leader's worksite per building, by stage. */
export const buildingStatus = Effect.fn("buildingStatus")(function* (actor: Actor) {
  const leader = yield* leaderOf(actor)
  const from = startOfShanghaiDay(yield* (yield* Clock).now)
  return yield* (yield* TeamStore).buildingCounts(leader.worksiteId, from, new Date(from.getTime() + hours(24)))
})
