/** Ports of saved addresses: the addresses themselves and the division-code data they are checked against. */
import { Context, Effect } from "effect"
import type { Address } from "./address"
import type { RegionIndex } from "./region"

export class AddressStore extends Context.Service<AddressStore, {
  list(userId: string): Effect.Effect<ReadonlyArray<Address>>
  /** Holds the user's address book against concurrent changes until the transaction ends; answers how many it holds. */
  lockBook(userId: string): Effect.Effect<number>
  /** Saves a new address, made at this time. */
  insert(address: Address, at: Date): Effect.Effect<void>
  find(id: string): Effect.Effect<Address | undefined>
  remove(id: string): Effect.Effect<void>
}>()("station/AddressStore") {}

export class Regions extends Context.Service<Regions, RegionIndex>()("station/Regions") {}
