/**
 * The door pickup end to end over HTTP (PGlite): a sending booked with door pickup is a type-2 errand; the
 * reward is paid through `GET /api/paotuiOrder/prepay/{id}` and the simulated provider, the order shows in the
 * runner's hall, is grabbed, handed over and confirmed (pay now, or cash on delivery), freight is set and paid,
 * the waybill printed and the parcel dispatched. At every step the send order and its errand stand where their
 * door pickup's errand edges pair them (`doorPickupPairs`), and at the end the money balances: `station check`'s
 * invariants hold and `station payments reconcile` finds no mismatch. Closing a paid door pickup refunds
 * the reward through the pay-in port.
 */
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { checkInvariants } from "#adapters/ops/invariants"
import { purposeBooks } from "#adapters/payments/books"
import { doorPickupPairs, edgeFor } from "#src/errand/status-machine"
import { reconcile } from "#src/payment/reconcile"
import type { SendStatus } from "#src/sending/status-machine"
import { jpegBytes, plainPng, uploaded } from "../support/account-kit"
import { newUser, shanghaiNoonClock, startTestApp, type TestApp, type TestUser } from "../support/test-app"

const base = "/api/paotuiOrder"

describe("door pickup over HTTP (pglite)", () => {
  let t: TestApp
  let student: TestUser
  let token: string
  let runner: TestUser
  let runnerToken: string
  let staffToken: string
  let senderAddress: string
  let receiverAddress: string

  beforeAll(async () => {
    t = await startTestApp("pglite", { clock: shanghaiNoonClock() })
    student = await newUser(t.db)
    await t.db.updateTable("app_user").set({ auth_status: 1, id_card_no: "110105199003071239" }).where("id", "=", student.id).execute()
    token = await t.token(student.openid)
    runner = await newUser(t.db, {}, { role: "runner" })
    await t.db.updateTable("app_user").set({ auth_status: 1, paotui_status: 1, sex: 1 }).where("id", "=", runner.id).execute()
    runnerToken = await t.token(runner.openid)
    staffToken = await t.token("demo-staff")
    const contact = (name: string, province: string, provinceName: string) => ({
      id: `addr-${randomUUID()}`, user_id: student.id, name, phone: "13812345678", province, city: `${province}01`, county: `${province}0101`,
      province_name: provinceName, city_name: "市", county_name: "区", detail: "某路1号", is_default: false
    })
    const s = contact("寄件人", "44", "广东省")
    const r = contact("收件人", "31", "上海市")
    await t.db.insertInto("address").values([s, r]).execute()
    senderAddress = s.id
    receiverAddress = r.id
  }, 60_000)
  afterAll(async () => t?.close())

  /** A door pickup from the demo seed's building 1号楼, reward 3 yuan. */
  const bookDoor = async (extra: Record<string, unknown> = {}) => {
    const slot = (await t.api("GET", "/api/expressTakein/setup", token)).body.data.bookingDays[0].slots[0] as string
    const r = await t.api("POST", "/api/expressTakein", token, {
      expressCompanyId: "ec-sf", senderAddressId: senderAddress, receiverAddressId: receiverAddress, goodsName: "书籍", goodsCount: 1, insureMoney: 50_000,
      requiredDoorService: true, goodsType: 1, dormBuilding: "b-xy-1", dormFloor: 3, dormRoom: "305", fee: 300, paotuiRemark: "门口", requireArriveTime: slot, ...extra
    })
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true, data: { status: 0, requiredDoorService: true, dormBuilding: "b-xy-1", paotui: { status: -1, fee: 300, isPayed: false } } })
    return r.body.data as { _id: string; orderNo: string; paotui: { _id: string; orderNo: string } }
  }

  /** The send order (as its sender sees it) and its errand row, checked against both status machines. */
  const at = async (sendId: string, errandId: string, send: SendStatus, errand: number) => {
    const order = (await t.api("GET", `/api/expressTakein/getById/${sendId}`, token)).body.data
    const row = await t.db.selectFrom("errand_order").selectAll().where("id", "=", errandId).executeTakeFirstOrThrow()
    expect([order.status, order.paotui.status, row.status, row.type]).toEqual([send, errand, errand, 2])
    expect(doorPickupPairs).toContainEqual([errand, send])
    return { order, row }
  }

  /** Pays a prepay through the simulated provider's sheet and its signed notice. */
  const payAtProvider = async (prepayId: string) => {
    const sign = await t.api("GET", `/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${prepayId}`)}`, token)
    expect(sign.status).toBe(200)
    const paid = await t.api("POST", "/auth/dev/pay", undefined, sign.body.data)
    expect(paid.body).toMatchObject({ success: true, data: { notified: true } })
  }
  const payReward = async (errandId: string) => {
    const prepay = await t.api("GET", `${base}/prepay/${errandId}`, token)
    expect(prepay.body, JSON.stringify(prepay.body)).toMatchObject({ success: true, data: { totalFee: 300, prepayId: expect.any(String) } })
    await payAtProvider(prepay.body.data.prepayId)
    return prepay.body.data as { prepayId: string; tradeNo: string }
  }
  const hallIds = async () => {
    const hall = await t.api("GET", `${base}/toRobbing/ws-xiyuan/time`, runnerToken)
    expect(hall.status).toBe(200)
    return (hall.body.data as Array<{ _id: string }>).map((o) => o._id)
  }
  const wallet = async (userId: string) => (await t.db.selectFrom("wallet").select("money").where("user_id", "=", userId).executeTakeFirstOrThrow()).money
  const moneyBalances = async () => {
    const broken = (await checkInvariants(t.db)).filter((r) => !r.ok)
    expect(broken).toEqual([])
    expect(reconcile(await purposeBooks(t.db))).toEqual([])
  }

  /** Booked, reward paid, in the hall, grabbed and handed over: at send 3 / errand 2. */
  const handedOver = async () => {
    const booked = await bookDoor()
    const { _id: id, paotui } = booked
    await at(id, paotui._id, 0, -1)
    expect(await hallIds()).not.toContain(paotui._id)
    const trade = await payReward(paotui._id)
    const opened = await at(id, paotui._id, 1, 0)
    expect(opened.order.paotui.isPayed).toBe(true)
    expect(opened.row).toMatchObject({ paid: 300, prepay_id: trade.prepayId })
    expect(await hallIds()).toContain(paotui._id)

    const grabbed = await t.api("PUT", `${base}/robbingRollModule/${paotui.orderNo}`, runnerToken)
    expect([grabbed.status, grabbed.body.message]).toEqual([200, "接单成功"])
    await at(id, paotui._id, 2, 1)
    expect(await hallIds()).not.toContain(paotui._id)
    // with a runner on it the sender can no longer close it; the runner sees the order
    expect(await t.api("DELETE", `/api/expressTakein/${id}`, token)).toMatchObject({ status: 409, body: { message: "关闭失败" } })
    expect((await t.api("GET", `/api/expressTakein/getById/${id}`, runnerToken)).body.data).toMatchObject({ status: 2, paotui: { acceptUser: "测试" } })

    // only the sender says the runner has taken it
    expect((await t.api("PUT", `${base}/paotuiTakeaway/${paotui._id}`, runnerToken)).status).toBe(403)
    expect((await t.api("PUT", `${base}/paotuiTakeaway/${paotui._id}`, token)).status).toBe(200)
    await at(id, paotui._id, 3, 2)
    return { ...booked, trade }
  }

  it("pay now: reward prepaid, hall, grab, handed over, confirmed, freight set and paid, printed, dispatched; the runner paid; money balances", async () => {
    const { _id: id, orderNo, paotui, trade } = await handedOver()
    expect((await t.api("PUT", `${base}/paotuiConfirmTakeaway/${paotui._id}`, token, { goodsPic: "", isDaofu: false })).status).toBe(403)
    // the goods photo must be the runner's own upload: a made-up path or the sender's upload is refused and nothing moves
    const foreign = (await uploaded(t, token, "fileVal", plainPng())).url
    for (const goodsPic of ["goods.jpg", foreign, `${foreign.slice(0, -4)}.gif`]) {
      expect(await t.api("PUT", `${base}/paotuiConfirmTakeaway/${paotui._id}`, runnerToken, { goodsPic, isDaofu: false }))
        .toMatchObject({ status: 400, body: { success: false, message: "请上传图片" } })
    }
    await at(id, paotui._id, 3, 2)
    const own = (await uploaded(t, runnerToken, "fileVal", jpegBytes())).url
    expect((await t.api("PUT", `${base}/paotuiConfirmTakeaway/${paotui._id}`, runnerToken, { goodsPic: `https://cdn.example.com${own}`, isDaofu: false })).status).toBe(200)
    expect((await at(id, paotui._id, 10, 3)).row.goods_pic).toBe(own)

    const freight = await t.api("PUT", "/api/expressTakein/freight/updateFreight", staffToken, { id, expressCompanyId: "ec-sf", freightWeight: 1500, freight: 1200 })
    expect(freight.body).toMatchObject({ success: true, message: "计费成功待支付", data: { status: 20, freight: 1200 } })
    expect((await at(id, paotui._id, 20, 10)).row.freight).toBe(1200)
    expect(await t.api("POST", "/api/common/getElecWaybill/", staffToken, { orderNo })).toMatchObject({ status: 409, body: { message: "寄件客户还没付运费" } })

    const prepay = await t.api("GET", `/api/expressTakein/payFreight/${id}`, token)
    expect(prepay.body).toMatchObject({ success: true, data: { totalFee: 1200 + 250 } })
    await payAtProvider(prepay.body.data.prepayId)
    const paid = await at(id, paotui._id, 4, 20)
    expect([paid.order.freightPay, paid.row.freight_paid]).toEqual([true, 1200])

    const printed = await t.api("POST", "/api/common/getElecWaybill/", staffToken, { orderNo })
    expect(printed.body).toMatchObject({ success: true, data: { orderNo, expressNo: `SF${orderNo.slice(2)}` } })
    expect((await at(id, paotui._id, 5, 5)).order.expressNo).toBe(printed.body.data.expressNo)

    const count = async () => (await t.api("GET", "/api/expressTakein/toScan/ws-xiyuan/ec-sf", staffToken)).body.data.count as number
    const before = await count()
    const runnerBefore = await wallet(runner.id)
    const out = await t.api("PUT", `/api/expressTakein/sendOut/ws-xiyuan/${printed.body.data.expressNo}`, staffToken)
    expect(out.body).toMatchObject({ success: true, message: "出库成功", data: { status: 100 } })
    const done = await at(id, paotui._id, 100, 100)
    expect(done.row).toMatchObject({ paid: 300, refunded: 0, runner_income: 300, to_comment: true })
    expect(await count()).toBe(before - 1)
    expect(await wallet(runner.id)).toBe(runnerBefore + 300)
    expect(await t.db.selectFrom("pay_trade").select(["kind", "status", "amount_fen"]).where("ref_id", "in", [id, paotui._id]).orderBy("kind").execute())
      .toEqual([{ kind: "errand", status: "paid", amount_fen: 300 }, { kind: "freight", status: "paid", amount_fen: 1450 }])
    expect((await t.db.selectFrom("pay_trade").select("trade_no").where("ref_id", "=", paotui._id).executeTakeFirstOrThrow()).trade_no).toBe(trade.tradeNo)
    // the rating dot waits for the sender
    expect(await t.api("GET", `${base}/haveToComment`, token)).toMatchObject({ status: 200, body: { data: true } })
    await moneyBalances()
  })

  it("a door pickup's step that its errand cannot take keeps nothing: the freight notice is not settled, the dispatch scan refused", async () => {
    const { _id: id, orderNo, paotui } = await handedOver()
    const own = (await uploaded(t, runnerToken, "fileVal", jpegBytes())).url
    expect((await t.api("PUT", `${base}/paotuiConfirmTakeaway/${paotui._id}`, runnerToken, { goodsPic: own, isDaofu: false })).status).toBe(200)
    expect((await t.api("PUT", "/api/expressTakein/freight/updateFreight", staffToken, { id, expressCompanyId: "ec-sf", freightWeight: 1500, freight: 1200 })).status).toBe(200)
    await at(id, paotui._id, 20, 10)
    const errandAt = (status: number) => t.db.updateTable("errand_order").set({ status }).where("id", "=", paotui._id).execute()
    const sendRow = async () => (await t.db.selectFrom("send_order").select(["status", "freight_paid"]).where("id", "=", id).executeTakeFirstOrThrow())

    // a defect planted: the errand stands at 3 while its send order waits for the freight at 20 (its errand at 10)
    await errandAt(3)
    const prepay = await t.api("GET", `/api/expressTakein/payFreight/${id}`, token)
    const sign = await t.api("GET", `/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${prepay.body.data.prepayId}`)}`, token)
    const paid = await t.runtime.paymentProvider.pay(sign.body.data)
    if (!paid.ok) throw new Error(paid.reason)
    const refused = await t.api("POST", "/api/wx/payNotify", undefined, paid.notice)
    expect(refused.status).toBe(500)
    expect(await sendRow()).toEqual({ status: 20, freight_paid: false })
    expect((await t.db.selectFrom("pay_trade").select("status").where("ref_id", "=", id).executeTakeFirstOrThrow()).status).toBe("created")
    // mended, the provider's next notice settles it whole
    await errandAt(10)
    expect((await t.api("POST", "/api/wx/payNotify", undefined, paid.notice)).status).toBe(200)
    await at(id, paotui._id, 4, 20)

    const printed = await t.api("POST", "/api/common/getElecWaybill/", staffToken, { orderNo })
    await at(id, paotui._id, 5, 5)
    await errandAt(20)
    const scan = await t.api("PUT", `/api/expressTakein/sendOut/ws-xiyuan/${printed.body.data.expressNo}`, staffToken)
    expect(scan.status).toBe(409)
    expect((await sendRow()).status).toBe(5)
    await errandAt(5)
    expect((await t.api("PUT", `/api/expressTakein/sendOut/ws-xiyuan/${printed.body.data.expressNo}`, staffToken)).body).toMatchObject({ success: true, data: { status: 100 } })
    await at(id, paotui._id, 100, 100)
    await moneyBalances()
  })

  it("cash on delivery chosen by the runner at the confirmation: straight to awaiting a number, printed unpaid, dispatched", async () => {
    const { _id: id, orderNo, paotui } = await handedOver()
    expect(await t.api("PUT", `${base}/paotuiConfirmTakeaway/${paotui._id}`, runnerToken, { goodsPic: "goods.jpg", isDaofu: true })).toMatchObject({ status: 400, body: { message: "请上传图片" } })
    const own = (await uploaded(t, runnerToken, "fileVal", plainPng())).url
    expect((await t.api("PUT", `${base}/paotuiConfirmTakeaway/${paotui._id}`, runnerToken, { goodsPic: own, isDaofu: true })).status).toBe(200)
    const confirmed = await at(id, paotui._id, 4, 20)
    expect([confirmed.order.isDaofu, confirmed.order.freight, confirmed.order.freightPay]).toEqual([true, null, false])
    expect(await t.api("GET", `/api/expressTakein/payFreight/${id}`, token)).toMatchObject({ status: 409 })
    const printed = await t.api("POST", "/api/common/getElecWaybill/", staffToken, { orderNo })
    expect(printed.body.success).toBe(true)
    await at(id, paotui._id, 5, 5)
    const runnerBefore = await wallet(runner.id)
    expect((await t.api("PUT", `/api/expressTakein/sendOut/ws-xiyuan/${printed.body.data.expressNo}`, staffToken)).body).toMatchObject({ success: true, data: { status: 100 } })
    expect((await at(id, paotui._id, 100, 100)).row).toMatchObject({ paid: 300, runner_income: 300, freight_paid: 0 })
    expect(await wallet(runner.id)).toBe(runnerBefore + 300)
    await moneyBalances()
  })

  it("cash on delivery set by staff after the runner's confirmation: the errand takes its own table edge 3 → 20", async () => {
    expect(edgeFor(2, 3, "setFreightDaofu")?.to).toBe(20)
    const { _id: id, orderNo, paotui } = await handedOver()
    expect((await t.api("PUT", `${base}/paotuiConfirmTakeaway/${paotui._id}`, runnerToken, { goodsPic: "", isDaofu: false })).status).toBe(200)
    await at(id, paotui._id, 10, 3)
    const daofu = await t.api("PUT", "/api/expressTakein/freight/updateFreightDaofu", staffToken, { id, expressCompanyId: "ec-sf" })
    expect(daofu.body).toMatchObject({ success: true, message: "到付成功待打印", data: { status: 4, isDaofu: true } })
    await at(id, paotui._id, 4, 20)
    const printed = await t.api("POST", "/api/common/getElecWaybill/", staffToken, { orderNo })
    expect((await t.api("PUT", `/api/expressTakein/sendOut/ws-xiyuan/${printed.body.data.expressNo}`, staffToken)).body.success).toBe(true)
    await at(id, paotui._id, 100, 100)
    await moneyBalances()
  })

  it("closing a door pickup cancels its errand through the errand lifecycle: a paid reward is refunded through the pay-in port, an open prepay closed", async () => {
    // paid, in the hall: closed → errand cancelled, its trade refunded at the provider, nothing into the wallet
    const { _id: id, paotui } = await bookDoor()
    const trade = await payReward(paotui._id)
    await at(id, paotui._id, 1, 0)
    const walletBefore = await wallet(student.id)
    expect(await t.api("DELETE", `/api/expressTakein/${id}`, token)).toMatchObject({ status: 200, body: { message: "关闭成功", data: { status: 400 } } })
    expect((await at(id, paotui._id, 400, 4)).row).toMatchObject({ paid: 300, refunded: 300, runner_income: 0 })
    expect(await t.db.selectFrom("pay_trade").select("status").where("trade_no", "=", trade.tradeNo).executeTakeFirstOrThrow()).toEqual({ status: "refunded" })
    expect(await wallet(student.id)).toBe(walletBefore)
    expect(await hallIds()).not.toContain(paotui._id)
    expect((await t.api("PUT", `${base}/robbingRollModule/${paotui.orderNo}`, runnerToken)).status).toBe(409)

    // unpaid with a prepay opened and left: closing closes it at the provider, so it can no longer be paid
    const second = await bookDoor()
    const prepay = await t.api("GET", `${base}/prepay/${second.paotui._id}`, token)
    const sign = await t.api("GET", `/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${prepay.body.data.prepayId}`)}`, token)
    expect(await t.api("DELETE", `/api/expressTakein/${second._id}`, token)).toMatchObject({ status: 200, body: { data: { status: 400 } } })
    await at(second._id, second.paotui._id, 400, 4)
    expect((await t.api("POST", "/auth/dev/pay", undefined, sign.body.data)).body.success).toBe(false)
    expect(await t.db.selectFrom("pay_trade").select("status").where("ref_id", "=", second.paotui._id).execute()).toEqual([{ status: "expired" }])
    await moneyBalances()
  })
})
