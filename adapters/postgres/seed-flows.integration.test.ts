/** The demo rows for every flow: added once, and consistent as `station check` and `station payments reconcile` read the data. */
import { describe, expect, it } from "vitest"
import { checkInvariants } from "#adapters/ops/invariants"
import { purposeBooks } from "#adapters/payments/books"
import { reconcile } from "#src/payment/reconcile"
import { freshDemoDatabases } from "./demo-database.testkit"
import { DEMO_FLOWS, seedFlowsDemo } from "./seed-flows"

const fresh = freshDemoDatabases()

describe("seedFlowsDemo", () => {
  it("leaves a fee due, a parcel due for return, an errand in each state and a send order awaiting freight, once", async () => {
    const db = await fresh()
    expect(await seedFlowsDemo(db)).toBe(true)
    expect(await seedFlowsDemo(db)).toBe(false)
    const errands = await db.selectFrom("errand_order").select(["id", "status"]).where("id", "like", "e-demo-%").execute()
    expect(errands.map((e) => e.status).sort((a, b) => a - b)).toEqual([-1, 0, 1, 2, 3, 4, 100])
    const parcels = await db.selectFrom("parcel").select(["id", "status"]).where("id", "in", [DEMO_FLOWS.feeDueParcel, DEMO_FLOWS.dueForReturnParcel]).orderBy("id").execute()
    expect(parcels).toEqual([{ id: DEMO_FLOWS.dueForReturnParcel, status: 300 }, { id: DEMO_FLOWS.feeDueParcel, status: 0 }])
    expect((await db.selectFrom("send_order").select("status").where("id", "=", DEMO_FLOWS.sendAwaitingFreight).executeTakeFirstOrThrow()).status).toBe(20)

    const failing = (await checkInvariants(db)).filter((r) => !r.ok)
    expect(failing).toEqual([])
    const books = await purposeBooks(db)
    expect(reconcile(books)).toEqual([])
  })
})
