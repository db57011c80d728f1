/**
 * 取消任务 on `/expressTotakeList` (issue 20): the receiver's parcel list names the open door-delivery errand on a
 * parcel (`paotuiOrderNo`, decoded with the list's Schema), and the requester's cancel of it (`PUT
 * /api/paotuiOrder/cancel/{orderNo}`) puts the parcel back to 0 from 2 (unpaid) and from 3 (paid, refunded), after
 * which the list names no errand. Someone else cannot cancel it. On PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ParcelForReceiver, ReceiverParcels } from "#src/parcel/calls"
import { checkInPayload, decodedData, newUser, paidDoorDelivery, shanghaiNoonClock, startTestApp, unique, type TestApp } from "../support/test-app"

describe("cancelling a parcel's door delivery from the parcel list [pglite]", () => {
  let t: TestApp
  let clock: () => Date
  let staff = ""
  let student = ""
  beforeAll(async () => {
    clock = shanghaiNoonClock()
    t = await startTestApp("pglite", { clock })
    ;[staff, student] = await Promise.all([t.token("demo-staff"), t.token("demo-student")])
  })
  afterAll(async () => { await t?.close() })

  const parcel = async () => {
    const expressNo = unique("SF")
    expect((await t.api("POST", "/api/expressTosend", staff, checkInPayload({ expressNo, receiverPhone: "13800000001" }))).status).toBe(201)
    return (await t.db.selectFrom("parcel").select("id").where("express_no", "=", expressNo).executeTakeFirstOrThrow()).id
  }
  const placeUnpaid = async (toTakeId: string) => {
    const placed = await t.api("POST", "/api/paotuiOrder", student, {
      type: 1, toTakeId, worksiteId: "ws-xiyuan", goodsType: 1, dormBuilding: "b-xy-1", dormFloor: 5, dormRoom: "501", friendReceives: false, sexLimit: -1, remark: ""
    })
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    return placed.body.data._id as string
  }
  const order = (id: string) => t.db.selectFrom("errand_order").selectAll().where("id", "=", id).executeTakeFirstOrThrow()
  const parcelStatus = async (id: string) => (await t.db.selectFrom("parcel").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status
  /** The parcel as the list's first pages show it (decoded as the page decodes them). */
  const listed = async (id: string) => {
    for (let pageNo = 1; ; pageNo++) {
      const page = decodedData(ReceiverParcels.answer, await t.api("GET", `/api/expressTosend/pagingForFontend?statusStr=ing&pageNo=${pageNo}`, student))
      const found = page.results.find((p) => p._id === id)
      if (found || page.pageNumber >= page.pageCount) return found
    }
  }

  it("an unpaid errand (parcel 2): listed with its order number, cancelled by the receiver, the parcel back to 0 and no errand named", async () => {
    const p = await parcel()
    expect((await listed(p))?.paotuiOrderNo).toBeNull()
    const id = await placeUnpaid(p)
    const { order_no: orderNo } = await order(id)
    expect(await listed(p)).toMatchObject({ status: 2, paotuiOrderNo: orderNo })
    expect(decodedData(ParcelForReceiver.answer, await t.api("GET", `/api/expressTosend/getById/${p}`, student)).paotuiOrderNo).toBe(orderNo)

    const cancelled = await t.api("PUT", `/api/paotuiOrder/cancel/${orderNo}`, student)
    expect(cancelled).toMatchObject({ status: 200, body: { success: true, message: "取消成功" } })
    expect(await order(id)).toMatchObject({ status: 4 })
    expect(await parcelStatus(p)).toBe(0)
    expect(await listed(p)).toMatchObject({ status: 0, paotuiOrderNo: null })
    // cancelled once: a second cancel is refused and changes nothing
    expect((await t.api("PUT", `/api/paotuiOrder/cancel/${orderNo}`, student)).status).toBe(409)
    expect(await parcelStatus(p)).toBe(0)
  })

  it("a paid errand waiting for a runner (parcel 3): cancelled and refunded, the parcel back to 0", async () => {
    const { id, tradeNo } = await paidDoorDelivery(t, { staff, student }, clock, new Date(clock().getTime() + 3_600_000))
    const o = await order(id)
    const p = o.to_take_id!
    expect(await listed(p)).toMatchObject({ status: 3, paotuiOrderNo: o.order_no })
    const cancelled = await t.api("PUT", `/api/paotuiOrder/cancel/${o.order_no}`, student)
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect(await parcelStatus(p)).toBe(0)
    expect(await t.db.selectFrom("pay_trade").select("status").where("trade_no", "=", tradeNo).executeTakeFirstOrThrow()).toEqual({ status: "refunded" })
    expect(await listed(p)).toMatchObject({ status: 0, paotuiOrderNo: null })
  })

  it("another student cannot cancel it: refused, the errand and the parcel unchanged", async () => {
    const p = await parcel()
    const id = await placeUnpaid(p)
    const { order_no: orderNo } = await order(id)
    const stranger = await newUser(t.db)
    const refused = await t.api("PUT", `/api/paotuiOrder/cancel/${orderNo}`, await t.token(stranger.openid))
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(refused.status).toBeLessThan(500)
    expect(await order(id)).toMatchObject({ status: -1 })
    expect(await parcelStatus(p)).toBe(2)
  })
})
