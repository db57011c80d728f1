/** A parcel store for unit tests where every method a test does not give fails loudly when called. */
import { Effect } from "effect"
import { ParcelStore } from "./parcel-store"

type Store = typeof ParcelStore.Service

/** The store with these methods; any other one dies with its name, so a test never passes on a method it did not expect. */
export const parcelStoreWith = (methods: Partial<Store>): Store =>
  new Proxy(methods, {
    get: (given, name) => (given as Record<string | symbol, unknown>)[name] ?? (() => Effect.die(`ParcelStore.${String(name)} is not used here`))
  }) as Store
