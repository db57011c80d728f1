/**
 * Sending over HTTP (spec 001 §5/§7 "Parcel sending", the outbound staff screen; spec 002 dispatch): the gate,
 * booking's checks in order, lists and who sees what, close, the tariff quote, freight set once, the freight
 * paid through the simulated provider, the waybill PDF and its printer, dispatch counts and sendOut, and the
 * door pickup with its type-2 errand.
 */
import { randomUUID } from "node:crypto"
import { readFileSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { LiveEvent } from "#src/shared/ports"
import { plainPng, uploaded } from "../support/account-kit"
import { backends, newUser, shanghaiNoonClock, startTestApp, type TestApp, type TestUser } from "../support/test-app"

const contact = (userId: string, name: string, province: string, provinceName: string) => ({
  id: `addr-${randomUUID()}`, user_id: userId, name, phone: "13812345678", province, city: `${province}01`, county: `${province}0101`,
  province_name: provinceName, city_name: "市", county_name: "区", detail: "某路1号", is_default: false
})

describe.each(backends)("sending over HTTP (%s)", (backend) => {
  let t: TestApp
  let student: TestUser
  let token: string
  let other: TestUser
  let otherToken: string
  let staffToken: string
  let staffDyToken: string
  let senderAddress: string
  let receiverAddress: string

  const verified = async (u: TestUser) => {
    await t.db.updateTable("app_user").set({ auth_status: 1, id_card_no: "110105199003071239" }).where("id", "=", u.id).execute()
  }
  const addresses = async (u: TestUser) => {
    const s = contact(u.id, "寄件人", "44", "广东省")
    const r = contact(u.id, "收件人", "31", "上海市")
    await t.db.insertInto("address").values([s, r]).execute()
    return { s: s.id, r: r.id }
  }
  const booking = (extra: Record<string, unknown> = {}) => ({
    expressCompanyId: "ec-sf", senderAddressId: senderAddress, receiverAddressId: receiverAddress, goodsName: "书籍", goodsCount: 1, insureMoney: 50_000, ...extra
  })
  const book = async (extra: Record<string, unknown> = {}, who = token) => t.api("POST", "/api/expressTakein", who, booking(extra))
  const setFreight = (id: string, extra: Record<string, unknown> = {}, who = staffToken) =>
    t.api("PUT", "/api/expressTakein/freight/updateFreight", who, { id, expressCompanyId: "ec-sf", freightWeight: 1500, freight: 1200, ...extra })
  const payFreight = async (id: string) => {
    const prepay = await t.api("GET", `/api/expressTakein/payFreight/${id}`, token)
    expect(prepay).toMatchObject({ status: 200, body: { success: true } })
    const sign = await t.api("GET", `/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${prepay.body.data.prepayId}`)}`, token)
    const paid = await t.api("POST", "/auth/dev/pay", undefined, sign.body.data)
    expect(paid.body).toMatchObject({ success: true, data: { notified: true } })
    return prepay.body.data as { prepayId: string; tradeNo: string; totalFee: number }
  }

  beforeAll(async () => {
    t = await startTestApp(backend, { clock: shanghaiNoonClock() })
    student = await newUser(t.db)
    other = await newUser(t.db)
    await verified(student)
    await verified(other)
    token = await t.token(student.openid)
    otherToken = await t.token(other.openid)
    staffToken = await t.token("demo-staff")
    staffDyToken = await t.token("demo-staff-dy")
    const a = await addresses(student)
    senderAddress = a.s
    receiverAddress = a.r
  }, 60_000)
  afterAll(async () => t?.close())

  it("setup: open for a verified student; the real-name gate and the closed worksite say so", async () => {
    const open = await t.api("GET", "/api/expressTakein/setup?token=abc", token)
    expect(open.body).toMatchObject({ success: true, data: { open: true, message: null, worksiteId: "ws-xiyuan", daofuAble: true } })
    expect(open.body.data.companies.map((c: { code: string; daofuAble: boolean }) => [c.code, c.daofuAble])).toEqual([["SF", true], ["ZTO", false], ["YTO", false]])
    expect(open.body.data.bookingDays.length).toBe(3)

    const unverified = await newUser(t.db)
    const u = await t.token(unverified.openid)
    expect((await t.api("GET", "/api/expressTakein/setup?token=a%20b", u)).body.data)
      .toMatchObject({ open: false, message: "用户还没通过实名认证", redirect: "/authApply/0/expressTotakein/a%20b" })
    expect(await t.api("POST", "/api/expressTakein", u, booking())).toMatchObject({ status: 403, body: { message: "用户还没通过实名认证" } })

    const east = await newUser(t.db, {}, { worksite: "ws-dongyuan" })
    await verified(east)
    const e = await t.token(east.openid)
    expect((await t.api("GET", "/api/expressTakein/setup", e)).body.data).toMatchObject({ open: false, message: "本网点暂未开通寄件业务" })
    expect(await t.api("POST", "/api/expressTakein", e, booking())).toMatchObject({ status: 403, body: { message: "本网点暂未开通寄件业务" } })
  })

  it("booking: every check in the spec's order, each with its message", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ expressCompanyId: "" }, "请选择快递公司"],
      [{ expressCompanyId: "ec-ems" }, "请选择快递公司"],
      [{ senderAddressId: "" }, "寄件人不能为空，请联系客服"],
      [{ receiverAddressId: "addr-student-1" }, "请选择收件人"],
      [{ goodsName: " " }, "物品名称不能为空"],
      [{ goodsName: "一二三四五六七八九十一二三" }, "物品名称不能超过12个字"],
      [{ goodsCount: 0 }, "物品数量必须>=1"],
      [{ insureMoney: 0 }, "保价金额必须>0"],
      [{ insureMoney: 100_001 }, "保价金额不能超过1000元"],
      [{ remark: "一".repeat(21) }, "备注不能超过20个字"],
      [{ isDaofu: true, expressCompanyId: "ec-zto" }, "该快递公司不支持到付"],
      [{ requiredDoorService: true }, "请选择物品类别"],
      [{ requiredDoorService: true, goodsType: 3 }, "请选择大件分类"],
      [{ requiredDoorService: true, goodsType: 1, dormBuilding: "nope" }, "请选择大楼"]
    ]
    for (const [extra, message] of cases) {
      expect(await book(extra), JSON.stringify(extra)).toMatchObject({ status: 400, body: { success: false, message } })
    }
    expect(await t.db.selectFrom("send_order").select("id").where("sender_id", "=", student.id).execute()).toEqual([])
  })

  it("a plain sending: booked at 10 with its insurance fee; the sender and the worksite's staff see it, nobody else", async () => {
    const booked = await book()
    expect(booked.body).toMatchObject({
      success: true, message: "提交成功",
      data: { status: 10, statusStr: "待计算运费", insureMoney: 50_000, insureFreight: 250, expressCompany: { _id: "ec-sf", code: "SF" }, sender: { name: "寄件人" }, paotui: null }
    })
    const { _id: id, orderNo } = booked.body.data
    expect((await t.api("GET", "/api/expressTakein/wxlist/ing", token)).body.data.map((o: { _id: string }) => o._id)).toContain(id)
    expect((await t.api("GET", "/api/expressTakein/wxlist/complete", token)).body.data).toEqual([])
    expect((await t.api("GET", "/api/expressTakein/wxlist/ing", otherToken)).body.data).toEqual([])
    expect(await t.api("GET", `/api/expressTakein/getById/${id}`, otherToken)).toMatchObject({ status: 404 })
    expect(await t.api("GET", `/api/expressTakein/getByOrderNo/${orderNo}`, otherToken)).toMatchObject({ status: 404 })
    expect(await t.api("GET", `/api/expressTakein/getById/${id}`, staffDyToken)).toMatchObject({ status: 404 })
    expect(await t.api("GET", `/api/expressTakein/getByOrderNo/${orderNo}`, staffToken)).toMatchObject({ status: 200, body: { data: { _id: id } } })
    expect(await t.api("GET", "/api/expressTakein/wxlist/nope", token)).toMatchObject({ status: 400 })
  })

  it("freight quote from the tariff: first kilogram plus each started one; unknown → the manual-entry message", async () => {
    const q = (w: number, code = "SF", p = "44") => t.api("GET", `/api/expressFreight/freight?worksiteId=ws-xiyuan&expressCode=${code}&fromProvinceCode=44&toProvinceCode=${p}&freightWeight=${w}`, token)
    expect((await q(1000)).body.data).toBe(1000)
    expect((await q(1001)).body.data).toBe(1200)
    expect((await q(3000, "ZTO", "31")).body.data).toBe(800 + 2 * 400)
    expect(await q(1000, "EMS")).toMatchObject({ status: 400, body: { message: "自动计算运费失败，请手动输入。" } })
    expect(await q(0)).toMatchObject({ status: 400, body: { message: "自动计算运费失败，请手动输入。" } })
  })

  it("pay now: freight set once, print refused unpaid, paid once, printed (PDF), dispatched once, counted live", async () => {
    const seen: Array<LiveEvent> = []
    const publish = t.runtime.publish
    t.runtime.publish = (e) => { seen.push(e); publish(e) }
    const { _id: id, orderNo } = (await book()).body.data
    expect(await setFreight(id, { freightWeight: undefined })).toMatchObject({ status: 400, body: { message: "请输入计费重量" } })
    expect(await setFreight(id, { freight: undefined })).toMatchObject({ status: 400, body: { message: "点击计费或手动输入运费" } })
    expect(await setFreight(id, {}, staffDyToken)).toMatchObject({ status: 403 })
    expect(await setFreight(id, {}, token)).toMatchObject({ status: 403, body: { message: "请先绑定后台操作用户" } })
    const keyed = { "idempotency-key": `freight-${id}` }
    const set = await t.api("PUT", "/api/expressTakein/freight/updateFreight", staffToken, { id, expressCompanyId: "ec-sf", freightWeight: 1500, freight: 1200 }, keyed)
    expect(set).toMatchObject({ status: 200, body: { message: "计费成功待支付", data: { status: 20, freight: 1200, freightWeight: 1500 } } })
    // a repeat of the same request is answered from the kept outcome, message and all
    const repeat = await t.api("PUT", "/api/expressTakein/freight/updateFreight", staffToken, { id, expressCompanyId: "ec-sf", freightWeight: 1500, freight: 1200 }, keyed)
    expect(repeat.headers.get("idempotent-replayed")).toBe("true")
    expect(repeat.body).toEqual(set.body)
    expect(await setFreight(id, { freight: 999 })).toMatchObject({ status: 409, body: { message: "更新运费失败" } })

    const print = () => t.api("POST", "/api/common/getElecWaybill/", staffToken, { orderNo, expressCompanyId: "ec-sf", expressCompanyCode: "SF" })
    expect(await print()).toMatchObject({ status: 409, body: { message: "寄件客户还没付运费" } })

    const trade = await payFreight(id)
    expect(trade.totalFee).toBe(1200 + 250)
    const paid = (await t.api("GET", `/api/expressTakein/getById/${id}`, token)).body.data
    expect(paid).toMatchObject({ status: 4, freightPay: true })
    // the notice replayed: paid once
    const replay = await t.api("POST", "/api/wx/payNotify", undefined, await t.runtime.paymentProvider.notification(trade.prepayId))
    expect(replay.body).toMatchObject({ success: true, data: { settled: false } })

    t.runtime.printer.refusing = "缺纸"
    expect(await print()).toMatchObject({ status: 409, body: { message: "打印失败，请检查打印机状态。" } })
    expect((await t.api("GET", `/api/expressTakein/getById/${id}`, token)).body.data).toMatchObject({ status: 4, expressNo: null })
    t.runtime.printer.refusing = undefined
    const printed = await print()
    expect(printed.body).toMatchObject({ success: true, data: { orderNo, heightMm: 180, widthMm: 100 } })
    const expressNo = printed.body.data.expressNo as string
    expect(expressNo).toBe(`SF${orderNo.slice(2)}`)
    expect(orderNo).toMatch(/^JJ\d{14}[0-9A-Z]{6}$/)
    const pdf = await fetch(`${t.url}${printed.body.data.pdf}`, { headers: { Authorization: `Bearer ${staffToken}` } })
    expect(pdf.headers.get("content-type")).toBe("application/pdf")
    const bytes = Buffer.from(await pdf.arrayBuffer())
    expect(bytes.subarray(0, 8).toString("latin1")).toMatch(/^%PDF-1\.[4-7]$/)
    expect(readFileSync(t.runtime.printer.jobs.at(-1)!.file).equals(bytes)).toBe(true)
    expect((await fetch(`${t.url}${printed.body.data.pdf}`, { headers: { Authorization: `Bearer ${otherToken}` } })).status).toBe(403)

    const count = async () => (await t.api("GET", "/api/expressTakein/toScan/ws-xiyuan/ec-sf", staffToken)).body.data.count as number
    const before = await count()
    expect(before).toBeGreaterThanOrEqual(1)
    expect(await t.api("GET", "/api/expressTakein/toScan/ws-dongyuan/ec-sf", staffToken)).toMatchObject({ status: 403 })
    const out = await t.api("PUT", `/api/expressTakein/sendOut/ws-xiyuan/${encodeURIComponent(`http://x,${expressNo}`)}`, staffToken)
    expect(out.body).toMatchObject({ success: true, message: "出库成功", data: { status: 100 } })
    expect(await count()).toBe(before - 1)
    const again = await t.api("PUT", `/api/expressTakein/sendOut/ws-xiyuan/${expressNo}`, staffToken)
    expect(again).toMatchObject({ status: 409, body: { success: false, message: "该寄件已出库，请勿重复扫描" } })
    expect(await count()).toBe(before - 1)
    expect((await t.api("GET", "/api/expressTakein/wxlist/complete", token)).body.data.map((o: { _id: string }) => o._id)).toContain(id)
    t.runtime.publish = publish
    const mine = seen.filter((e) => (e.payload as { _id?: string })._id === id && "user" in e.room)
    expect(mine.map((e) => e.name)).toEqual(["freightUpdated", "freightUpdate", "freightPaySuccess", "expressTakeinArrived", "expressSended", "expressTakeinSended"])
    expect(mine.every((e) => (e.room as { user: string }).user === student.id)).toBe(true)
    expect(seen.filter((e) => e.name === "ws-xiyuan-ec-sf-toScan").map((e) => [e.room, e.payload]))
      .toEqual([[{ worksite: "ws-xiyuan" }, { delta: 1 }], [{ worksite: "ws-xiyuan" }, { delta: -1 }]])

    const logged = await t.db.selectFrom("ops_log").select(["op", "input"]).where("op", "in", ["setFreight", "sendOut"]).execute()
    expect(logged.filter((r) => r.op === "sendOut")).toHaveLength(1)
    expect(logged.filter((r) => r.op === "setFreight" && (r.input as { id: string }).id === id)).toHaveLength(1)
    expect(await t.api("PUT", "/api/expressTakein/sendOut/ws-xiyuan/NOPE", staffToken)).toMatchObject({ status: 404, body: { message: "没有找到该寄件" } })
  })

  it("cash on delivery: only SF, set at once to 4 '到付成功待打印', printed without paying", async () => {
    const { _id: id, orderNo } = (await book({ isDaofu: true })).body.data
    expect(await t.api("PUT", "/api/expressTakein/freight/updateFreightDaofu", staffToken, { id, expressCompanyId: "ec-zto" }))
      .toMatchObject({ status: 400, body: { message: "该快递公司不支持到付" } })
    expect(await t.api("PUT", "/api/expressTakein/freight/updateFreightDaofu", staffToken, { id, expressCompanyId: "ec-sf" }))
      .toMatchObject({ status: 200, body: { message: "到付成功待打印", data: { status: 4, isDaofu: true, freight: null } } })
    expect(await t.api("GET", `/api/expressTakein/payFreight/${id}`, token)).toMatchObject({ status: 409 })
    expect((await t.api("POST", "/api/common/getElecWaybill/", staffToken, { orderNo })).body).toMatchObject({ success: true, data: { heightMm: 180 } })
  })

  it("close: only at 0, 1 or 20 with no runner ('关闭成功'), only by the sender", async () => {
    const { _id: id } = (await book()).body.data
    expect(await t.api("DELETE", `/api/expressTakein/${id}`, token)).toMatchObject({ status: 409, body: { message: "关闭失败" } })
    await setFreight(id)
    // a prepay opened and left: closing closes it at the provider, so it can no longer be paid
    const prepay = await t.api("GET", `/api/expressTakein/payFreight/${id}`, token)
    const sign = await t.api("GET", `/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${prepay.body.data.prepayId}`)}`, token)
    expect(await t.api("DELETE", `/api/expressTakein/${id}`, otherToken)).toMatchObject({ status: 404 })
    expect(await t.api("DELETE", `/api/expressTakein/${id}`, token)).toMatchObject({ status: 200, body: { message: "关闭成功", data: { status: 400 } } })
    expect((await t.api("GET", "/api/expressTakein/wxlist/cancel", token)).body.data.map((o: { _id: string }) => o._id)).toContain(id)
    expect((await t.api("POST", "/auth/dev/pay", undefined, sign.body.data)).body.success).toBe(false)
    expect(await t.db.selectFrom("pay_trade").select("status").where("ref_id", "=", id).execute()).toEqual([{ status: "expired" }])
    expect(await t.api("DELETE", `/api/expressTakein/${id}`, token)).toMatchObject({ status: 409 })
  })

  it("door pickup: a type-2 errand in the same booking; it follows the order to the end and the runner is paid", async () => {
    await t.db.insertInto("building").values({ id: "b-send-1", worksite_id: "ws-xiyuan", name: "西园12栋" }).execute()
    const slot = (await t.api("GET", "/api/expressTakein/setup", token)).body.data.bookingDays[0].slots[0] as string
    const door = { requiredDoorService: true, goodsType: 1, dormBuilding: "b-send-1", dormFloor: 3, dormRoom: "305", fee: 300, paotuiRemark: "门口", requireArriveTime: slot }
    expect(await book({ ...door, fee: 0 })).toMatchObject({ status: 400, body: { message: "赏金不能为空" } })
    expect(await book({ ...door, requireArriveTime: "2020-01-01T00:00:00Z" })).toMatchObject({ status: 400, body: { message: "请选择正确的预约时间" } })

    // closed while unpaid: the errand is cancelled with it
    const first = (await book(door)).body.data
    expect(first).toMatchObject({ status: 0, requiredDoorService: true, paotui: { status: -1, fee: 300, isPayed: false } })
    expect(await t.api("DELETE", `/api/expressTakein/${first._id}`, token)).toMatchObject({ status: 200, body: { data: { status: 400 } } })
    expect(await t.db.selectFrom("errand_order").select(["type", "status"]).where("id", "=", first.paotui._id).executeTakeFirst()).toEqual({ type: 2, status: 4 })

    const runner = await newUser(t.db, {}, { role: "runner" })
    const runnerToken = await t.token(runner.openid)
    const { _id: id, orderNo, paotui } = (await book(door)).body.data
    // the door pickup's errand steps, each moving the send order with it: the reward paid, grabbed, handed over, confirmed
    await t.db.updateTable("app_user").set({ auth_status: 1, paotui_status: 1, sex: 1 }).where("id", "=", runner.id).execute()
    const prepay = await t.api("GET", `/api/paotuiOrder/prepay/${paotui._id}`, token)
    const sign = await t.api("GET", `/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${prepay.body.data.prepayId}`)}`, token)
    expect((await t.api("POST", "/auth/dev/pay", undefined, sign.body.data)).body).toMatchObject({ success: true, data: { notified: true } })
    expect((await t.api("PUT", `/api/paotuiOrder/robbingRollModule/${paotui.orderNo}`, runnerToken)).status).toBe(200)
    expect(await t.api("DELETE", `/api/expressTakein/${id}`, token)).toMatchObject({ status: 409 })
    expect((await t.api("PUT", `/api/paotuiOrder/paotuiTakeaway/${paotui._id}`, token)).status).toBe(200)
    expect((await t.api("PUT", `/api/paotuiOrder/paotuiConfirmTakeaway/${paotui._id}`, runnerToken, { goodsPic: "", isDaofu: false })).status).toBe(200)
    expect((await t.api("GET", `/api/expressTakein/getById/${id}`, runnerToken)).body.data).toMatchObject({ status: 10, paotui: { acceptUser: expect.any(String) } })

    // the goods photo must be the runner's own upload: a made-up name or the sender's upload is refused, nothing set
    const foreign = (await uploaded(t, token, "fileVal", plainPng())).url
    for (const goodsPic of ["pic.jpg", foreign]) {
      expect(await setFreight(id, { goodsPic }, runnerToken)).toMatchObject({ status: 400, body: { success: false, message: "请上传图片" } })
    }
    expect(await t.db.selectFrom("send_order").select(["status", "freight", "goods_pic"]).where("id", "=", id).executeTakeFirst()).toEqual({ status: 10, freight: null, goods_pic: null })
    const own = (await uploaded(t, runnerToken, "fileVal", plainPng())).url
    expect(await setFreight(id, { goodsPic: own }, runnerToken)).toMatchObject({ status: 200, body: { data: { status: 20, goodsPic: own } } })
    expect(await t.db.selectFrom("errand_order").select(["status", "freight"]).where("id", "=", paotui._id).executeTakeFirst()).toEqual({ status: 10, freight: 1200 })
    await payFreight(id)
    expect(await t.db.selectFrom("errand_order").select(["status", "freight_paid"]).where("id", "=", paotui._id).executeTakeFirst()).toEqual({ status: 20, freight_paid: 1200 })
    const printed = await t.api("POST", "/api/common/getElecWaybill/", staffToken, { orderNo })
    expect(printed.body.success).toBe(true)
    expect((await t.db.selectFrom("errand_order").select("status").where("id", "=", paotui._id).executeTakeFirstOrThrow()).status).toBe(5)
    const walletBefore = (await t.db.selectFrom("wallet").select("money").where("user_id", "=", runner.id).executeTakeFirstOrThrow()).money
    expect((await t.api("PUT", `/api/expressTakein/sendOut/ws-xiyuan/${printed.body.data.expressNo}`, staffToken)).body).toMatchObject({ success: true, data: { status: 100 } })
    expect(await t.db.selectFrom("errand_order").select(["status", "runner_income", "to_comment"]).where("id", "=", paotui._id).executeTakeFirst())
      .toEqual({ status: 100, runner_income: 300, to_comment: true })
    expect((await t.db.selectFrom("wallet").select("money").where("user_id", "=", runner.id).executeTakeFirstOrThrow()).money).toBe(walletBefore + 300)
    expect(await t.db.selectFrom("ledger").select(["money", "ref_id"]).where("user_id", "=", runner.id).execute()).toEqual([{ money: 300, ref_id: paotui._id }])
  })

  it("the outbound staff scan and the sender lookup, staff of the worksite only", async () => {
    const { orderNo, openid } = (await book()).body.data
    expect(await t.api("GET", `/api/expressTakein/scan/ws-xiyuan/${encodeURIComponent(`x,${orderNo}`)}`, staffToken)).toMatchObject({ status: 200, body: { data: { orderNo } } })
    expect(await t.api("GET", "/api/expressTakein/scan/ws-xiyuan/NOPE", staffToken)).toMatchObject({ status: 404, body: { message: "查找寄件信息出错" } })
    expect(await t.api("GET", `/api/user/userInfoByOpenid/${openid}`, staffToken)).toMatchObject({ status: 200, body: { data: { openid, authStatus: 1 } } })
    expect(await t.api("GET", `/api/user/userInfoByOpenid/${openid}`, staffDyToken)).toMatchObject({ status: 404, body: { message: "获取寄件用户信息出错" } })
    expect(await t.api("GET", `/api/user/userInfoByOpenid/${openid}`, otherToken)).toMatchObject({ status: 403 })
  })

  it("bad input on every sending call is a 4xx with a message, never a 500", async () => {
    const junk: ReadonlyArray<unknown> = [null, true, [], {}, "", "字".repeat(10_000), "\u0000", -1, 1.5, 1e308, 2 ** 53, "💩", "' or 1=1 --"]
    const { _id: id, orderNo } = (await book()).body.data
    const bodies: ReadonlyArray<readonly [string, string, Record<string, unknown>, string]> = [
      ["POST", "/api/expressTakein", booking({ requiredDoorService: true, goodsType: 1, dormBuilding: "b", dormFloor: 1, dormRoom: "1", fee: 100 }), token],
      ["PUT", "/api/expressTakein/freight/updateFreight", { id, expressCompanyId: "ec-sf", freightWeight: 1000, freight: 1000, isDaofu: false }, staffToken],
      ["PUT", "/api/expressTakein/freight/updateFreightDaofu", { id, expressCompanyId: "ec-sf" }, staffToken],
      ["POST", "/api/common/getElecWaybill/", { orderNo, expressCompanyId: "ec-sf", expressCompanyCode: "SF" }, staffToken]
    ]
    for (const [method, path, body, who] of bodies) {
      for (const field of Object.keys(body)) {
        for (const value of junk) {
          const r = await t.api(method, path, who, { ...body, [field]: value })
          expect(r.status, `${method} ${path} ${field}=${JSON.stringify(value).slice(0, 20)}`).toBeLessThan(500)
          if (r.status !== 200) expect(r.body).toMatchObject({ success: false, message: expect.any(String) })
        }
      }
    }
    for (const value of ["%00", "字".repeat(300), "a,b,c", "%E2%80%AE"]) {
      for (const path of [`/api/expressTakein/sendOut/ws-xiyuan/${value}`, `/api/expressTakein/getById/${value}`, `/api/expressTakein/wxlist/${value}`, `/api/expressTakein/toScan/ws-xiyuan/${value}`]) {
        const r = await t.api(path.includes("sendOut") ? "PUT" : "GET", path, staffToken)
        expect(r.status, path).toBeLessThan(500)
      }
      expect((await t.api("GET", `/api/expressFreight/freight?worksiteId=ws-xiyuan&expressCode=SF&toProvinceCode=${value}&freightWeight=${value}`, token)).status).toBeLessThan(500)
    }
  }, 120_000)
})
