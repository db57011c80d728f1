/** `GET /api/building/list/{worksiteId}` shows building leaders' names and phones: only to the worksite's users, its staff and its parcels' holders. */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { ParcelStatus } from "../parcel/parcel-status"
import { ParcelStore, People, type Person } from "../parcel/parcel-store"
import { parcelStoreWith, staff, worksite } from "../parcel/parcel-store.testkit"
import { actor, outcome, refused } from "../shared/ports.testkit"
import { EmployeeStore } from "../staff/staff-store"
import { ErrandStore, type BuildingRecord } from "./errand-store"
import { buildingList } from "./ordering"

const person = (id: string, worksiteId: string | null): Person => ({
  id, openid: `o-${id}`, phoneMain: `1380000000${id.length}`, phoneVice: null, realname: `name-${id}`, nickname: null, subscribe: true, worksiteId
})
const manager = person("mgr", "w1")
const people = [person("local", "w1"), person("away", "w2"), person("holder", "w2"), person("agent", "w2"), person("signed", "w2"), person("nowhere", null), manager]
const building: BuildingRecord = {
  id: "b1", worksiteId: "w1", name: "1号楼", tag: "1", area: "西区", isLift: false, fees: {}, specialGoods: [], managerId: manager.id
}
/** Parcels at w1: holder receives one awaiting pickup, agent picks one up for a friend, signed's was signed long ago. */
const parcels: ReadonlyArray<{ holder: string; worksiteId: string; status: ParcelStatus }> = [
  { holder: "holder", worksiteId: "w1", status: ParcelStatus.awaitingPickup },
  { holder: "agent", worksiteId: "w1", status: ParcelStatus.friendPicking },
  { holder: "signed", worksiteId: "w1", status: ParcelStatus.signed },
  { holder: "away", worksiteId: "w2", status: ParcelStatus.awaitingPickup }
]

const run = (who: string, worksiteId: string, role: "student" | "staff" = "student") =>
  outcome(buildingList(actor({ userId: who, openid: `o-${who}`, role }), worksiteId).pipe(
    Effect.provideService(People, People.of({
      findById: (id) => Effect.succeed(people.find((p) => p.id === id)),
      findByPhone: () => Effect.die("People.findByPhone is not used here"),
      byPhoneSuffix: () => Effect.die("People.byPhoneSuffix is not used here")
    })),
    Effect.provideService(EmployeeStore, EmployeeStore.of({
      // the staff fixture works at w1 under openid o-clerk
      findByOpenid: (openid) => Effect.succeed(openid === "o-clerk" ? staff : undefined),
      findByPhone: () => Effect.die("EmployeeStore.findByPhone is not used here"),
      bind: () => Effect.die("EmployeeStore.bind is not used here")
    })),
    Effect.provideService(ParcelStore, parcelStoreWith({
      countForHolder: (userId, statuses, at) =>
        Effect.succeed(parcels.filter((p) => p.holder === userId && statuses.includes(p.status) && (at === undefined || p.worksiteId === at)).length)
    })),
    Effect.provideService(ErrandStore, ErrandStore.of(new Proxy({}, {
      get: (_, name) => name === "buildings"
        ? (id: string) => Effect.succeed(id === building.worksiteId ? [building] : [])
        : () => Effect.die(`ErrandStore.${String(name)} is not used here`)
    }) as never))
  ))

describe("the building list of a worksite", () => {
  it("the worksite's users see its buildings with their leaders", async () => {
    expect(worksite.id).toBe("w1")
    expect(await run("local", "w1")).toMatchObject({
      ok: true, value: [{ _id: "b1", name: "1号楼", manager: { realname: "name-mgr", phoneMain: manager.phoneMain } }]
    })
  })

  it("so do its staff, and whoever holds a parcel to collect there (receiver or friend picking it up)", async () => {
    for (const [who, role] of [["clerk", "staff"], ["holder", "student"], ["agent", "student"]] as const) {
      expect(await run(who, "w1", role), who).toMatchObject({ ok: true, value: [{ _id: "b1" }] })
    }
  })

  it("anyone else is refused with 403, whatever the worksite: users of another worksite, a long-signed parcel, no worksite at all", async () => {
    for (const [who, at] of [["away", "w1"], ["signed", "w1"], ["nowhere", "w1"], ["local", "w2"], ["clerk", "w2"], ["local", "no-such-site"]] as const) {
      expect(await run(who, at), `${who} at ${at}`).toMatchObject(refused("NotAllowed", "只能查看本网点的楼栋"))
    }
  })
})
