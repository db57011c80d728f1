/**
 * Who sees who and where of an errand order (issue 21 item 1) over HTTP on PGlite: the hall, its live event
 * `paotuiOrderAdd` and every runner who has not accepted the order see the pickup station and the building only;
 * the runner who accepted it sees the requester's name, the phone masked and in full, floor, room and the parcel's
 * shelf tag, in the grab's answer, their list and the order page. And the order's timeline (item 5) from its step log.
 */
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Hall, OrderDetail, OrderPage, OrderTimeline } from "#src/errand/calls"
import type { LiveEvent } from "#src/shared/ports"
import { checkInPayload, newUser, shanghaiNoonClock, startTestApp, unique, type TestApp } from "../support/test-app"

const base = "/api/paotuiOrder"
const PHONE = "13800000001"

describe("errand privacy: the accepted runner only [pglite]", () => {
  const ctx = {} as { t: TestApp; staff: string; student: string; events: LiveEvent[]; runner: string; rival: string; rivalOpenid: string; runnerOpenid: string }

  const runner = async (realname: string) => {
    const u = await newUser(ctx.t.db, {}, { worksite: "ws-xiyuan", role: "runner", realname })
    await ctx.t.db.updateTable("app_user").set({ auth_status: 1, paotui_status: 1, sex: 1 }).where("id", "=", u.id).execute()
    return { token: await ctx.t.token(u.openid), openid: u.openid }
  }

  beforeAll(async () => {
    const clock = shanghaiNoonClock()
    ctx.t = await startTestApp("pglite", { clock })
    ;[ctx.staff, ctx.student] = await Promise.all([ctx.t.token("demo-staff"), ctx.t.token("demo-student")])
    ctx.events = []
    const publish = ctx.t.runtime.publish
    ctx.t.runtime.publish = (e) => { ctx.events.push(e); publish(e) }
    const [a, b] = await Promise.all([runner("跑腿甲"), runner("跑腿乙")])
    ctx.runner = a.token
    ctx.runnerOpenid = a.openid
    ctx.rival = b.token
    ctx.rivalOpenid = b.openid
    // a free order opens at once, so the hall hears it when it is placed
    await ctx.t.db.updateTable("errand_activity").set({ fee: 0 }).where("id", "=", "act-xy-door").execute()
  })
  afterAll(async () => { await ctx.t?.close() })

  const placed = async () => {
    const expressNo = unique("SF")
    expect((await ctx.t.api("POST", "/api/expressTosend", ctx.staff, checkInPayload({ expressNo, receiverPhone: PHONE }))).status).toBe(201)
    const parcel = await ctx.t.db.selectFrom("parcel").select(["id", "storage_no", "tag"]).where("express_no", "=", expressNo).executeTakeFirstOrThrow()
    ctx.events.length = 0
    const r = await ctx.t.api("POST", base, ctx.student, {
      type: 1, toTakeId: parcel.id, worksiteId: "ws-xiyuan", goodsType: 1, dormBuilding: "b-xy-1", dormFloor: 5, dormRoom: "501",
      friendReceives: true, proxyReceiver: "室友", proxyReceiverPhone: "13900000009", sexLimit: -1, remark: ""
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return { id: r.body.data._id as string, orderNo: r.body.data.orderNo as string, shelf: `${parcel.storage_no}-${parcel.tag}` }
  }

  /** Nothing of the requester: no openid, name, phone, room or friend, anywhere in the answer. */
  const anonymous = (view: Record<string, unknown>, requesterOpenid: string) => {
    const text = JSON.stringify(view)
    for (const secret of [requesterOpenid, PHONE, "13900000009", "室友", "501", "138****0001"]) expect(text).not.toContain(secret)
    expect(view).toMatchObject({ contact: null, openid: "", proxyReceiver: null, proxyReceiverPhone: null, dormRoom: "", dormFloor: null })
  }

  it("the hall and its live event show the station and building only; the runner who grabs gets name, masked and full phone, floor, room and shelf; a rival nothing", async () => {
    const student = await ctx.t.db.selectFrom("app_user").select(["openid", "realname", "phone_main"]).where("openid", "=", "demo-student").executeTakeFirstOrThrow()
    const order = await placed()

    const added = ctx.events.find((e) => e.name.endsWith("paotuiOrderAdd"))
    expect(added?.name).toBe("ws-xiyuan-paotuiOrderAdd")
    const payload = added!.payload as Record<string, unknown>
    expect(payload).toMatchObject({ _id: order.id, buildingName: "1号楼", station: expect.any(String) })
    expect(payload.station).not.toBe("")
    anonymous(payload, student.openid)

    const hall = await ctx.t.api("GET", `${base}/toRobbing/ws-xiyuan/time`, ctx.runner)
    expect(hall.status).toBe(200)
    const inHall = Schema.decodeUnknownSync(Hall.answer)(hall.body.data).find((o) => o._id === order.id)
    expect(inHall).toMatchObject({ buildingName: "1号楼", station: payload.station })
    anonymous(hall.body.data.find((o: { _id: string }) => o._id === order.id), student.openid)
    // a runner of the worksite may open the waiting order's page: as the hall sees it
    const waiting = await ctx.t.api("GET", `${base}/getById/${order.id}`, ctx.rival)
    expect(waiting.status).toBe(200)
    anonymous(waiting.body.data, student.openid)

    const grab = await ctx.t.api("PUT", `${base}/robbingRollModule/${order.orderNo}`, ctx.runner)
    expect(grab.status, JSON.stringify(grab.body)).toBe(200)
    const contact = { name: student.realname, phone: student.phone_main, phoneMasked: "138****0001", building: "1号楼", floor: 5, room: "501", shelf: order.shelf }
    expect(student.phone_main).toBe(PHONE)
    expect(grab.body.data.contact).toEqual(contact)

    const mine = await ctx.t.api("GET", `${base}/pagingForFontend?statusStr=ing&type=2&pageNo=1`, ctx.runner)
    const listed = Schema.decodeUnknownSync(OrderPage.answer)(mine.body.data).results.find((o) => o._id === order.id)
    expect(listed?.contact).toEqual(contact)
    const page = await ctx.t.api("GET", `${base}/getById/${order.id}`, ctx.runner)
    expect(Schema.decodeUnknownSync(OrderDetail.answer)(page.body.data).contact).toEqual(contact)

    // the rival: the order is gone from the hall and its page is refused; their own list does not hold it
    const after = await ctx.t.api("GET", `${base}/toRobbing/ws-xiyuan/time`, ctx.rival)
    expect(after.body.data.map((o: { _id: string }) => o._id)).not.toContain(order.id)
    expect((await ctx.t.api("GET", `${base}/getById/${order.id}`, ctx.rival)).status).toBe(404)
    expect((await ctx.t.api("GET", `${base}/timeline/${order.id}`, ctx.rival)).status).toBe(404)
    const theirs = await ctx.t.api("GET", `${base}/pagingForFontend?statusStr=ing&type=2&pageNo=1`, ctx.rival)
    expect(JSON.stringify(theirs.body.data)).not.toContain(order.id)
    // the grab's live events carry no contact card either
    for (const e of ctx.events) expect(JSON.stringify(e.payload)).not.toContain("138****0001")
  })

  it("a leader of the worksite sees an order in the hall as every runner does; one under way with its door but not the requester's name or phone", async () => {
    const student = await ctx.t.db.selectFrom("app_user").select(["openid"]).where("openid", "=", "demo-student").executeTakeFirstOrThrow()
    const order = await placed()
    await ctx.t.db.updateTable("app_user").set({ is_paotui_leader: true }).where("openid", "=", ctx.rivalOpenid).execute()
    try {
      const hall = await ctx.t.api("GET", `${base}/toRobbing/ws-xiyuan/time`, ctx.rival)
      anonymous(hall.body.data.find((o: { _id: string }) => o._id === order.id), student.openid)
      expect((await ctx.t.api("PUT", `${base}/robbingRollModule/${order.orderNo}`, ctx.runner)).status).toBe(200)
      const seen = await ctx.t.api("GET", `${base}/getById/${order.id}`, ctx.rival)
      expect(seen.status).toBe(200)
      expect(seen.body.data).toMatchObject({ contact: null, openid: "", proxyReceiverPhone: null, dormFloor: 5, dormRoom: "501" })
      expect(JSON.stringify(seen.body.data)).not.toContain(PHONE)
      expect(JSON.stringify(seen.body.data)).not.toContain(student.openid)
    } finally {
      await ctx.t.db.updateTable("app_user").set({ is_paotui_leader: false }).where("openid", "=", ctx.rivalOpenid).execute()
    }
  })

  it("the timeline: placed and accepted with their times from the step log, the steps to come without; the requester and the runner may read it", async () => {
    const order = await placed()
    expect((await ctx.t.api("PUT", `${base}/robbingRollModule/${order.orderNo}`, ctx.runner)).status).toBe(200)
    for (const token of [ctx.student, ctx.runner]) {
      const r = await ctx.t.api("GET", `${base}/timeline/${order.id}`, token)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      const { steps } = Schema.decodeUnknownSync(OrderTimeline.answer)(r.body.data)
      expect(steps.map((s) => [s.label, s.at !== null])).toEqual([
        ["已下单", true], ["已接单", true], ["已取件", false], ["已送达", false], ["已完成", false], ["已评价", false]
      ])
      expect(steps[1]!.note).toBe("跑腿甲")
    }
    const logged = await ctx.t.db.selectFrom("errand_step").select("action").where("order_id", "=", order.id).execute()
    expect(logged.map((l) => l.action)).toEqual(["grab"])
  })
})
