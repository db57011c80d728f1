import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { actor, outcome, recordingPorts, refused } from "../shared/ports.testkit"
import type { Address } from "./address"
import { AddressStore, Regions } from "./address-store"
import { sampleRegions } from "./region.testkit"
import { addAddress, cityByCode, cityList, countyList, deleteAddress, myAddresses, provinceList } from "./use-cases"

const book = () => {
  const addresses: Array<Address> = []
  const locks: Array<string> = []
  const store = {
    list: (userId: string) => Effect.sync(() => addresses.filter((a) => a.userId === userId)),
    lockBook: (userId: string) => Effect.sync(() => (locks.push(userId), addresses.filter((a) => a.userId === userId).length)),
    insert: (address: Address) => Effect.sync(() => void addresses.push(address)),
    find: (id: string) => Effect.sync(() => addresses.find((a) => a.id === id)),
    remove: (id: string) => Effect.sync(() => void addresses.splice(addresses.findIndex((a) => a.id === id), 1))
  }
  const ports = recordingPorts(new Date("2026-03-02T04:00:00Z"), ["a1", "a2", "a3"])
  const run = <A, E>(effect: Effect.Effect<A, E, any>) =>
    outcome(ports.provide(effect).pipe(
      Effect.provideService(AddressStore, store),
      Effect.provideService(Regions, sampleRegions())
    ) as Effect.Effect<A, E, never>)
  return { addresses, locks, run, ops: ports.ops }
}

const form = { name: " 李明 ", phone: "13800138000", province: "44", city: "4401", county: "440106", detail: " 天河路 1 号 " }
const me = actor({ userId: "u1" })
const other = actor({ userId: "u2", openid: "o2" })

describe("address book use cases", () => {
  it("the first address becomes the default, the next ones do not, each under the caller", async () => {
    const b = book()
    const first = await b.run(addAddress(me, form))
    expect(first).toMatchObject({ ok: true, value: { id: "a1", userId: "u1", name: "李明", detail: "天河路 1 号", isDefault: true, countyName: "天河区" } })
    expect(await b.run(addAddress(me, form))).toMatchObject({ ok: true, value: { id: "a2", isDefault: false } })
    expect(await b.run(addAddress(other, form))).toMatchObject({ ok: true, value: { id: "a3", userId: "u2", isDefault: true } })
    expect(b.locks).toEqual(["u1", "u1", "u2"])
    const at = new Date("2026-03-02T04:00:00Z")
    const saved = { name: "李明", phone: "13800138000", province: "44", city: "4401", county: "440106", detail: "天河路 1 号" }
    expect(b.ops).toEqual([
      { op: "addAddress", actorOpenid: "o1", at, input: saved, outcome: { id: "a1", isDefault: true } },
      { op: "addAddress", actorOpenid: "o1", at, input: saved, outcome: { id: "a2", isDefault: false } },
      { op: "addAddress", actorOpenid: "o2", at, input: saved, outcome: { id: "a3", isDefault: true } }
    ])
    const mine = await b.run(myAddresses(me))
    expect(mine.ok && mine.value.map((a) => a.id)).toEqual(["a1", "a2"])
  })

  it("a refused form stores nothing", async () => {
    const b = book()
    expect(await b.run(addAddress(me, { ...form, county: "440304" }))).toMatchObject(refused("RuleViolation", "请选择完整的省市区"))
    expect(await b.run(addAddress(me, { ...form, name: "" }))).toMatchObject(refused("RuleViolation", "联系人员不能为空"))
    expect(b.addresses).toEqual([])
    expect(b.ops).toEqual([])
  })

  it("deletes only one's own non-default address; another user's is answered as missing", async () => {
    const b = book()
    await b.run(addAddress(me, form))
    await b.run(addAddress(me, form))
    expect(await b.run(deleteAddress(other, "a2"))).toMatchObject(refused("NotFound", "地址不存在"))
    expect(await b.run(deleteAddress(me, "nope"))).toMatchObject(refused("NotFound", "地址不存在"))
    expect(await b.run(deleteAddress(me, "a1"))).toMatchObject(refused("StateConflict", "默认地址不能删除"))
    expect(b.addresses.map((a) => a.id)).toEqual(["a1", "a2"])
    expect(b.ops.map((o) => o.op)).toEqual(["addAddress", "addAddress"])
    expect(await b.run(deleteAddress(me, "a2"))).toEqual({ ok: true, value: undefined })
    expect(b.ops.at(-1)).toMatchObject({ op: "deleteAddress", actorOpenid: "o1", input: { id: "a2" }, outcome: { id: "a2" } })
    expect(b.addresses.map((a) => a.id)).toEqual(["a1"])
    expect(b.locks).toContain("u2")
  })

  it("the region pickers read the division data", async () => {
    const b = book()
    const provinces = await b.run(provinceList)
    expect(provinces.ok && provinces.value.map((p) => p.code)).toContain("44")
    const cities = await b.run(cityList("44"))
    expect(cities.ok && cities.value.map((c) => c.code)).toEqual(["4401", "4403", "4419"])
    const counties = await b.run(countyList("4403"))
    expect(counties.ok && counties.value.map((c) => c.name)).toEqual(["福田区", "南山区"])
    expect(await b.run(cityByCode("4401"))).toMatchObject({ ok: true, value: { code: "4401", name: "广州市" } })
    expect(await b.run(cityByCode("9999"))).toMatchObject(refused("NotFound", "未找到该城市"))
  })
})
