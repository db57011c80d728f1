/** Storage codes: a station allocates the first free tag after the last issued, wrapping 9999 → 1. */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { nextFreeTag } from "../src/parcel/storage-code"

const TAGS = 9999

/** The system: a tiny station that allocates with the code under test. */
class Station {
  readonly active = new Set<number>()
  constructor(public last: number) {}
  checkIn(): number | undefined {
    const tag = nextFreeTag(this.last, (t) => this.active.has(t))
    if (tag !== undefined) {
      this.active.add(tag)
      this.last = tag
    }
    return tag
  }
  pickUp(tag: number) {
    this.active.delete(tag)
  }
}

interface Model {
  active: Set<number>
  last: number
}

/** Independent scan: last+1 … 9999, then 1 … last. */
const firstFreeAfter = (active: ReadonlySet<number>, last: number): number | undefined => {
  for (let t = last + 1; t <= TAGS; t++) if (!active.has(t)) return t
  for (let t = 1; t <= last; t++) if (!active.has(t)) return t
  return undefined
}

const wrap = (t: number) => ((((t - 1) % TAGS) + TAGS) % TAGS) + 1

type Cmd = fc.Command<Model, Station>

const seen = { full: 0, wrapped: 0, skipped: 0 }

class CheckIn implements Cmd {
  check = () => true
  run(m: Model, r: Station) {
    const expected = firstFreeAfter(m.active, m.last)
    const tag = r.checkIn()
    expect(tag).toBe(expected)
    if (tag === undefined) {
      expect(m.active.size).toBe(TAGS)
      seen.full++
      return
    }
    if (tag <= m.last) seen.wrapped++
    if (tag !== wrap(m.last + 1)) seen.skipped++
    expect(Number.isInteger(tag)).toBe(true)
    expect(tag).toBeGreaterThanOrEqual(1)
    expect(tag).toBeLessThanOrEqual(TAGS)
    expect(m.active.has(tag)).toBe(false)
    m.active.add(tag)
    m.last = tag
    expect(r.active.size).toBe(m.active.size)
  }
  toString = () => "CheckIn"
}

class PickUp implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.active.size > 0
  run(m: Model, r: Station) {
    const tags = [...m.active]
    const tag = tags[Math.floor(this.pick * tags.length)] as number
    m.active.delete(tag)
    r.pickUp(tag)
  }
  toString = () => `PickUp(${this.pick.toFixed(3)})`
}

/** Push the station to all 9999 tags active except a few holes. */
class FillAllBut implements Cmd {
  constructor(readonly holes: ReadonlyArray<number>) {}
  check = () => true
  run(m: Model, r: Station) {
    const free = new Set(this.holes)
    for (let t = 1; t <= TAGS; t++) {
      if (free.has(t)) continue
      m.active.add(t)
      r.active.add(t)
    }
    for (const t of free) {
      m.active.delete(t)
      r.active.delete(t)
    }
  }
  toString = () => `FillAllBut([${this.holes.join(",")}])`
}

/** Occupy a run of tags starting somewhere near `last` (possibly across 9999 → 1), as other shelves would. */
class OccupyRun implements Cmd {
  constructor(readonly offset: number, readonly length: number) {}
  check = () => true
  run(m: Model, r: Station) {
    for (let i = 0; i < this.length; i++) {
      const t = wrap(m.last + this.offset + i)
      m.active.add(t)
      r.active.add(t)
    }
  }
  toString = () => `OccupyRun(+${this.offset}, ${this.length})`
}

const tag = fc.integer({ min: 1, max: TAGS })
const initialLast = fc.oneof(fc.integer({ min: 0, max: TAGS }), fc.constantFrom(0, 1, 9990, 9998, 9999))

const commands = (fillWeight: number) =>
  fc.commands(
    [
      fc.constant(new CheckIn()),
      fc.constant(new CheckIn()),
      fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }).map((p) => new PickUp(p)),
      fc.record({ offset: fc.integer({ min: -3, max: 5 }), length: fc.integer({ min: 1, max: 12 }) }).map((o) => new OccupyRun(o.offset, o.length)),
      ...Array.from({ length: fillWeight }, () => fc.uniqueArray(tag, { maxLength: 4 }).map((h) => new FillAllBut(h)))
    ],
    { maxCommands: 40 }
  )

const runStation = (last: number, cmds: Iterable<Cmd>) =>
  fc.modelRun(() => ({ model: { active: new Set<number>(), last }, real: new Station(last) }), cmds)

describe("storage tag allocation (model-based)", () => {
  it("small stations: a few parcels, runs of occupied tags, wrap-around", () => {
    fc.assert(fc.property(initialLast, commands(0), runStation), { numRuns: 300 })
  })

  it("nearly full stations: up to all 9999 tags active", () => {
    fc.assert(fc.property(initialLast, commands(1), runStation), { numRuns: 100 })
    expect(seen.full).toBeGreaterThan(0)
    expect(seen.wrapped).toBeGreaterThan(0)
    expect(seen.skipped).toBeGreaterThan(0)
  })

  it("a full station allocates nothing until a parcel leaves, then exactly that tag", () => {
    fc.assert(
      fc.property(initialLast, tag, (last, freed) => {
        const station = new Station(last)
        for (let t = 1; t <= TAGS; t++) station.active.add(t)
        expect(station.checkIn()).toBeUndefined()
        station.pickUp(freed)
        expect(station.checkIn()).toBe(freed)
        expect(station.checkIn()).toBeUndefined()
      }),
      { numRuns: 20 }
    )
  })
})
