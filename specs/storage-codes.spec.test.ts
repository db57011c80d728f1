/**
 * Storage codes, model-based against the real store: check-ins through the runtime and the SQL
 * allocation on PGlite must hand out the first free tag after the last issued, wrapping 9999 → 1,
 * and refuse a check-in only when all 9,999 tags are held.
 */
import { Cause, Exit } from "effect"
import fc from "fast-check"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest, openDatabase, type Database } from "#adapters/postgres/database"
import { seedDemoCampus } from "#adapters/postgres/seed"
import { Runtime } from "#adapters/runtime"
import { messages } from "#src/parcel/check-in"
import { checkIn } from "#src/parcel/use-cases"
import type { Actor } from "#src/shared/actor"
import { blankMemory } from "../test/support/blank-database"

const TAGS = 9999
const WORKSITE = "ws-xiyuan"
const staff: Actor = { userId: "u-staff", openid: "demo-staff", role: "staff" }

interface Model {
  readonly active: Set<number>
  last: number
}

interface Station {
  readonly runtime: Runtime
  readonly db: Database["db"]
}

/** The oracle, written apart from the core: last+1 … 9999, then 1 … last. */
const firstFreeAfter = (active: ReadonlySet<number>, last: number): number | undefined => {
  for (let t = last + 1; t <= TAGS; t++) if (!active.has(t)) return t
  for (let t = 1; t <= Math.min(last, TAGS); t++) if (!active.has(t)) return t
  return undefined
}

const ringAfter = (last: number, steps: number) => ((((last + steps - 1) % TAGS) + TAGS) % TAGS) + 1

const seen = { full: 0, wrapped: 0, skipped: 0, farSkip: 0 }

let sequence = 0

/** Active parcels of another shelf holding `tags`, in one INSERT. */
const occupy = (db: Station["db"], tags: ReadonlyArray<number>) =>
  tags.length === 0 ? Promise.resolve() : sql`
    insert into parcel (id, worksite_id, express_company_id, express_company_name, express_no, storage_no, tag, weight_id,
      receiver, receiver_phone, status, created_at, checked_in_by)
    select 'seed-' || ${++sequence} || '-' || t, ${WORKSITE}, 'ec-sf', '顺丰速运', 'SEED-' || ${sequence} || '-' || t, 'Z-99', t, 'wf-1',
      '', '13800000001', 1, now(), 'e-xiyuan-1'
    from unnest(${`{${tags.join(",")}}`}::int[]) as t`.execute(db)

type Cmd = fc.AsyncCommand<Model, Station>

class CheckIn implements Cmd {
  check = () => true
  async run(m: Model, s: Station) {
    const expected = firstFreeAfter(m.active, m.last)
    const exit = await s.runtime.run(checkIn(staff, {
      expressCompany: "ec-sf", storageNo: "A-01", expressNo: `MB${++sequence}`, weight: "wf-1", receiverPhone: "13800000001"
    }))
    if (expected === undefined) {
      expect(Exit.isFailure(exit) && !Cause.hasDies(exit.cause) && Cause.squash(exit.cause)).toMatchObject({ message: messages.shelvesFull })
      seen.full++
      return
    }
    if (Exit.isFailure(exit)) throw new Error(`check-in failed, expected tag ${expected}: ${String(Cause.squash(exit.cause))}`)
    expect(exit.value.code).toBe(`A-01-${String(expected).padStart(4, "0")}`)
    if (expected <= m.last) seen.wrapped++
    if (expected !== ringAfter(m.last, 1)) seen.skipped++
    if ((expected - m.last + TAGS) % TAGS > 64) seen.farSkip++
    m.active.add(expected)
    m.last = expected
  }
  toString = () => "CheckIn"
}

class PickUp implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.active.size > 0
  async run(m: Model, s: Station) {
    const tags = [...m.active].sort((a, b) => a - b)
    const tag = tags[Math.floor(this.pick * tags.length)]!
    const moved = await s.db.updateTable("parcel").set({ status: 100, signed_at: new Date() })
      .where("worksite_id", "=", WORKSITE).where("tag", "=", tag).where("status", "in", [0, 1, 2, 3, 4, 300]).executeTakeFirst()
    expect(moved.numUpdatedRows).toBe(1n)
    m.active.delete(tag)
  }
  toString = () => `PickUp(${this.pick.toFixed(3)})`
}

/** The counter moved elsewhere (a restored backup, an operator), e.g. close to the wrap. */
class SetCounter implements Cmd {
  constructor(readonly last: number) {}
  check = () => true
  async run(m: Model, s: Station) {
    await s.db.updateTable("storage_tag").set({ last_tag: this.last }).where("worksite_id", "=", WORKSITE).execute()
    m.last = this.last
  }
  toString = () => `SetCounter(${this.last})`
}

/** Another shelf holds a run of tags starting near the last issued (possibly across 9999 → 1). */
class OccupyRun implements Cmd {
  constructor(readonly offset: number, readonly length: number) {}
  check = () => true
  async run(m: Model, s: Station) {
    const tags = [...new Set(Array.from({ length: this.length }, (_, i) => ringAfter(m.last, this.offset + i)))].filter((t) => !m.active.has(t))
    await occupy(s.db, tags)
    for (const t of tags) m.active.add(t)
  }
  toString = () => `OccupyRun(+${this.offset}, ${this.length})`
}

/** Every tag held but a few holes. */
class FillAllBut implements Cmd {
  constructor(readonly holes: ReadonlyArray<number>) {}
  check = () => true
  async run(m: Model, s: Station) {
    const holes = new Set(this.holes)
    const tags = Array.from({ length: TAGS }, (_, i) => i + 1).filter((t) => !holes.has(t) && !m.active.has(t))
    await occupy(s.db, tags)
    for (const t of tags) m.active.add(t)
  }
  toString = () => `FillAllBut([${this.holes.join(",")}])`
}

const nearWrap = fc.integer({ min: 9980, max: TAGS })
const anyLast = fc.oneof(nearWrap, fc.integer({ min: 0, max: TAGS }), fc.constantFrom(0, 1, 9990, 9998, 9999))

const commands = (fillWeight: number) =>
  fc.commands(
    [
      fc.constant(new CheckIn()),
      fc.constant(new CheckIn()),
      fc.constant(new CheckIn()),
      fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }).map((p) => new PickUp(p)),
      anyLast.map((last) => new SetCounter(last)),
      fc.record({ offset: fc.integer({ min: -3, max: 8 }), length: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 60, max: 140 })) })
        .map((o) => new OccupyRun(o.offset, o.length)),
      ...Array.from({ length: fillWeight }, () =>
        fc.oneof(fc.constant([]), fc.uniqueArray(fc.integer({ min: 1, max: TAGS }), { maxLength: 3 })).map((h) => new FillAllBut(h)))
    ],
    { maxCommands: 25 }
  )

describe("storage tag allocation against the real store (model-based, PGlite)", () => {
  let database: Database
  let station: Station

  beforeAll(async () => {
    database = await openDatabase(blankMemory())
    await migrateToLatest(database.db)
    await seedDemoCampus(database.db)
    station = { runtime: await Runtime.create(database), db: database.db }
  })
  afterAll(async () => {
    await database?.close()
  })

  const runFrom = async (last: number, cmds: Iterable<Cmd>) => {
    await station.db.deleteFrom("parcel").where("worksite_id", "=", WORKSITE).execute()
    await station.db.updateTable("storage_tag").set({ last_tag: last }).where("worksite_id", "=", WORKSITE).execute()
    await fc.asyncModelRun(() => ({ model: { active: new Set<number>(), last }, real: station }), cmds)
  }

  it("check-ins, pickups, runs of held tags and a counter near the wrap", async () => {
    await fc.assert(fc.asyncProperty(anyLast, commands(0), runFrom), {
      numRuns: 60,
      examples: [[9990, [new OccupyRun(1, 70), new CheckIn(), new PickUp(0.5), new CheckIn()]]]
    })
    expect(seen.wrapped).toBeGreaterThan(0)
    expect(seen.skipped).toBeGreaterThan(0)
    expect(seen.farSkip).toBeGreaterThan(0)
  })

  it("full and nearly full stations: every tag held but a few", async () => {
    await fc.assert(fc.asyncProperty(anyLast, commands(1), runFrom), {
      numRuns: 15,
      examples: [[9995, [new FillAllBut([]), new CheckIn(), new PickUp(0.999), new CheckIn(), new CheckIn()]]]
    })
    expect(seen.full).toBeGreaterThan(0)
  })

  it("a full station refuses with the spec's message until a parcel leaves, then hands out exactly that tag", async () => {
    await fc.assert(
      fc.asyncProperty(nearWrap, fc.integer({ min: 1, max: TAGS }), (last, freed) =>
        runFrom(last, [new FillAllBut([]), new CheckIn(), new PickUp((freed - 0.5) / TAGS), new CheckIn(), new CheckIn()])),
      { numRuns: 4 }
    )
  })
})
