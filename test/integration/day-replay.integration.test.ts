/**
 * `station replay` of a real day through the HTTP app: a staff member binds to the worksite and checks a parcel
 * in, a first-time sender submits real-name verification, is passed by staff and books a sending, a door-delivery
 * errand is placed for the parcel, paid through the simulated provider, grabbed, collected at the station by the
 * runner's signed QR, delivered, confirmed and rated; then a release, a leader's sign, a tip, a cancel with its refund, the
 * scheduler's void of an unpaid order and a withdrawn verification. The exported log replays into a fresh seeded database (which
 * signs QRs with another key and talks to no provider) with no problems and the same errand, parcel, sending,
 * trade, wallet and ledger rows.
 */
import { constants, publicEncrypt } from "node:crypto"
import { fc } from "@fast-check/vitest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { compareDigests, describeDifferences, digestTables } from "#adapters/ops/digest"
import { loggedOperations } from "#adapters/ops/ops-log"
import { replayOperations, type ReplayLine } from "#adapters/ops/replay"
import { createUser, DEMO_PASSWORD } from "#adapters/postgres/seed"
import { jobNamed } from "#adapters/scheduler/jobs"
import { ErrandStatus } from "#src/errand/status-machine"
import { idCardImage, upload } from "../support/account-kit"
import { watchWrites, type WriteWatch } from "../support/write-watch"
import { expectBatchedAsOneByOne, withAnotherOutcome } from "../support/replay-equivalence"
import { backends, checkInPayload, settleOutbox, shanghaiNoonClock, startTestApp, unique, type TestApp } from "../support/test-app"

const SENDER = { id: "u-day-sender", openid: "day-sender", phone: "13600000021" }
const RUNNER = { id: "u-day-runner", openid: "day-runner", phone: "13600000022" }
const LEADER = { id: "u-day-leader", openid: "day-leader", phone: "13600000023" }
const MINUTE = 60_000

/** The operations of the exported lines but the outbox sender's SMS charges, which come whenever it runs. */
const dayOps = (lines: ReadonlyArray<{ readonly text: string }>) => lines.map((l) => JSON.parse(l.text).op as string).filter((op) => op !== "chargeSms")
const STUDENT_PHONE = "13800000001"
const base = "/api/paotuiOrder"

const oaep = (publicKey: string, plain: string) =>
  publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(plain)).toString("base64")

/** The day's people who signed up before it (sign-up is not replayed here): the sender, unverified, and a joined runner. */
const withPeople = async (t: TestApp, at: Date) => {
  await createUser(t.db, { id: SENDER.id, openid: SENDER.openid, nickname: "寄件", phone_main: SENDER.phone, worksite_id: "ws-xiyuan", role: "student" }, {}, at)
  await createUser(t.db, { id: RUNNER.id, openid: RUNNER.openid, nickname: "跑腿", realname: "跑腿员", phone_main: RUNNER.phone, worksite_id: "ws-xiyuan", role: "runner" }, {}, at)
  await createUser(t.db, { id: LEADER.id, openid: LEADER.openid, nickname: "队长", realname: "队长", phone_main: LEADER.phone, worksite_id: "ws-xiyuan", role: "runner" }, {}, at)
  await t.db.updateTable("app_user").set({ auth_status: 1, paotui_status: 1, sex: 1 }).where("id", "in", [RUNNER.id, LEADER.id]).execute()
  await t.db.updateTable("app_user").set({ is_paotui_leader: true }).where("id", "=", LEADER.id).execute()
  const address = (name: string, province: string) => ({
    id: `addr-day-${name}`, user_id: SENDER.id, name, phone: "13812345678", province, city: `${province}01`, county: `${province}0101`,
    province_name: "省", city_name: "市", county_name: "区", detail: "路1号", is_default: false, created_at: at
  })
  await t.db.insertInto("address").values([address("s", "44"), address("r", "31")]).execute()
}

/** A valid ID number (the check digit computed) born on the given day. */
const idNo = (birth: string) => {
  const body = `110105${birth}123`
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = [...body].reduce((s, d, i) => s + Number(d) * weights[i]!, 0)
  return body + "10X98765432"[sum % 11]!
}

describe.each(backends)("station replay of a day [%s]", (backend) => {
  let recorded: TestApp
  let fresh: TestApp
  let watch: WriteWatch
  /** The whole log of both days' tests, for the batches' test. */
  let dayLog: ReadonlyArray<ReplayLine> = []
  const clock = shanghaiNoonClock()
  beforeAll(async () => {
    // both seeded at one moment, with the same people: the fresh database starts equal to the recorded one
    const seedAt = clock()
    recorded = await startTestApp(backend, { clock, seedAt })
    fresh = await startTestApp(backend, { clock, seedAt })
    await withPeople(recorded, seedAt)
    await withPeople(fresh, seedAt)
    watch = await watchWrites(recorded.db)
  }, 120_000)
  afterAll(async () => {
    await recorded?.close()
    await fresh?.close()
  })

  it("binds, verifies, books, runs a door-delivery errand end to end, and replays it all into the same rows", async () => {
    const t = recorded
    const ok = (r: { status: number; body: unknown }, status = 200) => expect(r.status, JSON.stringify(r.body)).toBe(status)

    // a staff member binds to the worksite with the sealed password, then checks a parcel in for the student
    const unbound = await t.token("demo-newstaff")
    const key = (await t.api("GET", "/auth/employee/publicKey")).body.data as { publicKey: string; nonce: string }
    const bound = await t.api("GET", `/auth/employee/wxlogin?${new URLSearchParams({
      phone: "13900000003", password: oaep(key.publicKey, JSON.stringify({ password: DEMO_PASSWORD, nonce: key.nonce })), openid: "demo-newstaff"
    })}`, unbound)
    ok(bound)
    const staff = bound.body.token as string
    const expressNo = unique("SF")
    ok(await t.api("POST", "/api/expressTosend", staff, checkInPayload({ expressNo, receiverPhone: STUDENT_PHONE })), 201)
    const parcelId = (await t.db.selectFrom("parcel").select("id").where("express_no", "=", expressNo).executeTakeFirstOrThrow()).id

    // a first-time sender: verification submitted with a recognised ID photo, passed by staff, then a booking
    const sender = await t.token(SENDER.openid)
    const number = idNo("19990307")
    const photo = await upload(t, sender, [{ field: "idCard", bytes: idCardImage("孙八", number) }])
    ok(photo, 201)
    ok(await t.api("PUT", "/api/user/applyAuth", sender, { idCardUrl: photo.body.data.url }))
    ok(await t.api("PUT", `/api/user/verifyauth/${SENDER.id}`, staff, { authStatus: 1 }))
    const booked = await t.api("POST", "/api/expressTakein", sender, {
      expressCompanyId: "ec-sf", senderAddressId: "addr-day-s", receiverAddressId: "addr-day-r", goodsName: "书", insureMoney: 1000
    })
    ok(booked)

    // the student orders the parcel to their door and pays; the runner grabs it
    const student = await t.token("demo-student")
    const placed = await t.api("POST", base, student, {
      type: 1, toTakeId: parcelId, worksiteId: "ws-xiyuan", goodsType: 1, dormBuilding: "b-xy-1", dormFloor: 5, dormRoom: "501", friendReceives: false,
      sexLimit: -1, remark: ""
    })
    ok(placed)
    const { _id: errandId, orderNo } = placed.body.data as { _id: string; orderNo: string }
    const prepay = await t.api("GET", `${base}/prepay/${errandId}`, student)
    ok(prepay)
    const sign = await t.api("GET", `/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${prepay.body.data.prepayId}`)}`, student)
    const paid = await t.runtime.paymentProvider.pay(sign.body.data, clock().getTime())
    if (!paid.ok) throw new Error(paid.reason)
    ok(await t.api("POST", "/api/wx/payNotify", undefined, paid.notice))
    const runner = await t.token(RUNNER.openid)
    ok(await t.api("PUT", `${base}/robbingRollModule/${orderNo}`, runner))

    // collected at the station by the runner's signed QR, delivered, confirmed and rated
    const qr = await t.api("GET", `${base}/takeQrcode/${errandId}`, runner)
    ok(qr)
    const content = JSON.parse(qr.body.data.content) as Record<string, string>
    ok(await t.api("PUT", "/api/expressTosend/takepart", staff, {
      worksiteCode: "XY01", expressNo: content.en, storageNo: content.sn, signOpenid: RUNNER.openid, tag: content.tag, isPaotui: true, qr: qr.body.data.content
    }))
    ok(await t.api("PUT", `${base}/receiverGet/${errandId}`, runner))
    ok(await t.api("PUT", `${base}/receiverSignRollModule/${errandId}`, student))
    ok(await t.api("PUT", `${base}/comment/update`, student, { paotuiId: errandId, acceptOpenid: RUNNER.openid, score: 5, tags: [1] }))

    const lines: Array<{ lineNo: number; text: string }> = []
    // every change the day made went with its operation
    expect(await watch.unlogged()).toEqual([])
    await settleOutbox(t)
    for await (const op of loggedOperations(t.db)) lines.push({ lineNo: lines.length + 1, text: JSON.stringify(op) })
    // the outbox's sender logs each SMS it charges (chargeSms) whenever it runs, between the day's own operations
    expect(dayOps(lines)).toEqual([
      "bindStaff", "checkIn", "uploadImage", "submitVerification", "reviewVerification", "bookSending", "placeErrand", "errandPaid", "grabErrand",
      "takePart", "errandCollected", "errandDelivered", "confirmErrandReceipt", "rateErrand"
    ])
    const handOverAt = lines.findIndex((l) => JSON.parse(l.text).op === "takePart")
    const handOver = JSON.parse(lines[handOverAt]!.text)
    expect(handOver.input.verified).toEqual({ role: "runner", openid: RUNNER.openid })
    // no secret in the log: neither the sealed password nor the QR's signature
    expect(lines.map((l) => l.text).join("\n")).not.toContain(DEMO_PASSWORD)
    expect(lines.map((l) => l.text).join("\n")).not.toContain(qr.body.data.content)

    const summary = await replayOperations(fresh.runtime, (async function* () { yield* lines })(), { batch: 200 })
    expect(summary.problems).toEqual([])
    expect(summary).toMatchObject({ operations: lines.length, matched: lines.length, mismatched: 0, failed: 0, badLines: 0 })

    const same = async <R>(read: (app: TestApp) => Promise<R>) => expect(await read(fresh)).toEqual(await read(t))
    await same((a) => a.db.selectFrom("errand_order").selectAll().where("id", "=", errandId).execute())
    await same((a) => a.db.selectFrom("parcel").selectAll().where("id", "=", parcelId).execute())
    await same((a) => a.db.selectFrom("send_order").selectAll().where("id", "=", booked.body.data._id).execute())
    await same((a) => a.db.selectFrom("pay_trade").selectAll().where("ref_id", "=", errandId).execute())
    await same((a) => a.db.selectFrom("wallet").selectAll().where("user_id", "in", [RUNNER.id, SENDER.id]).orderBy("user_id").execute())
    await same((a) => a.db.selectFrom("ledger").select(["id", "user_id", "type", "money", "score", "remark", "ref_type", "ref_id", "created_at"])
      .where("user_id", "in", [RUNNER.id, SENDER.id]).orderBy("created_at").execute())
    await same((a) => a.db.selectFrom("app_user").select(["auth_status", "realname", "id_card_no", "id_card_url", "sex", "credit_score"])
      .where("id", "in", [RUNNER.id, SENDER.id]).orderBy("id").execute())
    await same((a) => a.db.selectFrom("employee").select(["id", "openid"]).where("phone", "=", "13900000003").execute())
    // every business table of the replayed database equals the recorded one (adapters/ops/digest.ts), rows and all
    await watch.stop()
    expect(describeDifferences(compareDigests((await digestTables(t.db)).tables, await digestTables(fresh.db, { keepRows: true })))).toEqual([])
    watch = await watchWrites(t.db)
    // each operation drew the same ids again (the ledger lines above keep theirs) and logged the same line
    await same((a) => a.db.selectFrom("ops_log").select(["op", "actor_openid", "at", "input", "outcome", "ids"]).orderBy("seq").execute())
    expect(lines.filter((l) => JSON.parse(l.text).ids).length).toBeGreaterThan(0)
    expect((await t.db.selectFrom("errand_order").select("status").where("id", "=", errandId).executeTakeFirstOrThrow()).status).toBe(ErrandStatus.completed)

    // a hand-over whose recorded verification names someone else is refused on replay, as the live QR check would
    const tampered = await startTestApp(backend, { clock })
    try {
      await withPeople(tampered, clock())
      const feed = lines.map((l, i) => (i === handOverAt
        ? { ...l, text: JSON.stringify({ ...handOver, input: { ...handOver.input, verified: { role: "runner", openid: "someone-else" } } }) }
        : l))
      const refused = await replayOperations(tampered.runtime, (async function* () { yield* feed })())
      expect(refused.problems[0]).toMatchObject({ line: handOverAt + 1, op: "takePart", kind: "failure", message: "二维码校验失败" })
    } finally {
      await tampered.close()
    }
  }, 120_000)

  it("replays a release, a leader's sign, a tip, a paid order cancelled and refunded, and an unpaid one voided by the scheduler", async () => {
    const t = recorded
    const ok = (r: { status: number; body: unknown }, status = 200) => expect(r.status, JSON.stringify(r.body)).toBe(status)
    const staff = await t.token("demo-staff")
    const student = await t.token("demo-student")
    const runner = await t.token(RUNNER.openid)
    const leader = await t.token(LEADER.openid)
    const pay = async (prepayId: string) => {
      const sign = await t.api("GET", `/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${prepayId}`)}`, student)
      const paid = await t.runtime.paymentProvider.pay(sign.body.data, clock().getTime())
      if (!paid.ok) throw new Error(paid.reason)
      ok(await t.api("POST", "/api/wx/payNotify", undefined, paid.notice))
    }
    const order = async () => {
      const expressNo = unique("SF")
      ok(await t.api("POST", "/api/expressTosend", staff, checkInPayload({ expressNo, receiverPhone: STUDENT_PHONE })), 201)
      const parcelId = (await t.db.selectFrom("parcel").select("id").where("express_no", "=", expressNo).executeTakeFirstOrThrow()).id
      const placed = await t.api("POST", base, student, {
        type: 1, toTakeId: parcelId, worksiteId: "ws-xiyuan", goodsType: 1, dormBuilding: "b-xy-1", dormFloor: 5, dormRoom: "501", friendReceives: false,
        sexLimit: -1, remark: ""
      })
      ok(placed)
      const { _id: id, orderNo } = placed.body.data as { _id: string; orderNo: string }
      const prepayId = (await t.db.selectFrom("errand_order").select("prepay_id").where("id", "=", id).executeTakeFirstOrThrow()).prepay_id!
      return { id, orderNo, parcelId, prepayId }
    }

    const first = await order()
    await pay(first.prepayId)
    ok(await t.api("PUT", `${base}/robbingRollModule/${first.orderNo}`, runner))
    ok(await t.api("PUT", `${base}/cancalByPaotui/${first.orderNo}/1`, runner, { reasonType: 1, reason: "临时有事去不了" }))
    ok(await t.api("PUT", `${base}/robbingRollModule/${first.orderNo}`, runner))
    ok(await t.api("PUT", `${base}/paotuiLeaderSignRollModule/${first.id}`, leader))
    const tip = await t.api("GET", `${base}/reward/${first.id}/100`, student)
    ok(tip)
    await pay(tip.body.data.prepayId)
    ok(await t.api("PUT", `${base}/comment/update`, student, { paotuiId: first.id, acceptOpenid: RUNNER.openid, score: 4, tags: [1] }))

    const cancelled = await order()
    await pay(cancelled.prepayId)
    ok(await t.api("PUT", `${base}/cancel/${cancelled.orderNo}`, student))
    const unpaid = await order()
    expect(await jobNamed("void-unpaid-errands")!.run(t.runtime, new Date(clock().getTime() + 31 * MINUTE))).toMatchObject({ voided: 1 })
    // the sender withdraws their verification
    ok(await t.api("PUT", "/api/user/unverifySelf", await t.token(SENDER.openid)))

    const lines: Array<{ lineNo: number; text: string }> = []
    // every change the day made went with its operation
    expect(await watch.unlogged()).toEqual([])
    await settleOutbox(t)
    for await (const op of loggedOperations(t.db)) lines.push({ lineNo: lines.length + 1, text: JSON.stringify(op) })
    dayLog = lines
    expect(dayOps(lines).slice(14)).toEqual([
      "checkIn", "placeErrand", "errandPaid", "grabErrand", "releaseErrand", "grabErrand", "leaderSignErrand", "tipPrepay", "tipPaid", "rateErrand",
      "checkIn", "placeErrand", "errandPaid", "cancelErrand", "checkIn", "placeErrand", "voidErrand", "cancelVerification"
    ])

    // the scheduler's void ran 31 minutes ahead of the clock: the replaying clock is past it, or that line would be in its future
    const again = await startTestApp(backend, { clock: () => new Date(clock().getTime() + 60 * MINUTE) })
    try {
      await withPeople(again, clock())
      const summary = await replayOperations(again.runtime, (async function* () { yield* lines })(), { batch: 200 })
      expect(summary.problems).toEqual([])
      expect(summary).toMatchObject({ operations: lines.length, matched: lines.length })
      const ids = [first.id, cancelled.id, unpaid.id]
      const same = async <R>(read: (app: TestApp) => Promise<R>) => expect(await read(again)).toEqual(await read(t))
      await same((a) => a.db.selectFrom("errand_order").selectAll().where("id", "in", ids).orderBy("id").execute())
      await same((a) => a.db.selectFrom("parcel").selectAll().where("id", "in", [first.parcelId, cancelled.parcelId, unpaid.parcelId]).orderBy("id").execute())
      await same((a) => a.db.selectFrom("pay_trade").selectAll().where("ref_id", "in", ids).orderBy("trade_no").execute())
      await same((a) => a.db.selectFrom("wallet").selectAll().where("user_id", "in", [RUNNER.id, LEADER.id]).orderBy("user_id").execute())
      await same((a) => a.db.selectFrom("ledger").select(["id", "user_id", "type", "money", "score", "remark", "ref_type", "ref_id", "created_at"])
        .where("user_id", "in", [RUNNER.id, LEADER.id]).orderBy("created_at").orderBy("money").execute())
      await same((a) => a.db.selectFrom("app_user").select(["auth_status", "id_card_url", "student_card_url", "realname"]).where("id", "=", SENDER.id).execute())
      expect((await t.db.selectFrom("errand_order").select(["id", "status"]).where("id", "in", ids).execute()).map((o) => o.status).sort())
        .toEqual([ErrandStatus.cancelled, ErrandStatus.cancelled, ErrandStatus.completed].sort())
    } finally {
      await again.close()
    }
  }, 120_000)

  it("replays the day's log in batches into the same database as one by one, with lines spoiled on the way", async () => {
    expect(dayOps(dayLog)).toContain("tipPaid")
    // every replay's database is seeded at one moment with the same people, its clock past the scheduler's void
    const seedAt = clock()
    const open = async () => {
      const app = await startTestApp(backend, { clock: () => new Date(seedAt.getTime() + 60 * MINUTE), seedAt })
      await withPeople(app, seedAt)
      return app
    }
    await fc.assert(fc.asyncProperty(
      fc.uniqueArray(fc.nat({ max: dayLog.length - 1 }), { minLength: 0, maxLength: 2 }), fc.integer({ min: 2, max: 40 }), fc.boolean(),
      async (spoil, batch, keepGoing) => {
        const lines = dayLog.map((line, i) => (spoil.includes(i) ? withAnotherOutcome(line) ?? line : line))
        const summary = await expectBatchedAsOneByOne(open, lines, batch, keepGoing)
        expect(summary.problems.length > 0).toBe(lines.some((line, i) => line !== dayLog[i]))
      }), { numRuns: 2, endOnFailure: true })
  }, 300_000)
})
