/**
 * `station jobs run void-unaccepted-errands` beside a running `station serve`: the command refunds an errand order
 * whose payment the server's simulated provider took, because the provider's books are in the database, not in the
 * server's memory (issue 17: the command used to fail for an order the server refunded minutes later).
 */
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { ProviderTables } from "#adapters/payments/provider-books"
import { migrateToLatest, openDatabase, type Database } from "#adapters/postgres/database"
import { seedDemoCampus } from "#adapters/postgres/seed"
import { client, json, removeTempDirs, serve, station, stop, tempDir, type Served } from "./station.testkit"

const SLOW = 240_000

describe("station jobs run beside the server refunds what the server's provider took", () => {
  const env = { DATA_DIR: tempDir("provider-books"), SCHEDULER: "off" }
  const dataDir = join(env.DATA_DIR, "db")
  let server: Served | undefined

  /** The server's database through its socket, as a `station` command uses it. */
  const attached = async <A>(use: (database: Database) => Promise<A>) => {
    const database = await openDatabase({ kind: "pglite", dataDir }, { attach: true })
    try {
      return await use(database)
    } finally {
      await database.close()
    }
  }

  beforeAll(async () => {
    const database = await openDatabase({ kind: "pglite", dataDir })
    try {
      await migrateToLatest(database.db)
      await seedDemoCampus(database.db)
      // delivery can be ordered at any hour the suite runs
      await database.db.updateTable("errand_settings").set({ paotui_order_last_time: "24:00" }).where("worksite_id", "=", "ws-xiyuan").execute()
    } finally {
      await database.close()
    }
    server = await serve(env)
  }, SLOW)

  afterAll(async () => {
    if (server) await stop(server)
    removeTempDirs()
  })

  it("pays an errand order on the server's payment sheet, then the command's job voids and refunds it", async () => {
    const { call, token } = client(server!.url)
    const [staff, student] = await Promise.all([token("demo-staff"), token("demo-student")])
    const checkIn = await call("POST", "/api/expressTosend", staff, { expressCompany: "ec-sf", storageNo: "A-01", expressNo: "SF-BOOKS-1", weight: "wf-1", receiverPhone: "13800000001" })
    expect(checkIn.status, checkIn.message).toBe(201)
    const parcel = await attached((d) => d.db.selectFrom("parcel").select("id").where("express_no", "=", "SF-BOOKS-1").executeTakeFirstOrThrow())
    const placed = await call("POST", "/api/paotuiOrder", student, {
      type: 1, toTakeId: parcel.id, worksiteId: "ws-xiyuan", goodsType: 1, dormBuilding: "b-xy-1", dormFloor: 5, dormRoom: "501",
      friendReceives: false, sexLimit: -1, remark: ""
    })
    expect(placed.status, placed.message).toBe(200)
    const orderId = placed.data._id as string
    const prepay = await call("GET", `/api/paotuiOrder/prepay/${orderId}`, student)
    expect(prepay.status, prepay.message).toBe(200)
    const tradeNo = prepay.data.tradeNo as string
    const sheet = await call("GET", `/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${prepay.data.prepayId}`)}`, student)
    expect(sheet.status, sheet.message).toBe(200)
    // the payment sheet: the server's provider takes the money and posts its notice to the server
    const paid = await call("POST", "/auth/dev/pay", undefined, sheet.data)
    expect(paid, paid.message).toMatchObject({ status: 200, data: { tradeNo, notified: true } })

    await attached(async ({ db }) => {
      expect(await db.selectFrom("errand_order").select(["status", "paid"]).where("id", "=", orderId).executeTakeFirstOrThrow()).toEqual({ status: 0, paid: 240 })
      await db.updateTable("errand_order").set({ require_arrive_time: new Date(Date.now() - 60_000) }).where("id", "=", orderId).execute()
    })

    const run = await station(["jobs", "run", "void-unaccepted-errands", "--json"], env)
    expect(run.code, run.stderr).toBe(0)
    expect(json(run)).toMatchObject({ job: "void-unaccepted-errands", result: { voided: 1, failed: 0, givenUp: 0 } })

    await attached(async ({ db }) => {
      expect(await db.selectFrom("errand_order").select(["status", "paid", "refunded"]).where("id", "=", orderId).executeTakeFirstOrThrow())
        .toEqual({ status: 4, paid: 240, refunded: 240 })
      const books = db.withTables<ProviderTables>()
      expect(await books.selectFrom("sim_provider_order").select("state").where("out_trade_no", "=", tradeNo).executeTakeFirstOrThrow()).toEqual({ state: "refunded" })
      expect(await books.selectFrom("sim_provider_refund").select(["out_refund_no", "refund_fee"]).where("out_trade_no", "=", tradeNo).execute())
        .toEqual([{ out_refund_no: `R${tradeNo}`.slice(0, 32), refund_fee: 240 }])
    })
    const trades = await station(["payments", "list", "--status", "refunded", "--json"], env)
    expect(json(trades)).toEqual([expect.objectContaining({ tradeNo, status: "refunded", amountFen: 240, kind: "errand", refId: orderId })])
    const again = await station(["jobs", "run", "void-unaccepted-errands", "--json"], env)
    expect(json(again)).toMatchObject({ result: { voided: 0, failed: 0 } })
    const reconciled = await station(["payments", "reconcile", "--json"], env)
    expect(reconciled.code, reconciled.stdout).toBe(0)
  }, SLOW)
})
