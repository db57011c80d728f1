/**
 * The port the errand lifecycle needs beside the order store: the people an order names (requester,
 * runner, leader) as the hall and the rooms need them, and the type-1 order's parcel, moved with its
 * order and carrying the runner's openid (so the station hands it to the runner's QR).
 */
import { Context, Effect } from "effect"

export interface ErrandPerson {
  readonly id: string
  readonly openid: string
  readonly name: string
  readonly phone: string
  readonly sex: number
  readonly authStatus: number
  readonly paotuiStatus: number
  readonly isPaotuiLeader: boolean
  readonly pickupAble: boolean
  readonly worksiteId: string | null
}

/** Where an order goes and comes from, by name: its building, and for a parcel errand the station and the parcel's shelf tag (`A-3`). */
export interface PlaceFacts {
  readonly buildingName: string | null
  readonly station: string | null
  readonly shelf: string | null
}

/** What of an order names its places. */
export interface PlacedOrder {
  readonly buildingId: string | null
  readonly toTakeId: string | null
  readonly worksiteId: string
}

export class ErrandParties extends Context.Service<ErrandParties, {
  byId(userId: string): Effect.Effect<ErrandPerson | undefined>
  byOpenid(openid: string): Effect.Effect<ErrandPerson | undefined>
  /** Each of these openids' person, as `byOpenid` finds it (one read for a list's page). */
  byOpenids(openids: ReadonlyArray<string>): Effect.Effect<ReadonlyMap<string, ErrandPerson>>
  /**
   * Moves the parcel only if it is still in `from`; `runnerOpenid` sets (a string) or clears (null) the
   * runner who may collect it, undefined leaves it. False when the parcel was elsewhere.
   */
  moveParcel(parcelId: string, from: number, to: number, runnerOpenid: string | null | undefined): Effect.Effect<boolean>
  /** The id of the type-1 order still running (not cancelled or completed) for this parcel, if any. */
  openOrderOfParcel(parcelId: string): Effect.Effect<string | undefined>
  /** The names of the order's building and, when it has a parcel to collect, its station (the worksite) and the parcel's shelf tag. */
  placeFacts(order: PlacedOrder): Effect.Effect<PlaceFacts>
  /** `placeFacts` of each of these orders, in their order (a list's page in one read per kind of place). */
  placeFactsOf(orders: ReadonlyArray<PlacedOrder>): Effect.Effect<ReadonlyArray<PlaceFacts>>
}>()("station/ErrandParties") {}
