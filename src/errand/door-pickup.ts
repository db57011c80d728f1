/**
 * The send order a door pickup carries (spec 001 §7 "Parcel sending" with door service): a type-2 errand and its
 * send order are one aggregate, created together and moved together by the errand's edges (status-machine.ts
 * `send`). The errand side writes the send order through this port; its one writer is the send store.
 */
import { Context, Effect } from "effect"
import type { SendStatus } from "./send-status"

/** What an edge changes on the send order beside its status. */
export interface SendOrderMove {
  readonly from: SendStatus
  readonly to: SendStatus
  /** The runner's user id as it becomes (grab), null when the runner leaves (release); unchanged when absent. */
  readonly runnerId?: string | null
  /** Cash on delivery chosen with the runner's confirmation. */
  readonly isDaofu?: true
}

/** The send order as its live events carry it, with the rooms it is told in. */
export interface MovedSendOrder {
  readonly id: string
  readonly orderNo: string
  readonly status: SendStatus
  readonly worksiteId: string
  readonly senderId: string
  readonly expressNo: string | null
  readonly freight: number | null
  readonly isDaofu: boolean
}

export class DoorPickupSendOrders extends Context.Service<DoorPickupSendOrders, {
  /** Moves the send order of this errand, only if it is still at `move.from`: the order as moved, or undefined. */
  move(errandId: string, move: SendOrderMove): Effect.Effect<MovedSendOrder | undefined>
}>()("station/DoorPickupSendOrders") {}
