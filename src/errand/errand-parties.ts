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

export class ErrandParties extends Context.Service<ErrandParties, {
  byId(userId: string): Effect.Effect<ErrandPerson | undefined>
  byOpenid(openid: string): Effect.Effect<ErrandPerson | undefined>
  /**
   * Moves the parcel only if it is still in `from`; `runnerOpenid` sets (a string) or clears (null) the
   * runner who may collect it, undefined leaves it. False when the parcel was elsewhere.
   */
  moveParcel(parcelId: string, from: number, to: number, runnerOpenid: string | null | undefined): Effect.Effect<boolean>
  /** The id of the type-1 order still running (not cancelled or completed) for this parcel, if any. */
  openOrderOfParcel(parcelId: string): Effect.Effect<string | undefined>
}>()("station/ErrandParties") {}
