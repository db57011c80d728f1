/**
 * A send order's detail over HTTP (PGlite, and Postgres with TEST_DATABASE_URL): the sender's signed QR, which the
 * staff's scan route accepts and whose forgery it refuses; the timeline read from the operations log with each
 * step's time; the amount due; the decoded answer checked with the call's Schema. And the 价格表 of the caller's worksite.
 */
import { randomUUID } from "node:crypto"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PriceTable, SendDetail } from "#src/sending/calls"
import { backends, newUser, shanghaiNoonClock, startTestApp, type TestApp, type TestUser } from "../support/test-app"

const contact = (userId: string, name: string, province: string, provinceName: string) => ({
  id: `addr-${randomUUID()}`, user_id: userId, name, phone: "13812345678", province, city: `${province}01`, county: `${province}0101`,
  province_name: provinceName, city_name: "市辖区", county_name: "区", detail: "某路1号", is_default: false
})

describe.each(backends)("send order detail (%s)", (backend) => {
  let t: TestApp
  let student: TestUser
  let token: string
  let staffToken: string
  let s: string
  let r: string

  beforeAll(async () => {
    t = await startTestApp(backend, { clock: shanghaiNoonClock() })
    student = await newUser(t.db)
    await t.db.updateTable("app_user").set({ auth_status: 1, id_card_no: "110105199003071239" }).where("id", "=", student.id).execute()
    token = await t.token(student.openid)
    staffToken = await t.token("demo-staff")
    const a = contact(student.id, "寄件人", "44", "广东省")
    const b = contact(student.id, "欧阳娜娜", "11", "北京市")
    await t.db.insertInto("address").values([a, b]).execute()
    s = a.id
    r = b.id
  }, 60_000)
  afterAll(async () => t?.close())

  it("QR to its sender (the staff's scan reads it; a forged one is refused), the timeline from the log, what is due", async () => {
    const booked = await t.api("POST", "/api/expressTakein", token, { expressCompanyId: "ec-sf", senderAddressId: s, receiverAddressId: r, goodsName: "书", goodsCount: 1 })
    const { _id: id, orderNo } = booked.body.data as { _id: string; orderNo: string }
    const first = await t.api("GET", `/api/expressTakein/detail/${id}`, token)
    const detail = Schema.decodeUnknownSync(SendDetail.answer)(first.body.data)
    expect(detail.qr).not.toBeNull()
    expect(detail.timeline.map((step) => [step.key, step.at !== null])).toEqual([["booked", true], ["freight", false], ["paid", false], ["printed", false], ["dispatched", false]])
    expect(detail.due).toBe(0)

    const scan = (code: string) => t.api("GET", `/api/expressTakein/scan/ws-xiyuan/${encodeURIComponent(code)}`, staffToken)
    expect((await scan(detail.qr!.content)).body).toMatchObject({ success: true, data: { _id: id, orderNo } })
    const forged = JSON.stringify({ ...JSON.parse(detail.qr!.content), ts: 1 })
    expect(await scan(forged)).toMatchObject({ status: 400, body: { success: false, message: "二维码校验失败" } })
    // staff see the order, not its QR
    expect((await t.api("GET", `/api/expressTakein/detail/${id}`, staffToken)).body.data.qr).toBeNull()

    expect((await t.api("PUT", "/api/expressTakein/freight/updateFreight", staffToken, { id, expressCompanyId: "ec-sf", freightWeight: 1500, freight: 1700 })).body.success).toBe(true)
    const later = Schema.decodeUnknownSync(SendDetail.answer)((await t.api("GET", `/api/expressTakein/detail/${id}`, token)).body.data)
    expect(later.timeline.map((step) => [step.key, step.at !== null])).toEqual([["booked", true], ["freight", true], ["paid", false], ["printed", false], ["dispatched", false]])
    expect(later.due).toBe(1700)
    expect(later.order.receiver.name).toBe("欧阳娜娜")
  })

  it("the price table of the caller's worksite, from the tariff", async () => {
    const answer = await t.api("GET", "/api/expressFreight/prices", token)
    const table = Schema.decodeUnknownSync(PriceTable.answer)(answer.body.data)
    const rows = await t.db.selectFrom("freight_tariff").selectAll().where("worksite_id", "=", "ws-xiyuan").execute()
    expect(table.flatMap((c) => c.provinces).length).toBe(rows.length)
    expect(rows.length).toBeGreaterThan(0)
    const sf11 = rows.find((x) => x.company_code === "SF" && x.to_province_code === "11")!
    expect(table.find((c) => c.companyCode === "SF")!.provinces.find((p) => p.provinceCode === "11")).toEqual({ provinceCode: "11", provinceName: "北京市", firstKg: sf11.first_kg, extraKg: sf11.extra_kg })
  })
})
