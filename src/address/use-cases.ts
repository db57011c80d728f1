/** Address book use cases (list, add, delete: only one's own, never the default) and the region pickers. */
import { Effect, Schema } from "effect"
import type { Actor } from "../shared/actor"
import { NotFound, RuleViolation } from "../shared/errors"
import { ById, logOperation, operationKind } from "../shared/operation"
import { Clock, Ids } from "../shared/ports"
import { deleteRefusal, messages, newAddress, type AddressFields } from "./address"
import { AddressStore, Regions } from "./address-store"

export const regionMessages = {
  cityNotFound: "未找到该城市"
} as const

export const myAddresses = Effect.fn("myAddresses")(function* (actor: Actor) {
  return yield* (yield* AddressStore).list(actor.userId)
})

/** An address added: the fields as saved (the region names are the region data's); its id and whether it became the default. */
export const AddAddressOperation = operationKind("addAddress", Schema.Struct({
  name: Schema.String, phone: Schema.String, province: Schema.String, city: Schema.String, county: Schema.String, detail: Schema.String
}), Schema.Struct({ id: Schema.String, isDefault: Schema.Boolean }))

/** An address deleted. */
export const DeleteAddressOperation = operationKind("deleteAddress", ById, ById)

/** Adds an address; the first one of the book becomes the default. */
export const addAddress = Effect.fn("addAddress")(function* (actor: Actor, fields: AddressFields) {
  const store = yield* AddressStore
  const existing = yield* store.lockBook(actor.userId)
  const address = newAddress(fields, yield* Regions, { id: yield* (yield* Ids).next, userId: actor.userId, existing })
  if (address instanceof RuleViolation) return yield* address
  const now = yield* (yield* Clock).now
  yield* store.insert(address, now)
  const { name, phone, province, city, county, detail } = address
  yield* logOperation(AddAddressOperation, actor.openid, now, { name, phone, province, city, county, detail }, { id: address.id, isDefault: address.isDefault })
  return address
})

/** Someone else's address is answered as missing, so ids of other users' addresses reveal nothing. */
export const deleteAddress = Effect.fn("deleteAddress")(function* (actor: Actor, id: string) {
  const store = yield* AddressStore
  yield* store.lockBook(actor.userId)
  const address = yield* store.find(id)
  if (!address || address.userId !== actor.userId) return yield* new NotFound({ message: messages.notFound })
  const refused = deleteRefusal(address)
  if (refused) return yield* refused

  yield* store.remove(id)
  yield* logOperation(DeleteAddressOperation, actor.openid, yield* (yield* Clock).now, { id }, { id })
})

export const provinceList = Regions.use((r) => Effect.succeed(r.provinces))
export const cityList = (provinceCode: string) => Regions.use((r) => Effect.succeed(r.citiesOf(provinceCode)))
export const countyList = (cityCode: string) => Regions.use((r) => Effect.succeed(r.countiesOf(cityCode)))

export const cityByCode = Effect.fn("cityByCode")(function* (code: string) {
  const city = (yield* Regions).city(code)
  if (!city) return yield* new NotFound({ message: regionMessages.cityNotFound })
  return city
})
