/**
 * The errand hall, grab and lifecycle through HTTP on PGlite (and the races on real Postgres): a type-1
 * order is grabbed, collected at the station by staff scanning the runner's QR, delivered and confirmed;
 * the runner is paid with a ledger row; a cancel refunds; the parcel moves with its order; and who may
 * not act is refused — a runner of another worksite, a non-runner, a requester on someone else's order.
 */
import { randomUUID } from "node:crypto"
import { Effect, Exit, Schema } from "effect"
import { io, type Socket } from "socket.io-client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { checkInvariants } from "#adapters/ops/invariants"
import { OrderDetail } from "#src/errand/calls"
import { PayIn } from "#src/payment/pay-in"
import {
  backends, checkInPayload, describeOnPostgres, ledgerMismatches, newUser, startTestApp, unique, UNLIMITED, type ApiAnswer, type TestApp, type TestUser
} from "../support/test-app"

const HOUR = 3_600_000
const base = "/api/paotuiOrder"

interface World {
  t: TestApp
  staff: string
}

const runnerUser = async (t: TestApp, over: { worksite?: string; sex?: number; leader?: boolean } = {}) => {
  const u = await newUser(t.db, {}, { worksite: over.worksite ?? "ws-xiyuan", role: "runner" })
  await t.db.updateTable("app_user").set({ auth_status: 1, paotui_status: 1, sex: over.sex ?? 1, is_paotui_leader: over.leader ?? false })
    .where("id", "=", u.id).execute()
  return { ...u, token: await t.token(u.openid) }
}

const plainUser = async (t: TestApp) => {
  const u = await newUser(t.db)
  return { ...u, token: await t.token(u.openid) }
}

/** The requester paid `amountFen` for the trade through the simulated provider (prepay, pay sheet): its prepay id. */
const paidAtProvider = async (t: TestApp, tradeNo: string, amountFen: number, openid: string) => {
  const exit = await t.runtime.read(Effect.gen(function* () {
    const payIn = yield* PayIn
    const prepaid = yield* payIn.prepay({ tradeNo, amountFen, description: "跑腿费", openid, expiresAt: new Date(Date.now() + HOUR) })
    if (!prepaid.ok) return yield* Effect.die(new Error(prepaid.reason))
    return { prepayId: prepaid.prepayId, sheet: yield* payIn.paySign(prepaid.prepayId, new Date()) }
  }))
  if (!Exit.isSuccess(exit)) throw new Error("prepay failed")
  expect((await t.runtime.paymentProvider.pay(exit.value.sheet)).ok).toBe(true)
  return exit.value.prepayId
}

/** A parcel checked in for the requester, and their paid type-1 order for it waiting in the hall (parcel 3). */
const paidOrder = async (w: World, requester: TestUser, over: { payFee?: number; sexLimit?: number; type?: number } = {}) => {
  const { t, staff } = w
  const type = over.type ?? 1
  let parcelId: string | null = null
  if (type === 1) {
    const expressNo = unique("SF")
    const r = await t.api("POST", "/api/expressTosend", staff, checkInPayload({ expressNo, receiverPhone: requester.phone }))
    expect(r.status).toBe(201)
    parcelId = (await t.db.selectFrom("parcel").select("id").where("express_no", "=", expressNo).executeTakeFirstOrThrow()).id
    await t.db.updateTable("parcel").set({ status: 3 }).where("id", "=", parcelId).execute()
  }
  const payFee = over.payFee ?? 500
  const id = `e-${randomUUID()}`
  const orderNo = unique("P")
  const now = new Date()
  const tradeNo = unique("T")
  const prepayId = payFee > 0 ? await paidAtProvider(t, tradeNo, payFee, requester.openid) : null
  await t.db.insertInto("errand_order").values({
    id, order_no: orderNo, type, status: 0, worksite_id: "ws-xiyuan", openid: requester.openid, sex_limit: over.sexLimit ?? -1, goods_class: 1,
    floor: 3, dorm_room: "301", to_take_id: parcelId, fee: payFee, pay_fee: payFee, paid: payFee, prepay_id: prepayId,
    require_arrive_time: new Date(now.getTime() + 3 * HOUR), created_at: now
  }).execute()
  if (prepayId) {
    await t.db.insertInto("pay_trade").values({
      trade_no: tradeNo, kind: "errand", ref_id: id, user_id: requester.id, amount_fen: payFee, status: "paid", prepay_id: prepayId,
      provider_ref: "tx", created_at: now, expires_at: new Date(now.getTime() + HOUR), paid_at: now
    }).execute()
  }
  // a door pickup exists only with its send order, posted in the hall beside its paid errand
  if (type === 2) {
    const contact = JSON.stringify({ name: "寄件人", phone: "13812345678" })
    await t.db.insertInto("send_order").values({
      id: `s-${id}`, order_no: unique("JJ"), status: 1, worksite_id: "ws-xiyuan", sender_id: requester.id, sender: contact, receiver: contact,
      goods_name: "书", goods_count: 1, door_pickup: true, errand_id: id, fee: payFee, created_at: now
    }).execute()
  }
  return { id, orderNo, parcelId }
}

const orderRow = (t: TestApp, id: string) => t.db.selectFrom("errand_order").selectAll().where("id", "=", id).executeTakeFirstOrThrow()
const parcelRow = (t: TestApp, id: string) => t.db.selectFrom("parcel").select(["status", "paotui_openid"]).where("id", "=", id).executeTakeFirstOrThrow()
const refused = (r: ApiAnswer, status: number, message: string) => expect([r.status, r.body.message]).toEqual([status, message])

describe("errands through HTTP on PGlite", () => {
  const w = {} as World
  let requester: Awaited<ReturnType<typeof plainUser>>
  let runner: Awaited<ReturnType<typeof runnerUser>>
  let rival: Awaited<ReturnType<typeof runnerUser>>
  let faraway: Awaited<ReturnType<typeof runnerUser>>
  let nonRunner: Awaited<ReturnType<typeof plainUser>>

  beforeAll(async () => {
    w.t = await startTestApp("pglite")
    w.staff = await w.t.token("demo-staff")
    requester = await plainUser(w.t)
    nonRunner = await plainUser(w.t)
    runner = await runnerUser(w.t)
    rival = await runnerUser(w.t, { sex: 2 })
    faraway = await runnerUser(w.t, { worksite: "ws-dongyuan" })
  })
  afterAll(async () => {
    await w.t?.close()
  })

  it("a type-1 order: hall, grab (one winner), station pickup of the runner's QR, delivery, receipt; the runner is paid with a ledger row", async () => {
    const { t } = w
    const o = await paidOrder(w, requester, { payFee: 650 })
    const hall = await t.api("GET", `${base}/toRobbing/ws-xiyuan/time`, runner.token)
    expect(hall.status).toBe(200)
    expect(hall.body.data.map((x: { _id: string }) => x._id)).toContain(o.id)
    refused(await t.api("GET", `${base}/toRobbing/ws-xiyuan/time`, faraway.token), 403, "获取待接单数据出错")
    refused(await t.api("GET", `${base}/toRobbing/ws-xiyuan/fee`, nonRunner.token), 403, "您还不是跑腿员，请先申请跑腿")
    refused(await t.api("PUT", `${base}/robbingRollModule/${o.orderNo}`, nonRunner.token), 403, "您还不是跑腿员，请先申请跑腿")
    refused(await t.api("PUT", `${base}/robbingRollModule/${o.orderNo}`, faraway.token), 403, "接单失败")

    const grabbed = await t.api("PUT", `${base}/robbingRollModule/${o.orderNo}`, runner.token)
    expect([grabbed.status, grabbed.body.message, grabbed.body.data.status, grabbed.body.data.acceptOpenid]).toEqual([200, "接单成功", 1, runner.openid])
    refused(await t.api("PUT", `${base}/robbingRollModule/${o.orderNo}`, rival.token), 409, "接单失败")
    expect(await parcelRow(t, o.parcelId!)).toEqual({ status: 4, paotui_openid: runner.openid })

    // The requester's own pickup QR no longer shows (the parcel is with the errand); the runner's does, and staff hand it over.
    refused(await t.api("GET", `${base}/takeQrcode/${o.id}`, rival.token), 404, "获取跑腿单信息失败")
    const qr = await t.api("GET", `${base}/takeQrcode/${o.id}`, runner.token)
    expect(qr.status).toBe(200)
    const content = JSON.parse(qr.body.data.content) as Record<string, string>
    const handOver = await t.api("PUT", "/api/expressTosend/takepart", w.staff, {
      worksiteCode: "XY01", expressNo: content.en, storageNo: content.sn, signOpenid: runner.openid, tag: content.tag, isPaotui: true, qr: qr.body.data.content
    })
    expect(handOver.status).toBe(200)
    expect((await orderRow(t, o.id)).status).toBe(2)
    expect((await parcelRow(t, o.parcelId!)).status).toBe(5)

    refused(await t.api("PUT", `${base}/receiverGet/${o.id}`, rival.token), 403, "送达失败")
    expect((await t.api("PUT", `${base}/receiverGet/${o.id}`, runner.token)).status).toBe(200)
    expect((await parcelRow(t, o.parcelId!)).status).toBe(6)
    refused(await t.api("PUT", `${base}/receiverSignRollModule/${o.id}`, nonRunner.token), 403, "签收失败")
    expect(await t.api("GET", `${base}/haveToComment`, requester.token)).toMatchObject({ status: 200, body: { data: false } })
    const before = await t.db.selectFrom("wallet").select("money").where("user_id", "=", runner.id).executeTakeFirstOrThrow()
    const signed = await t.api("PUT", `${base}/receiverSignByOrderNoRollModule/${o.orderNo}`, requester.token)
    expect([signed.status, signed.body.message, signed.body.data.status]).toEqual([200, "签收成功", 100])
    expect((await parcelRow(t, o.parcelId!)).status).toBe(100)
    expect(await orderRow(t, o.id)).toMatchObject({ status: 100, paid: 650, runner_income: 650, refunded: 0, to_comment: true })
    const after = await t.db.selectFrom("wallet").select("money").where("user_id", "=", runner.id).executeTakeFirstOrThrow()
    expect(after.money - before.money).toBe(650)
    expect(await t.db.selectFrom("ledger").select(["money", "type"]).where("ref_id", "=", o.id).execute()).toEqual([{ money: 650, type: 1 }])
    expect(await ledgerMismatches(t.db)).toEqual([])
    expect(await t.api("GET", `${base}/haveToComment`, requester.token)).toMatchObject({ status: 200, body: { data: true } })
  })

  it("the requester cancels an order in the hall: refunded through the pay-in port, the parcel back on the shelf; nobody else may cancel it", async () => {
    const { t } = w
    const o = await paidOrder(w, requester, { payFee: 300 })
    refused(await t.api("PUT", `${base}/cancel/${o.orderNo}`, nonRunner.token), 403, "取消失败")
    const r = await t.api("PUT", `${base}/cancel/${o.orderNo}`, requester.token)
    expect([r.status, r.body.message]).toEqual([200, "取消成功"])
    expect(await orderRow(t, o.id)).toMatchObject({ status: 4, refunded: 300, runner_income: 0 })
    expect((await t.db.selectFrom("pay_trade").select("status").where("ref_id", "=", o.id).executeTakeFirstOrThrow()).status).toBe("refunded")
    expect(await parcelRow(t, o.parcelId!)).toEqual({ status: 0, paotui_openid: null })
    refused(await t.api("PUT", `${base}/robbingRollModule/${o.orderNo}`, runner.token), 409, "接单失败")
  })

  it("the runner gives an order back with a reason (≥ 5 characters); a personal reason costs 2 credit points with a record", async () => {
    const { t } = w
    const o = await paidOrder(w, requester)
    await t.api("PUT", `${base}/robbingRollModule/${o.orderNo}`, runner.token)
    refused(await t.api("PUT", `${base}/cancalByPaotui/${o.orderNo}/1`, runner.token, { reasonType: 1, reason: "有事" }), 400, "取消原因不能少于5个字")
    refused(await t.api("PUT", `${base}/cancalByPaotui/${o.orderNo}/1`, rival.token, { reasonType: 1, reason: "临时有事去不了" }), 403, "取消失败")
    const score = async () => (await t.db.selectFrom("app_user").select("credit_score").where("id", "=", runner.id).executeTakeFirstOrThrow()).credit_score
    const before = await score()
    expect((await t.api("PUT", `${base}/cancalByPaotui/${o.orderNo}/1`, runner.token, { reasonType: 1, reason: "临时有事去不了" })).status).toBe(200)
    expect(await score()).toBe(before - 2)
    expect(await orderRow(t, o.id)).toMatchObject({ status: 0, accept_openid: null })
    expect(await parcelRow(t, o.parcelId!)).toEqual({ status: 3, paotui_openid: null })
  })

  it("a leader of the worksite marks an accepted order done; a plain runner may not", async () => {
    const { t } = w
    const leader = await runnerUser(t, { leader: true })
    const o = await paidOrder(w, requester, { payFee: 200 })
    await t.api("PUT", `${base}/robbingRollModule/${o.orderNo}`, runner.token)
    refused(await t.api("PUT", `${base}/paotuiLeaderSignRollModule/${o.id}`, rival.token), 403, "签收失败")
    expect((await t.api("PUT", `${base}/paotuiLeaderSignRollModule/${o.id}`, leader.token)).status).toBe(200)
    expect(await orderRow(t, o.id)).toMatchObject({ status: 100, runner_income: 200 })
    expect((await parcelRow(t, o.parcelId!)).status).toBe(100)
  })

  it("lists and single orders only for their own people", async () => {
    const { t } = w
    const o = await paidOrder(w, requester)
    refused(await t.api("GET", `${base}/list/1/${requester.openid}/ing`, runner.token), 403, "获取跑腿单数据出错")
    const mine = await t.api("GET", `${base}/list/1/${requester.openid}/ing`, requester.token)
    expect(mine.body.data.map((x: { _id: string }) => x._id)).toContain(o.id)
    const page = await t.api("GET", `${base}/pagingForFontend?statusStr=complete&type=1&pageNo=1`, requester.token)
    expect(page.body.data).toMatchObject({ pageNumber: 1, results: expect.any(Array) })
    refused(await t.api("GET", `${base}/pagingForFontend?statusStr=ing&type=2`, nonRunner.token), 403, "您还不是跑腿员，请先申请跑腿")
    refused(await t.api("GET", `${base}/getById/${o.id}`, nonRunner.token), 404, "获取跑腿单信息失败")
    refused(await t.api("GET", `${base}/getByOrderNo/${o.orderNo}`, faraway.token), 404, "获取跑腿单信息失败")
    // getById carries the prepay id (spec 001 §7) to the requester, decoded with the call's own answer Schema; to a runner it is null
    const own = Schema.decodeUnknownSync(OrderDetail.answer)((await t.api("GET", `${base}/getById/${o.id}`, requester.token)).body.data)
    expect(own).toMatchObject({ _id: o.id, status: 0, statusStr: "待接单", prepayId: (await orderRow(t, o.id)).prepay_id })
    expect(own.prepayId).toEqual(expect.any(String))
    const seenByRunner = await t.api("GET", `${base}/getById/${o.id}`, rival.token)
    expect(Schema.decodeUnknownSync(OrderDetail.answer)(seenByRunner.body.data)).toMatchObject({ _id: o.id, prepayId: null })
    expect(JSON.stringify(seenByRunner.body)).not.toContain(own.prepayId!)
    const byNo = await t.api("GET", `${base}/getByOrderNo/${o.orderNo}`, rival.token)
    expect(byNo.status).toBe(200)
    expect(byNo.body.data).not.toHaveProperty("prepayId")
    refused(await t.api("GET", `${base}/toRobbing/ws-xiyuan/price`, runner.token), 400, "获取待接单数据出错")
  })

  it("live: a taken order leaves every hall, a released one comes back only to its sex's hall, the requester hears each step", async () => {
    const { t } = w
    const connect = (token: string) => new Promise<Socket>((resolve, reject) => {
      const socket = io(t.url, { auth: { token }, transports: ["websocket"], reconnection: false })
      socket.once("connect", () => resolve(socket))
      socket.once("connect_error", (e) => { socket.close(); reject(e) })
    })
    const heard = (socket: Socket) => {
      const names: string[] = []
      socket.onAny((name: string) => names.push(name))
      return names
    }
    const sockets = await Promise.all([runner, rival, requester, nonRunner].map((u) => connect(u.token)))
    try {
      const [male, female, owner, outsider] = sockets.map(heard) as [string[], string[], string[], string[]]
      const o = await paidOrder(w, requester, { sexLimit: 1 })
      expect((await t.api("PUT", `${base}/robbingRollModule/${o.orderNo}`, runner.token)).status).toBe(200)
      expect((await t.api("PUT", `${base}/cancalByPaotui/${o.orderNo}/1`, runner.token, { reasonType: 2, reason: "用户电话打不通啊" })).status).toBe(200)
      await expect.poll(() => male).toEqual(["paotuiOrderRobbinged", "ws-xiyuan-paotuiOrderAdd"])
      expect(female).toEqual(["paotuiOrderRobbinged"])
      await expect.poll(() => owner).toEqual(["expressTotakeAdd", "paotuiOrderRobbinged", "paotuiOrderCancelToWait"])
      expect(outsider).toEqual([])
    } finally {
      for (const s of sockets) s.close()
    }
  })

  it("live: a pickupAble user who is no runner hears the door pickups' hall alone; runners hear both halls", async () => {
    const { t } = w
    const picker = await plainUser(t)
    await t.db.updateTable("app_user").set({ pickup_able: true, sex: 1 }).where("id", "=", picker.id).execute()
    const connect = (token: string) => new Promise<Socket>((resolve, reject) => {
      const socket = io(t.url, { auth: { token }, transports: ["websocket"], reconnection: false })
      socket.once("connect", () => resolve(socket))
      socket.once("connect_error", (e) => { socket.close(); reject(e) })
    })
    const sockets = await Promise.all([runner, picker, nonRunner].map((u) => connect(u.token)))
    try {
      const [ran, picked, other] = sockets.map((socket) => {
        const heard: Array<[string, string]> = []
        // a new card carries its order; the hall's other events carry only the id of the card to drop
        socket.onAny((name: string, payload: { orderNo?: string; _id: string }) => heard.push([name, payload.orderNo ?? payload._id]))
        return heard
      }) as [Array<[string, string]>, Array<[string, string]>, Array<[string, string]>]
      const release = { reasonType: 2, reason: "用户电话打不通啊" }
      const door = await paidOrder(w, requester, { type: 1 })
      const pickup = await paidOrder(w, requester, { type: 2 })
      for (const [o, type] of [[door, 1], [pickup, 2]] as const) {
        expect((await t.api("PUT", `${base}/robbingRollModule/${o.orderNo}`, runner.token)).status).toBe(200)
        expect((await t.api("PUT", `${base}/cancalByPaotui/${o.orderNo}/${type}`, runner.token, release)).status).toBe(200)
      }
      const pickupHeard = [["paotuiOrderRobbinged", pickup.id], ["ws-xiyuan-paotuiPickupOrderAdd", pickup.orderNo]]
      await expect.poll(() => picked).toEqual(pickupHeard)
      await expect.poll(() => ran).toEqual([["paotuiOrderRobbinged", door.id], ["ws-xiyuan-paotuiOrderAdd", door.orderNo], ...pickupHeard])
      expect(other).toEqual([])
    } finally {
      for (const s of sockets) s.close()
    }
  })

  it("junk input to every lifecycle call is refused with a 4xx, never a 500", async () => {
    const { t } = w
    const junk = ["x", "%E4%B8%AD", "-1", "null", "0".repeat(300)]
    const bodies = [{}, { reasonType: "abc", reason: 12 }, { reason: "长".repeat(600) }, { goodsPic: { a: 1 }, isDaofu: "maybe" }, [1, 2]]
    const calls = (j: string): Array<[string, string]> => [
      ["GET", `${base}/toRobbing/${j}/${j}`], ["PUT", `${base}/robbingRollModule/${j}`], ["PUT", `${base}/cancel/${j}`],
      ["PUT", `${base}/receiverGet/${j}`], ["PUT", `${base}/receiverSignRollModule/${j}`], ["PUT", `${base}/receiverSignByOrderNoRollModule/${j}`],
      ["PUT", `${base}/paotuiTakeaway/${j}`], ["PUT", `${base}/paotuiConfirmTakeaway/${j}`], ["PUT", `${base}/paotuiLeaderSignRollModule/${j}`],
      ["PUT", `${base}/cancalByPaotui/${j}/${j}`], ["GET", `${base}/list/${j}/${j}/${j}`], ["GET", `${base}/pagingForFontend?type=${j}&statusStr=${j}&pageNo=${j}`],
      ["GET", `${base}/getByOrderNo/${j}`], ["GET", `${base}/getById/${j}`], ["GET", `${base}/takeQrcode/${j}`]
    ]
    for (const [i, j] of junk.entries()) {
      for (const [method, path] of calls(j)) {
        const r = await t.api(method, path, runner.token, method === "PUT" ? bodies[i] : undefined)
        expect({ method, path, status: r.status, success: r.body.success }).toEqual({ method, path, status: expect.any(Number), success: false })
        expect(r.status, `${method} ${path}`).toBeGreaterThanOrEqual(400)
        expect(r.status, `${method} ${path}`).toBeLessThan(500)
        expect(typeof r.body.message).toBe("string")
      }
    }
  })

  it("errand money is conserved: every finished order's payment is its refunds plus the runner's income, and that income is in the ledger", async () => {
    const { t } = w
    const orders = await t.db.selectFrom("errand_order").select(["id", "status", "paid", "refunded", "runner_income"]).execute()
    expect(orders.length).toBeGreaterThan(0)
    for (const o of orders) {
      if (o.status === 4 || o.status === 100) expect(o.paid).toBe(o.refunded + o.runner_income)
      const credited = await t.db.selectFrom("ledger").select("money").where("ref_id", "=", o.id).execute()
      expect(credited.reduce((s, r) => s + r.money, 0)).toBe(o.runner_income)
    }
    // `station check` says the same, and notices an order whose runner income has no ledger row.
    const failing = async () => (await checkInvariants(t.db)).filter((r) => !r.ok).map((r) => r.name)
    expect(await failing()).toEqual([])
    const open = await paidOrder(w, requester, { payFee: 500 })
    await t.db.updateTable("errand_order").set({ runner_income: 10 }).where("id", "=", open.id).execute()
    expect(await failing()).toEqual(["every errand order's runner income is its runnerIncome ledger rows, credited to its runner"])
    await t.db.updateTable("errand_order").set({ runner_income: 0 }).where("id", "=", open.id).execute()
  })
})

describeOnPostgres("errand races on real Postgres", () => {
  const w = {} as World
  let requester: Awaited<ReturnType<typeof plainUser>>
  let runners: Array<Awaited<ReturnType<typeof runnerUser>>>
  // 200 rounds: about 0.25 s a round on a quiet 2-CPU machine, up to 1.4 s when six suites share it (270 s), hence the
  // long timeout. ERRAND_GRAB_ROUNDS lowers it for a quick local run.
  const ROUNDS = Number(process.env.ERRAND_GRAB_ROUNDS ?? 200)

  beforeAll(async () => {
    // every runner grabs once a round, faster than a person could: the grab limit is tested on its own below
    w.t = await startTestApp("postgres", { poolSize: 25, rateLimits: { grabsPerRunner: UNLIMITED } })
    w.staff = await w.t.token("demo-staff")
    requester = await plainUser(w.t)
    runners = []
    for (let i = 0; i < 50; i++) runners.push(await runnerUser(w.t))
  }, 120_000)
  afterAll(async () => {
    await w.t?.close()
  })

  it(`50 runners grab one order, ${ROUNDS} rounds: exactly one winner each, the rest '接单失败' (409)`, async () => {
    const { t } = w
    for (let round = 0; round < ROUNDS; round++) {
      const o = await paidOrder(w, requester, { type: 3, payFee: 0 })
      const answers = await Promise.all(runners.map((r) => t.api("PUT", `${base}/robbingRollModule/${o.orderNo}`, r.token)))
      const winners = answers.flatMap((a, i) => (a.status === 200 ? [runners[i]!.openid] : []))
      expect(winners).toHaveLength(1)
      for (const a of answers) if (a.status !== 200) expect([a.status, a.body.message]).toEqual([409, "接单失败"])
      expect((await orderRow(t, o.id)).accept_openid).toBe(winners[0])
    }
  }, 900_000)

  it("a cancel racing grabs never leaves an order both cancelled and taken", async () => {
    const { t } = w
    for (let round = 0; round < 30; round++) {
      const o = await paidOrder(w, requester, { payFee: 100 })
      const [cancel, ...grabs] = await Promise.all([
        t.api("PUT", `${base}/cancel/${o.orderNo}`, requester.token),
        ...runners.slice(0, 10).map((r) => t.api("PUT", `${base}/robbingRollModule/${o.orderNo}`, r.token))
      ])
      const won = grabs.filter((g) => g.status === 200).length
      const row = await orderRow(t, o.id)
      const parcel = await parcelRow(t, o.parcelId!)
      if (cancel!.status === 200) {
        expect([won, row.status, row.accept_openid, row.refunded, parcel.status, parcel.paotui_openid]).toEqual([0, 4, null, 100, 0, null])
      } else {
        expect([cancel!.status, won, row.status, row.refunded, parcel.status]).toEqual([409, 1, 1, 0, 4])
        expect(parcel.paotui_openid).toBe(row.accept_openid)
      }
    }
    expect(await ledgerMismatches(t.db)).toEqual([])
  }, 300_000)
})

describe.each(backends)("the grab limit per runner (%s)", (backend) => {
  const w = {} as World
  // the server's limit (10 grabs in 10 s), its window shortened so the test can see it end
  const LIMIT = { max: 10, windowMs: 8_000 }

  beforeAll(async () => {
    w.t = await startTestApp(backend, { poolSize: 25, rateLimits: { grabsPerRunner: LIMIT } })
    w.staff = await w.t.token("demo-staff")
  }, 60_000)
  afterAll(async () => {
    await w.t?.close()
  })

  it("50 concurrent grabs by one runner: only the limit's number get past it, the rest 429; another runner is not affected", async () => {
    const { t } = w
    const requester = await plainUser(t)
    const [greedy, other] = [await runnerUser(t), await runnerUser(t)]
    const [hot, calm, next] = [
      await paidOrder(w, requester, { type: 3, payFee: 0 }), await paidOrder(w, requester, { type: 3, payFee: 0 }), await paidOrder(w, requester, { type: 3, payFee: 0 })
    ]
    const grab = (orderNo: string, token: string) => t.api("PUT", `${base}/robbingRollModule/${orderNo}`, token)
    const [flood, others] = await Promise.all([
      Promise.all(Array.from({ length: 50 }, () => grab(hot.orderNo, greedy.token))),
      Promise.all(Array.from({ length: 3 }, () => grab(calm.orderNo, other.token)))
    ])
    const limited = flood.filter((a) => a.status === 429)
    const passed = flood.filter((a) => a.status !== 429)
    expect(passed).toHaveLength(LIMIT.max)
    for (const a of limited) {
      expect([a.body.success, a.body.message]).toEqual([false, "抢单过于频繁，请稍后再试"])
      expect(Number(a.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
    }
    // of those let through, one won the order and the others found it taken
    expect(passed.map((a) => a.status).sort()).toEqual([200, ...Array<number>(LIMIT.max - 1).fill(409)])
    expect((await orderRow(t, hot.id)).accept_openid).toBe(greedy.openid)
    // the other runner's grabs were never limited: one won, the rest found it taken
    expect(others.map((a) => a.status).sort()).toEqual([200, 409, 409])
    expect((await orderRow(t, calm.id)).accept_openid).toBe(other.openid)
    // still limited within the window; once it ends the runner grabs again
    expect((await grab(next.orderNo, greedy.token)).status).toBe(429)
    expect((await orderRow(t, next.id)).status).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, LIMIT.windowMs))
    expect(await grab(next.orderNo, greedy.token)).toMatchObject({ status: 200, body: { message: "接单成功" } })
  }, 60_000)
})
