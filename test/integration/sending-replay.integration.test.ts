/**
 * `station replay` of sending: a booking, its freight set, its prepay opened, paid through the provider's notice, printed
 * and dispatched are logged, and replaying the log into a fresh database rebuilds the same order row and the same
 * freight trade (its number, the provider's prepay id and reference, status, amount, times);
 * without the freight payment line the print is refused there. Closed orders (a plain one with its freight
 * due, an unpaid door pickup with its errand) are closed there too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { replayOperations } from "#adapters/ops/replay"
import { loggedOperations } from "#adapters/ops/ops-log"
import { createUser } from "#adapters/postgres/seed"
import { bookingDays } from "#src/sending/booking-time"
import { settleOutbox, shanghaiNoonClock, startTestApp, type TestApp } from "../support/test-app"

const SENDER = { id: "u-replay-sender", openid: "replay-sender" }

const withSender = async (t: TestApp) => {
  await createUser(t.db, { ...SENDER, nickname: "寄件", realname: "寄件人", phone_main: "13600000001", worksite_id: "ws-xiyuan", role: "student" }, {})
  await t.db.updateTable("app_user").set({ auth_status: 1, id_card_no: "110105199003071239" }).where("id", "=", SENDER.id).execute()
}

describe("station replay of sending", () => {
  let recorded: TestApp
  let fresh: TestApp
  /** The recorded log as exported lines (the first test records it). */
  const lines: Array<{ lineNo: number; text: string }> = []
  const clock = shanghaiNoonClock()
  beforeAll(async () => {
    recorded = await startTestApp("pglite", { clock })
    fresh = await startTestApp("pglite", { clock })
    await withSender(recorded)
    await withSender(fresh)
  }, 60_000)
  afterAll(async () => {
    await recorded?.close()
    await fresh?.close()
  })

  it("rebuilds the order in a fresh database; without the payment the print is refused", async () => {
    const t = recorded
    const token = await t.token(SENDER.openid)
    const staff = await t.token("demo-staff")
    const address = (name: string, province: string) => ({
      id: `addr-${name}`, user_id: SENDER.id, name, phone: "13812345678", province, city: `${province}01`, county: `${province}0101`,
      province_name: "省", city_name: "市", county_name: "区", detail: "路1号", is_default: false
    })
    await t.db.insertInto("address").values([address("s", "44"), address("r", "31")]).execute()
    const booked = await t.api("POST", "/api/expressTakein", token, { expressCompanyId: "ec-sf", senderAddressId: "addr-s", receiverAddressId: "addr-r", goodsName: "书", insureMoney: 1000 })
    const { _id: id, orderNo } = booked.body.data
    expect((await t.api("PUT", "/api/expressTakein/freight/updateFreight", staff, { id, expressCompanyId: "ec-sf", freightWeight: 2500, freight: 1700 })).status).toBe(200)
    const prepay = await t.api("GET", `/api/expressTakein/payFreight/${id}`, token)
    const sign = await t.api("GET", `/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${prepay.body.data.prepayId}`)}`, token)
    expect((await t.api("POST", "/auth/dev/pay", undefined, sign.body.data)).body.success).toBe(true)
    const printed = await t.api("POST", "/api/common/getElecWaybill/", staff, { orderNo })
    expect((await t.api("PUT", `/api/expressTakein/sendOut/ws-xiyuan/${printed.body.data.expressNo}`, staff)).body.success).toBe(true)

    // a plain order closed with its freight due, and an unpaid door pickup closed (its errand cancelled)
    const due = (await t.api("POST", "/api/expressTakein", token, { expressCompanyId: "ec-sf", senderAddressId: "addr-s", receiverAddressId: "addr-r", goodsName: "衣服", insureMoney: 1000 })).body.data._id
    expect((await t.api("PUT", "/api/expressTakein/freight/updateFreight", staff, { id: due, expressCompanyId: "ec-sf", freightWeight: 800, freight: 1200 })).status).toBe(200)
    expect(await t.api("DELETE", `/api/expressTakein/${due}`, token)).toMatchObject({ status: 200, body: { message: "关闭成功" } })
    const door = await t.api("POST", "/api/expressTakein", token, {
      expressCompanyId: "ec-sf", senderAddressId: "addr-s", receiverAddressId: "addr-r", goodsName: "鞋", insureMoney: 1000, requiredDoorService: true,
      goodsType: 1, dormBuilding: "b-xy-1", dormFloor: 2, dormRoom: "201", fee: 200, requireArriveTime: bookingDays(clock())[0]!.slots[0]!.toISOString()
    })
    expect(door.status, JSON.stringify(door.body)).toBe(200)
    expect(await t.api("DELETE", `/api/expressTakein/${door.body.data._id}`, token)).toMatchObject({ status: 200, body: { message: "关闭成功" } })
    // a door pickup whose reward was paid, closed in the hall: its errand cancelled and the reward refunded at the provider
    // (the replay answers the refund as recorded, as every errand cancel's)
    const paidDoor = await t.api("POST", "/api/expressTakein", token, {
      expressCompanyId: "ec-sf", senderAddressId: "addr-s", receiverAddressId: "addr-r", goodsName: "包", insureMoney: 1000, requiredDoorService: true,
      goodsType: 1, dormBuilding: "b-xy-1", dormFloor: 2, dormRoom: "201", fee: 200, requireArriveTime: bookingDays(clock())[0]!.slots[0]!.toISOString()
    })
    const reward = await t.api("GET", `/api/paotuiOrder/prepay/${paidDoor.body.data.paotui._id}`, token)
    const rewardSign = await t.api("GET", `/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${reward.body.data.prepayId}`)}`, token)
    expect((await t.api("POST", "/auth/dev/pay", undefined, rewardSign.body.data)).body.success).toBe(true)
    expect(await t.api("DELETE", `/api/expressTakein/${paidDoor.body.data._id}`, token)).toMatchObject({ status: 200, body: { message: "关闭成功" } })

    await settleOutbox(t)
    for await (const op of loggedOperations(t.db)) lines.push({ lineNo: lines.length + 1, text: JSON.stringify(op) })
    expect(lines.map((l) => JSON.parse(l.text).op)).toEqual([
      "bookSending", "setFreight", "freightPrepay", "freightPaid", "printWaybill", "sendOut", "bookSending", "setFreight", "closeSending", "bookSending", "closeSending",
      "bookSending", "errandPrepay", "errandPaid", "closeSending"
    ])

    const summary = await replayOperations(fresh.runtime, (async function* () { yield* lines })())
    expect(summary.problems).toEqual([])
    expect(summary).toMatchObject({ operations: 15, matched: 15, mismatched: 0, failed: 0, badLines: 0 })
    // the freight's trade as it was: its number, the provider's prepay id and reference, status, amount and times
    const tradesOf = (app: TestApp) => app.db.selectFrom("pay_trade").selectAll().where("kind", "=", "freight").orderBy("trade_no").execute()
    const trades = await tradesOf(t)
    expect(trades).toEqual([expect.objectContaining({ trade_no: prepay.body.data.tradeNo, prepay_id: prepay.body.data.prepayId, ref_id: id, status: "paid", amount_fen: prepay.body.data.totalFee })])
    expect(trades[0]?.provider_ref).toBeTruthy()
    expect(await tradesOf(fresh)).toEqual(trades)
    for (const order of [id, due, door.body.data._id, paidDoor.body.data._id]) {
      expect(await fresh.db.selectFrom("send_order").selectAll().where("id", "=", order).executeTakeFirstOrThrow())
        .toEqual(await t.db.selectFrom("send_order").selectAll().where("id", "=", order).executeTakeFirstOrThrow())
    }
    for (const closed of [door.body.data._id, paidDoor.body.data._id]) {
      const { errand_id: errandId } = await t.db.selectFrom("send_order").select("errand_id").where("id", "=", closed).executeTakeFirstOrThrow()
      const errandOf = (app: TestApp) => app.db.selectFrom("errand_order").select(["id", "status", "paid", "refunded"]).where("id", "=", errandId ?? "").execute()
      expect(await errandOf(fresh)).toEqual(await errandOf(t))
      expect((await errandOf(t))[0]?.status).toBe(4)
    }
    const rewardTrade = (app: TestApp) => app.db.selectFrom("pay_trade").select(["trade_no", "status", "amount_fen"]).where("trade_no", "=", reward.body.data.tradeNo).execute()
    expect(await rewardTrade(t)).toEqual([expect.objectContaining({ status: "refunded" })])
    expect(await rewardTrade(fresh)).toEqual(await rewardTrade(t))

    const withoutPayment = await startTestApp("pglite", { clock })
    try {
      await withSender(withoutPayment)
      const skipped = await replayOperations(withoutPayment.runtime, (async function* () { yield* lines.filter((l) => JSON.parse(l.text).op !== "freightPaid") })(), { keepGoing: true })
      expect(skipped.problems.map((p) => [p.op, p.message])).toContainEqual(["printWaybill", "寄件客户还没付运费"])
    } finally {
      await withoutPayment.close()
    }
  })

  it("refuses a malformed line as a whole, naming its line and each wrong field; it changes nothing and the replay goes on", async () => {
    expect(lines.length).toBeGreaterThan(5)
    const [booking, freight, ...rest] = lines.slice(0, 5).map((l) => JSON.parse(l.text))
    expect([booking.op, freight.op]).toEqual(["bookSending", "setFreight"])
    const { isDaofu: _isDaofu, ...withoutFlag } = freight.input
    const malformed = { ...freight, input: { ...withoutFlag, freight: "17元" }, outcome: { ...freight.outcome, status: String(freight.outcome.status) } }
    const target = await startTestApp("pglite", { clock })
    try {
      await withSender(target)
      const feed = [booking, malformed, ...rest].map((op, i) => ({ lineNo: i + 1, text: JSON.stringify(op) }))
      const summary = await replayOperations(target.runtime, (async function* () { yield* feed })(), { keepGoing: true })
      expect(summary).toMatchObject({ lines: 5, badLines: 1, operations: 4 })
      expect(summary.problems[0]).toEqual({
        line: 2, kind: "badLine", op: "setFreight",
        message: `input.freight: expected number | null, got "17元"; input.isDaofu: missing; outcome.status: expected number, got "${freight.outcome.status}"`
      })
      // the booking before it replayed; the refused line set no freight, so the later steps are refused, each on its own line:
      // no freight to pay, so no trade opened, so no trade for the notice to settle, so nothing to print
      expect(summary.problems.slice(1).map((p) => [p.line, p.kind, p.op])).toEqual([
        [3, "failure", "freightPrepay"], [4, "failure", "freightPaid"], [5, "failure", "printWaybill"]
      ])
      expect(await target.db.selectFrom("send_order").select(["status", "freight", "freight_weight"]).where("id", "=", booking.outcome.id).executeTakeFirstOrThrow())
        .toEqual({ status: booking.outcome.status, freight: null, freight_weight: null })
    } finally {
      await target.close()
    }
  })
})
