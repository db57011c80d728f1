/**
 * The follow gift over HTTP: `GET /api/sa/getByOpenid` grants a follower one gift at their worksite (decoded with the
 * call's Schema; its QR image decodes, with zbarimg, to the signed gift QR, never the phone), `PUT /api/sa/exchange`
 * redeems it once for that worksite's staff; a non-follower, another worksite's staff and a second redemption are
 * refused. On real Postgres two first openings at once grant one gift and two redemptions at once redeem it once.
 * The grant and the redemption replay into a fresh database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loggedOperations } from "#adapters/ops/ops-log"
import { replayOperations } from "#adapters/ops/replay"
import { createUser } from "#adapters/postgres/seed"
import { ExchangeGift, FollowGift } from "#src/home/calls"
import { scanQrImage as scan } from "../support/qr-scan"
import { backends, decodedData as decoded, newUser, settleOutbox, startTestApp, type TestApp } from "../support/test-app"

/** A new following xiyuan student and their token. */
const follower = async (t: TestApp) => {
  const user = await newUser(t.db)
  await t.db.updateTable("app_user").set({ subscribe: true, nickname: "一二三四五六七八" }).where("id", "=", user.id).execute()
  return { user, token: await t.token(user.openid) }
}

for (const backend of backends) {
  describe(`the follow gift [${backend}]`, () => {
    let t: TestApp
    let staff: string
    let staffDy: string
    beforeAll(async () => {
      t = await startTestApp(backend)
      ;[staff, staffDy] = await Promise.all([t.token("demo-staff"), t.token("demo-staff-dy")])
    })
    afterAll(async () => {
      await t?.close()
    })

    it("is granted once on first opening, its QR the signed gift id and issue time, not the phone", async () => {
      const { user, token } = await follower(t)
      const first = decoded(FollowGift.answer, await t.api("GET", "/api/sa/getByOpenid", token))
      expect(first).toMatchObject({ status: 0, user: { nickname: "一二三四五六", phoneMain: user.phone } })
      const qr = JSON.parse(scan(first.qrImage))
      expect(qr).toEqual({ k: "g", gid: first._id, ts: expect.any(Number), sig: expect.any(String) })
      expect(JSON.stringify(qr)).not.toContain(user.phone)
      const again = decoded(FollowGift.answer, await t.api("GET", "/api/sa/getByOpenid", token))
      expect(again._id).toBe(first._id)
      expect(await t.db.selectFrom("subscribe_gift").select(["worksite_id", "status"]).where("user_id", "=", user.id).execute())
        .toEqual([{ worksite_id: "ws-xiyuan", status: 0 }])
    })

    it("is redeemed once by its worksite's staff; another worksite's staff, a second scan and a forged QR are refused", async () => {
      const { token } = await follower(t)
      const gift = decoded(FollowGift.answer, await t.api("GET", "/api/sa/getByOpenid", token))
      const qr = scan(gift.qrImage)
      const elsewhere = await t.api("PUT", "/api/sa/exchange", staffDy, { qr })
      expect({ status: elsewhere.status, body: elsewhere.body }).toEqual({ status: 403, body: { success: false, message: "只能兑换本网点的礼品" } })
      const forged = await t.api("PUT", "/api/sa/exchange", staff, { qr: JSON.stringify({ ...JSON.parse(qr), sig: "x" }) })
      expect(forged.body).toEqual({ success: false, message: "二维码校验失败" })
      const done = await t.api("PUT", "/api/sa/exchange", staff, { qr })
      expect(decoded(ExchangeGift.answer, done)).toEqual({ _id: gift._id, status: 1 })
      expect(done.body.message).toBe("兑换成功")
      const twice = await t.api("PUT", "/api/sa/exchange", staff, { qr })
      expect({ status: twice.status, body: twice.body }).toEqual({ status: 409, body: { success: false, message: "该礼品已兑换" } })
      expect(decoded(FollowGift.answer, await t.api("GET", "/api/sa/getByOpenid", token)).status).toBe(1)
      const row = await t.db.selectFrom("subscribe_gift").selectAll().where("id", "=", gift._id).executeTakeFirstOrThrow()
      expect(row).toMatchObject({ status: 1, exchanged_by: expect.any(String) })
    })

    it("asks a non-follower to follow (409), a student cannot redeem (403), no token is 401", async () => {
      const user = await newUser(t.db)
      await t.db.updateTable("app_user").set({ subscribe: false }).where("id", "=", user.id).execute()
      const token = await t.token(user.openid)
      const r = await t.api("GET", "/api/sa/getByOpenid", token)
      expect({ status: r.status, body: r.body }).toEqual({ status: 409, body: { success: false, message: "请先关注公众号" } })
      expect((await t.api("PUT", "/api/sa/exchange", token, { qr: "{}" })).status).toBe(403)
      expect((await t.api("GET", "/api/sa/getByOpenid")).status).toBe(401)
    })

    // races need real connections: PGlite serializes them
    if (backend === "postgres") it("two first openings at once grant one gift; two redemptions at once redeem it once", async () => {
      const { user, token } = await follower(t)
      const opened = await Promise.all([1, 2, 3, 4].map(() => t.api("GET", "/api/sa/getByOpenid", token)))
      expect(new Set(opened.map((r) => decoded(FollowGift.answer, r)._id)).size).toBe(1)
      expect(await t.db.selectFrom("subscribe_gift").select("id").where("user_id", "=", user.id).execute()).toHaveLength(1)
      const qr = scan(decoded(FollowGift.answer, opened[0]!).qrImage)
      const tries = await Promise.all([1, 2, 3, 4].map(() => t.api("PUT", "/api/sa/exchange", staff, { qr })))
      expect(tries.map((r) => r.status).sort()).toEqual([200, 409, 409, 409])
    })
  })
}

describe("station replay of the follow gift", () => {
  let recorded: TestApp
  let fresh: TestApp
  const FOLLOWER = { id: "u-gift-replay", openid: "gift-replay" }
  beforeAll(async () => {
    ;[recorded, fresh] = await Promise.all([startTestApp("pglite"), startTestApp("pglite")])
    for (const t of [recorded, fresh]) {
      await createUser(t.db, { ...FOLLOWER, nickname: "关注者", realname: "关注者", phone_main: "13600000077", worksite_id: "ws-xiyuan", role: "student" }, {})
      await t.db.updateTable("app_user").set({ subscribe: true }).where("id", "=", FOLLOWER.id).execute()
    }
  }, 60_000)
  afterAll(async () => {
    await recorded?.close()
    await fresh?.close()
  })

  it("grants and redeems the same gift in a fresh database", async () => {
    const gift = decoded(FollowGift.answer, await recorded.api("GET", "/api/sa/getByOpenid", await recorded.token(FOLLOWER.openid)))
    expect((await recorded.api("PUT", "/api/sa/exchange", await recorded.token("demo-staff"), { qr: scan(gift.qrImage) })).status).toBe(200)
    const lines: Array<{ lineNo: number; text: string }> = []
    await settleOutbox(recorded)
    for await (const op of loggedOperations(recorded.db)) lines.push({ lineNo: lines.length + 1, text: JSON.stringify(op) })
    expect(lines.map((l) => JSON.parse(l.text).op)).toEqual(["grantGift", "exchangeGift"])
    const summary = await replayOperations(fresh.runtime, (async function* () { yield* lines })())
    expect(summary.problems).toEqual([])
    expect(summary).toMatchObject({ operations: 2, matched: 2 })
    expect(await fresh.db.selectFrom("subscribe_gift").select(["id", "user_id", "status"]).execute())
      .toEqual([{ id: gift._id, user_id: FOLLOWER.id, status: 1 }])
  })
})
