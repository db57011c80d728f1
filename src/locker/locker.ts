/** The parcel cabinets (lockers): a port that opens one door of one cabinet, which may fail. */
import { Context, Effect } from "effect"

export interface DoorRequest {
  /** The cabinet, as the parcel's deviceAddress names it. */
  readonly device: string
  readonly door: string
  /** The parcel the door holds, for the cabinet's own log. */
  readonly parcelId: string
}

export type DoorOutcome = { readonly opened: true } | { readonly opened: false; readonly reason: string }

export class Locker extends Context.Service<Locker, {
  open(request: DoorRequest): Effect.Effect<DoorOutcome>
}>()("station/Locker") {}
