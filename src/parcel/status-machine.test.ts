import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { ParcelStatus } from "./parcel-status"
import { allows, nextStatus, parcelEvents, parcelTransitions, type ParcelEvent } from "./status-machine"

const statuses = Object.values(ParcelStatus) as ReadonlyArray<ParcelStatus>
const status = fc.constantFrom(...statuses)
const event = fc.constantFrom(...parcelEvents)

/** The spec's transitions (§4 "Parcel to collect status", DESIGN §6), written out edge by edge. */
const specEdges: ReadonlyArray<readonly [ParcelStatus, ParcelEvent, ParcelStatus]> = [
  [0, "chooseAgent", 1], [1, "refuseAgent", 0], [1, "cancelAgent", 0],
  [0, "takeByReceiver", 100], [1, "takeByReceiver", 100], [300, "takeByReceiver", 100], [1, "takeByAgent", 100],
  [0, "selfSign", 100], [1, "selfSign", 100],
  [0, "orderErrand", 2], [2, "payErrand", 3], [2, "voidErrand", 0], [3, "voidErrand", 0], [4, "voidErrand", 0],
  [3, "grabErrand", 4], [4, "releaseErrand", 3], [4, "takeByRunner", 5], [5, "backToShelf", 0], [5, "deliver", 6], [6, "signDelivered", 100],
  [0, "markDue", 300], [1, "markDue", 300], [300, "returnToCourier", 400]
]

describe("the parcel status machine", () => {
  test.prop([status, event])("only the listed edges can happen; every other pair is refused", (from, e) => {
    const edge = specEdges.find(([f, ev]) => f === from && ev === e)
    expect(nextStatus(from, e)).toBe(edge?.[2])
  })

  test.prop([status, event])("a page offers an event exactly where the table lets it happen", (from, e) => {
    expect(allows(e, from)).toBe(specEdges.some(([f, ev]) => f === from && ev === e))
  })

  it("offers nothing at a status it does not know", () => {
    for (const e of parcelEvents) expect(allows(e, 7)).toBe(false)
  })

  it("lists exactly the spec's edges, no more", () => {
    const table = parcelEvents.flatMap((e) => parcelTransitions[e].from.map((from) => [from, e, parcelTransitions[e].to] as const))
    expect(new Set(table.map(String))).toEqual(new Set(specEdges.map(String)))
  })

  it("signed and returned parcels are final", () => {
    for (const e of parcelEvents) {
      expect(nextStatus(100, e)).toBeUndefined()
      expect(nextStatus(400, e)).toBeUndefined()
    }
  })

  test.prop([fc.array(event, { maxLength: 40 })])("any sequence of events keeps a parcel in a known status, and a taken parcel is never taken again", (events) => {
    let current: ParcelStatus = ParcelStatus.awaitingPickup
    let taken = 0
    for (const e of events) {
      const next = nextStatus(current, e)
      if (next === undefined) continue
      if (e === "takeByReceiver" || e === "takeByAgent" || e === "selfSign" || e === "takeByRunner") taken++
      current = next
      expect(statuses).toContain(current)
    }
    expect(taken).toBeLessThanOrEqual(1)
  })
})
