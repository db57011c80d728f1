/**
 * Sending races on real Postgres (a pool of 25, READ COMMITTED): two staff setting freight on one order at
 * once → one wins and the other is told '更新运费失败'; concurrent sendOut scans of one order → one change (one
 * operations-log row, one −1 to the count), the other scans told it is already out; and, with several orders at
 * once, a student never sees another's order and staff only their worksite's. Runs only with TEST_DATABASE_URL.
 */
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, expect, it } from "vitest"
import type { LiveEvent } from "#src/shared/ports"
import { describeOnPostgres, newEmployee, newUser, shanghaiNoonClock, startTestApp, type TestApp, type TestUser } from "../support/test-app"

describeOnPostgres("sending races on real Postgres", () => {
  let t: TestApp
  let student: TestUser
  let token: string
  let staffA: string
  let staffB: string
  let address: { s: string; r: string }

  beforeAll(async () => {
    t = await startTestApp("postgres", { poolSize: 25, clock: shanghaiNoonClock() })
    student = await newUser(t.db)
    await t.db.updateTable("app_user").set({ auth_status: 1, id_card_no: "110105199003071239" }).where("id", "=", student.id).execute()
    token = await t.token(student.openid)
    staffA = await t.token("demo-staff")
    // a second employee of the same worksite, bound to their own account
    const second = await newUser(t.db, {}, { role: "staff" })
    const employee = await newEmployee(t.db, "secret-pass-1")
    await t.db.updateTable("employee").set({ openid: second.openid, user_id: second.id }).where("id", "=", employee.id).execute()
    staffB = await t.token(second.openid)
    const mk = (name: string, province: string) => ({
      id: `addr-${randomUUID()}`, user_id: student.id, name, phone: "13812345678", province, city: `${province}01`, county: `${province}0101`,
      province_name: "省", city_name: "市", county_name: "区", detail: "某路1号", is_default: false
    })
    const s = mk("寄", "44")
    const r = mk("收", "31")
    await t.db.insertInto("address").values([s, r]).execute()
    address = { s: s.id, r: r.id }
  }, 60_000)
  afterAll(async () => t?.close())

  const book = async () => {
    const r = await t.api("POST", "/api/expressTakein", token, { expressCompanyId: "ec-sf", senderAddressId: address.s, receiverAddressId: address.r, goodsName: "书", goodsCount: 1 })
    expect(r.body.success).toBe(true)
    return r.body.data as { _id: string; orderNo: string }
  }

  it("two staff set freight on one order at once: one wins, the other is refused, the freight is the winner's", async () => {
    for (let round = 0; round < 5; round++) {
      const { _id: id } = await book()
      const answers = await Promise.all([
        t.api("PUT", "/api/expressTakein/freight/updateFreight", staffA, { id, expressCompanyId: "ec-sf", freightWeight: 1000, freight: 1000 }),
        t.api("PUT", "/api/expressTakein/freight/updateFreight", staffB, { id, expressCompanyId: "ec-sf", freightWeight: 2000, freight: 2000 })
      ])
      const won = answers.filter((a) => a.status === 200)
      expect(won).toHaveLength(1)
      expect(answers.find((a) => a.status !== 200)).toMatchObject({ status: 409, body: { message: "更新运费失败" } })
      const row = await t.db.selectFrom("send_order").select(["status", "freight"]).where("id", "=", id).executeTakeFirstOrThrow()
      expect(row).toEqual({ status: 20, freight: won[0]!.body.data.freight })
      const logged = await t.db.selectFrom("ops_log").select("input").where("op", "=", "setFreight").execute()
      expect(logged.filter((l) => (l.input as { id: string }).id === id)).toHaveLength(1)
    }
  })

  it("concurrent sendOut of one order: one change, one log row, one −1; one scan succeeds, the others are told it is already out", async () => {
    const { _id: id, orderNo } = await book()
    await t.api("PUT", "/api/expressTakein/freight/updateFreightDaofu", staffA, { id, expressCompanyId: "ec-sf" })
    const printed = await t.api("POST", "/api/common/getElecWaybill/", staffA, { orderNo })
    expect(printed.body.success).toBe(true)
    const seen: Array<LiveEvent> = []
    const publish = t.runtime.publish
    t.runtime.publish = (e) => { seen.push(e); publish(e) }
    const logBefore = (await t.db.selectFrom("ops_log").select("seq").where("op", "=", "sendOut").execute()).length
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) =>
      t.api("PUT", `/api/expressTakein/sendOut/ws-xiyuan/${encodeURIComponent(`scan${i},${printed.body.data.expressNo}`)}`, i % 2 ? staffA : staffB)))
    t.runtime.publish = publish
    expect(answers.filter((a) => a.body.success === true).map((a) => a.body.message)).toEqual(["出库成功"])
    expect(answers.filter((a) => a.body.success !== true).map((a) => [a.status, a.body.message]))
      .toEqual(Array.from({ length: 7 }, () => [409, "该寄件已出库，请勿重复扫描"]))
    expect((await t.db.selectFrom("ops_log").select("seq").where("op", "=", "sendOut").execute()).length).toBe(logBefore + 1)
    expect(seen.filter((e) => e.name === "expressSended" && "user" in e.room)).toHaveLength(1)
    expect(seen.filter((e) => e.name === "ws-xiyuan-ec-sf-toScan").map((e) => e.payload)).toEqual([{ delta: -1 }])
    expect((await t.db.selectFrom("send_order").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe(100)
  })

  it("a student never sees another's order, staff only their worksite's", async () => {
    const orders = await Promise.all(Array.from({ length: 4 }, book))
    const stranger = await newUser(t.db)
    const strangerToken = await t.token(stranger.openid)
    const east = await t.token("demo-staff-dy")
    const reads = await Promise.all(orders.flatMap((o) => [
      t.api("GET", `/api/expressTakein/getById/${o._id}`, strangerToken),
      t.api("GET", `/api/expressTakein/getByOrderNo/${o.orderNo}`, east),
      t.api("GET", `/api/expressTakein/getById/${o._id}`, staffB)
    ]))
    expect(reads.map((r) => r.status)).toEqual(orders.flatMap(() => [404, 404, 200]))
    expect((await t.api("GET", "/api/expressTakein/wxlist/ing", strangerToken)).body.data).toEqual([])
  })
})
