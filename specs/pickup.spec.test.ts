/** Pickup: who may take a parcel in which status, and the safekeeping fee that can block it. */
import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import { ParcelStatus, type PickupRole, pickupCheck, safekeepingFee, statusStr } from "#src/parcel/parcel"

const HOUR = 3_600_000
const FREE = 48 * HOUR

const status = fc.constantFrom(...(Object.values(ParcelStatus) as ParcelStatus[]))
const role = fc.constantFrom<PickupRole>("receiver", "agent", "runner")
const unpaid = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 300 }))
const openid = fc.option(fc.string({ maxLength: 6 }), { nil: null })

const allowed = (r: PickupRole, s: number) => (r === "receiver" && (s === 0 || s === 1 || s === 300)) || (r === "agent" && s === 1) || (r === "runner" && s === 4)

describe("pickupCheck", () => {
  test.prop({ status, role, unpaid, receiverOpenid: openid, agentOpenid: openid, paotuiOpenid: openid }, { numRuns: 1_000 })(
    "canTakeaway only for receiver at 0/1/300, agent at 1, runner at 4, with no unpaid fee",
    ({ status, role, unpaid, receiverOpenid, agentOpenid, paotuiOpenid }) => {
      const check = pickupCheck({ status, receiverOpenid, agentOpenid, paotuiOpenid, safekeepUnpaidFen: unpaid }, role)
      expect(check.canTakeaway).toBe(allowed(role, status) && unpaid === 0)
      expect(check.statusStr).toBe(allowed(role, status) && unpaid > 0 ? "待支付保管费" : statusStr(status))
    }
  )
})

const checkedIn = fc.integer({ min: 1_500_000_000_000, max: 1_900_000_000_000 })
const elapsed = fc.oneof(
  fc.integer({ min: 0, max: 30 * 24 * HOUR }),
  fc.integer({ min: FREE - 2, max: FREE + 2 }),
  fc.integer({ min: 0, max: 8 }).chain((d) => fc.integer({ min: FREE + d * 24 * HOUR - 2, max: FREE + d * 24 * HOUR + 2 }))
)

describe("safekeepingFee", () => {
  test.prop({ at: checkedIn, a: elapsed, b: elapsed }, { numRuns: 2_000 })("is monotone non-decreasing in time", ({ at, a, b }) => {
    const [early, late] = a <= b ? [a, b] : [b, a]
    expect(safekeepingFee(new Date(at), new Date(at + early))).toBeLessThanOrEqual(safekeepingFee(new Date(at), new Date(at + late)))
  })

  test.prop({ at: checkedIn, e: fc.integer({ min: -10 * 24 * HOUR, max: FREE }) })("is 0 within 48 h", ({ at, e }) => {
    expect(safekeepingFee(new Date(at), new Date(at + e))).toBe(0)
  })

  test.prop({ at: checkedIn, e: elapsed }, { numRuns: 2_000 })(
    "is a multiple of 50 fen, never above 300 fen, and 50 per started 24 h after the first 48 h",
    ({ at, e }) => {
      const fee = safekeepingFee(new Date(at), new Date(at + e))
      expect(fee % 50).toBe(0)
      expect(fee).toBeGreaterThanOrEqual(0)
      expect(fee).toBeLessThanOrEqual(300)
      let startedDays = 0
      while (FREE + startedDays * 24 * HOUR < e) startedDays++
      expect(fee).toBe(Math.min(300, 50 * startedDays))
    }
  )
})
