/**
 * The tie between a door pickup's send order and its type-2 errand, from the errand's side: the errand
 * lifecycle (prepay, grab, release, the sender's "runner has taken it", the runner's confirmation, with or
 * without cash on delivery, cancel and the scheduler's voids) calls `sendingFollowsErrand` in the same
 * transaction, right after it has written the errand's change. The send order then takes the matching
 * transition of its own table (status-machine.ts), with its live events. From the freight on, the send
 * order leads and the errand follows (transition.ts `followErrand`).
 */
import { Effect } from "effect"
import { SendStore, type SendRecord } from "./send-store"
import { SendStatus, type SendAction, type SendActor } from "./status-machine"
import { transition } from "./transition"

/** The errand actions (src/errand/status-machine.ts `ErrandAction`) a send order follows. */
export type FollowedErrandAction =
  | "prepay" | "grab" | "release" | "sayTaken" | "confirmTaken" | "confirmTakenDaofu" | "cancel" | "voidUnpaid" | "voidUnaccepted"

/** The send transitions each errand action means, in order (cash on delivery: confirmed, then freight set as cash on delivery). */
const stepsOf = (action: FollowedErrandAction, order: SendRecord, runnerUserId: string | null): ReadonlyArray<{ actor: SendActor; action: SendAction }> => {
  const sender: SendActor = { role: "sender", userId: order.senderId }
  const runner: SendActor = { role: "runner", userId: runnerUserId ?? order.runnerId ?? "" }
  switch (action) {
    case "prepay":
      return [{ actor: sender, action: { type: "payReward" } }]
    case "grab":
      return [{ actor: runner, action: { type: "grab" } }]
    case "release":
      return [{ actor: { role: "runner", userId: order.runnerId ?? "" }, action: { type: "backToWaiting" } }]
    case "sayTaken":
      return [{ actor: sender, action: { type: "senderHandedOver" } }]
    case "confirmTaken":
      return [{ actor: runner, action: { type: "runnerConfirms" } }]
    case "confirmTakenDaofu":
      return [
        { actor: runner, action: { type: "runnerConfirms" } },
        { actor: runner, action: { type: "setFreightDaofu", companyId: order.companyId ?? "" } }
      ]
    case "cancel":
    case "voidUnpaid":
    case "voidUnaccepted":
      return [{ actor: sender, action: { type: "close" } }]
  }
}

/**
 * Call after writing a type-2 errand's change: `errandId` the errand, `action` what happened to it (for a
 * grab, the runner is read off the errand unless `runnerUserId` names them). The send order moves along (a send order already there, or none for this
 * errand, changes nothing); answers the send order as it now is. The errand's own money (the reward paid,
 * refunded, credited) stays with the errand lifecycle: this moves only the send order.
 */
export const sendingFollowsErrand = Effect.fn("sendingFollowsErrand")(function* (errandId: string, action: FollowedErrandAction, runnerUserId: string | null = null) {
  const store = yield* SendStore
  const found = yield* store.findByErrandId(errandId)
  if (!found) return undefined
  if (action === "grab" && runnerUserId === null) {
    // the runner the errand was just given to
    const errand = yield* store.errand(errandId)
    runnerUserId = errand?.acceptOpenid ? (yield* store.userIdOf(errand.acceptOpenid)) ?? null : null
  }
  let order: SendRecord = found
  for (const step of stepsOf(action, found, runnerUserId)) {
    if (order.status === SendStatus.cancelled || order.status === SendStatus.outOfStock) break
    const moved: { readonly order: SendRecord } = yield* transition(order, step.actor, step.action, {}, { errandFollows: false })
    order = moved.order
  }
  return order
})
