import { fc, test } from "@fast-check/vitest"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { actor, outcome, recordingPorts, refused } from "../shared/ports.testkit"
import { EmployeeStore } from "../staff/staff-store"
import { ParcelStatus } from "./parcel-status"
import { ParcelStore, type ParcelRecord } from "./parcel-store"
import { clerk, parcelRecord, parcelStoreWith, staff, worksite } from "./parcel-store.testkit"
import {
  awaitingReturn, dueCutoff, isDue, markDueParcels, RETURN_AFTER_MS, RETURN_DONE_EVENT, returnList, returnMessages, returnParcel, SYSTEM_ACTOR
} from "./returns"
import { nextStatus } from "./status-machine"

const HOUR = 3_600_000
const now = new Date("2026-03-10T04:00:00Z")

const parcel = (over: Partial<ParcelRecord> = {}): ParcelRecord => parcelRecord(new Date(now.getTime() - 80 * HOUR), { ...over })

/** A station whose store keeps parcels in memory and changes a status only from the one the caller read, like Postgres does. */
const station = (initial: ReadonlyArray<ParcelRecord>, options: { readonly beforeChange?: (id: string) => void } = {}) => {
  const parcels = new Map(initial.map((p) => [p.id, p]))
  const changes: Array<readonly [string, number, number]> = []
  const ports = recordingPorts(now)
  const run = <A, E>(effect: Effect.Effect<A, E, any>) =>
    outcome(ports.provide(effect).pipe(
      Effect.provideService(EmployeeStore, {
        findByOpenid: (openid) => Effect.succeed(openid === staff.openid ? staff : undefined),
        findByPhone: () => Effect.succeed(undefined),
        bind: () => Effect.void
      }),
      Effect.provideService(ParcelStore, parcelStoreWith({
        findById: (id) => Effect.sync(() => parcels.get(id)),
        safekeepingTerms: () => Effect.succeed(worksite.safekeeping),
        moveStatus: () => Effect.die("returns never sign for a parcel"),
        listByStatus: (f) => Effect.sync(() => [...parcels.values()]
          .filter((p) => f.statuses.includes(p.status) && (f.worksiteId === undefined || p.worksiteId === f.worksiteId) &&
            (f.expressCompanyId === undefined || p.expressCompanyId === f.expressCompanyId) &&
            (f.checkedInBy === undefined || p.createdAt <= f.checkedInBy))
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
          .slice(0, f.limit)),
        changeStatus: (id, from, to) => Effect.sync(() => {
          options.beforeChange?.(id)
          const p = parcels.get(id)
          if (!p || p.status !== from) return false
          changes.push([id, from, to])
          parcels.set(id, { ...p, status: to })
          return true
        })
      }))
    ) as Effect.Effect<A, E, never>)
  return { parcels, changes, ports, run, status: (id: string) => parcels.get(id)?.status }
}

describe("the due rule", () => {
  it("counts three days from the check-in to the millisecond: due at exactly 72 h, not a millisecond before", () => {
    const at = (ms: number) => parcel({ createdAt: new Date(now.getTime() - ms) })
    expect(isDue(at(RETURN_AFTER_MS), now)).toBe(true)
    expect(isDue(at(RETURN_AFTER_MS - 1), now)).toBe(false)
    expect(isDue(at(RETURN_AFTER_MS + 1), now)).toBe(true)
    expect(dueCutoff(now).getTime()).toBe(now.getTime() - 72 * HOUR)
  })

  test.prop([fc.constantFrom(...(Object.values(ParcelStatus) as ReadonlyArray<ParcelStatus>)), fc.integer({ min: 0, max: 10 * 24 * HOUR })])(
    "a parcel is due exactly when the status machine allows markDue and 72 h have passed since its check-in",
    (status, age) => {
      const p = parcel({ status, createdAt: new Date(now.getTime() - age) })
      expect(isDue(p, now)).toBe(nextStatus(status, "markDue") !== undefined && age >= RETURN_AFTER_MS)
    }
  )
})

describe("marking due parcels", () => {
  const mix = () => [
    parcel({ id: "old0", createdAt: new Date(now.getTime() - 100 * HOUR) }),
    parcel({ id: "old1", status: ParcelStatus.friendPicking, agentOpenid: "f", createdAt: new Date(now.getTime() - 72 * HOUR) }),
    parcel({ id: "young", createdAt: new Date(now.getTime() - 72 * HOUR + 1) }),
    parcel({ id: "errand", status: ParcelStatus.awaitingRunner, createdAt: new Date(now.getTime() - 200 * HOUR) }),
    parcel({ id: "signed", status: ParcelStatus.signed, createdAt: new Date(now.getTime() - 200 * HOUR) }),
    parcel({ id: "other", worksiteId: "w2", createdAt: new Date(now.getTime() - 90 * HOUR) })
  ]

  it("moves every parcel 3 days at 0 or 1 to 300, tells each worksite's staff, and logs the run once", async () => {
    const s = station(mix())
    expect(await s.run(markDueParcels())).toEqual({ ok: true, value: { count: 3, ids: ["old0", "old1", "other"] } })
    expect(s.changes).toEqual([["old0", 0, 300], ["other", 0, 300], ["old1", 1, 300]])
    expect(["young", "errand", "signed"].map(s.status)).toEqual([0, 3, 100])
    expect(s.ports.events).toEqual([
      { room: { worksite: "w1" }, name: "returnDue", payload: { ids: ["old0", "old1"] } },
      { room: { worksite: "w2" }, name: "returnDue", payload: { ids: ["other"] } }
    ])
    expect(s.ports.ops).toEqual([{ op: "markDue", actorOpenid: SYSTEM_ACTOR, at: now, input: {}, outcome: { count: 3, ids: ["old0", "old1", "other"] } }])
  })

  it("is idempotent: a second run changes nothing and logs nothing", async () => {
    const s = station(mix())
    await s.run(markDueParcels())
    expect(await s.run(markDueParcels())).toEqual({ ok: true, value: { count: 0, ids: [] } })
    expect(s.ports.ops).toHaveLength(1)
    expect(s.changes).toHaveLength(3)
  })

  it("only one worksite when asked, and a parcel picked up meanwhile is left alone", async () => {
    const s = station(mix(), {
      beforeChange: (id) => { if (id === "old0") s.parcels.set("old0", { ...s.parcels.get("old0")!, status: ParcelStatus.signed }) }
    })
    expect(await s.run(markDueParcels("w1"))).toEqual({ ok: true, value: { count: 1, ids: ["old1"] } })
    expect(s.status("old0")).toBe(100)
    expect(s.status("other")).toBe(0)
    expect(s.ports.ops[0]).toMatchObject({ input: { worksiteId: "w1" } })
  })
})

describe("the return list", () => {
  const parcels = [
    parcel({ id: "a", status: ParcelStatus.awaitingReturn, createdAt: new Date(now.getTime() - 90 * HOUR) }),
    parcel({ id: "b", status: ParcelStatus.awaitingReturn, expressCompanyId: "yt", createdAt: new Date(now.getTime() - 80 * HOUR) }),
    parcel({ id: "c", status: ParcelStatus.awaitingPickup }),
    parcel({ id: "d", status: ParcelStatus.awaitingReturn, worksiteId: "w2" })
  ]

  it("lists the staff's own worksite's parcels awaiting return, oldest first, by carrier when asked", async () => {
    const s = station(parcels)
    const ids = async (input: Parameters<typeof returnList>[1]) => {
      const o = await s.run(returnList(clerk, input))
      return o.ok ? o.value.map((p) => p.id) : o
    }
    expect(await ids({})).toEqual(["a", "b"])
    expect(await ids({ worksiteId: "w1", expressCompanyId: "yt" })).toEqual(["b"])
    expect(await ids({ expressCompanyId: "" })).toEqual(["a", "b"])
    expect(await s.run(returnList(clerk, { worksiteId: "w2" }))).toMatchObject(refused("NotAllowed", "只能操作本站点的快递"))
    expect(await s.run(returnList(actor(), {}))).toMatchObject(refused("NotAllowed", "请先绑定后台操作用户"))
  })

  it("the admin tool sees every worksite", async () => {
    const o = await station(parcels).run(awaitingReturn())
    expect(o.ok && o.value.map((p) => p.id)).toEqual(["a", "b", "d"])
  })
})

describe("the return scan", () => {
  const due = parcel({ status: ParcelStatus.awaitingReturn })
  const scan = { _id: "p1", expressNo: "SF100", worksiteCode: "GZ01", storageNo: "A-03", tag: "0007" }

  it("hands the parcel back (300 → 400), removes it from the worksite's screens and logs the scan", async () => {
    const s = station([due])
    expect(await s.run(returnParcel(clerk, { ...scan, expressNo: " code128,SF100 " }))).toMatchObject({ ok: true, value: { id: "p1", status: 400 } })
    expect(s.status("p1")).toBe(400)
    expect(s.ports.events).toEqual([
      { room: { worksite: "w1" }, name: RETURN_DONE_EVENT, payload: { _id: "p1" } },
      { room: { user: "u1" }, name: RETURN_DONE_EVENT, payload: { _id: "p1", status: 400 } }
    ])
    expect(s.ports.ops).toEqual([{ op: "returnParcel", actorOpenid: "staff-o", at: now, input: { ...scan, expressNo: " code128,SF100 " }, outcome: { id: "p1", status: 400 } }])
  })

  it("a second scan is a clear conflict and changes nothing", async () => {
    const s = station([due])
    await s.run(returnParcel(clerk, scan))
    expect(await s.run(returnParcel(clerk, scan))).toMatchObject(refused("StateConflict", returnMessages.alreadyReturned))
    expect(s.ports.ops).toHaveLength(1)
  })

  it("losing a race to another scan answers the conflict of the parcel as it now is", async () => {
    const s = station([due], { beforeChange: (id) => s.parcels.set(id, { ...s.parcels.get(id)!, status: ParcelStatus.returned }) })
    expect(await s.run(returnParcel(clerk, scan))).toMatchObject(refused("StateConflict", returnMessages.alreadyReturned))
    expect([s.ports.events, s.ports.ops]).toEqual([[], []])
  })

  it.each([
    ["a different scanned number", { ...scan, expressNo: "SF101" }, "RuleViolation", "快递单号不一致，请查证。"],
    ["no scanned number", { ...scan, expressNo: " " }, "RuleViolation", returnMessages.scanFirst],
    ["no parcel chosen", { ...scan, _id: undefined }, "RuleViolation", returnMessages.chooseParcel],
    ["another worksite's code", { ...scan, worksiteCode: "SZ09" }, "NotAllowed", "只能操作本站点的快递"],
    ["an unknown parcel", { ...scan, _id: "nope" }, "NotFound", returnMessages.notFound],
    ["another worksite's parcel", { ...scan, _id: "far" }, "NotFound", returnMessages.notFound],
    ["a parcel not due", { ...scan, _id: "waiting" }, "StateConflict", "该快递当前状态为待取件，不能退回"]
  ])("refuses %s and changes nothing", async (_, input, tag, message) => {
    const s = station([due, parcel({ id: "far", worksiteId: "w2", status: 300 }), parcel({ id: "waiting", status: 0 })])
    expect(await s.run(returnParcel(clerk, input))).toMatchObject(refused(tag, message))
    expect([s.changes, s.ports.events, s.ports.ops]).toEqual([[], [], []])
  })

  it("refuses a caller who is no staff", async () => {
    expect(await station([due]).run(returnParcel(actor(), scan))).toMatchObject(refused("NotAllowed", "请先绑定后台操作用户"))
  })
})
