/**
 * `station replay` of the errand teams' administration through the HTTP app: runners of one team hand accepted
 * orders to each other (one, then a batch), the teammate collects a handed-over order at the station with their own
 * signed QR and takes it back to the shelf, a leader sets, changes and removes building leaders, and the scheduler
 * voids an unpaid order and logs its run. The exported log replays into a fresh seeded database with no problems and
 * the same errand, parcel, building, trade, wallet and ledger rows, field by field.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loggedOperations } from "#adapters/ops/ops-log"
import { replayOperations } from "#adapters/ops/replay"
import { createUser } from "#adapters/postgres/seed"
import { jobNamed, runJobLogged } from "#adapters/scheduler/jobs"
import { noLock } from "#adapters/scheduler/lock"
import { startScheduler } from "#adapters/scheduler/scheduler"
import { ErrandStatus } from "#src/errand/status-machine"
import { ParcelStatus } from "#src/parcel/parcel-status"
import { backends, checkInPayload, settleOutbox, shanghaiNoonClock, startTestApp, unique, type TestApp } from "../support/test-app"
import { watchWrites, type WriteWatch } from "../support/write-watch"

const LEADER = { id: "u-adm-leader", openid: "adm-leader", phone: "13600000031" }
const RUNNER_A = { id: "u-adm-runner-a", openid: "adm-runner-a", phone: "13600000032" }
const RUNNER_B = { id: "u-adm-runner-b", openid: "adm-runner-b", phone: "13600000033" }
const MINUTE = 60_000
const STUDENT_PHONE = "13800000001"
const base = "/api/paotuiOrder"
const BUILDINGS = ["b-xy-1", "b-xy-2"]

/** The team, who signed up before the day (sign-up is not replayed here): a leader and two joined runners of their team. */
const withTeam = async (t: TestApp) => {
  for (const [who, name] of [[LEADER, "队长"], [RUNNER_A, "跑腿甲"], [RUNNER_B, "跑腿乙"]] as const) {
    await createUser(t.db, { id: who.id, openid: who.openid, nickname: name, realname: name, phone_main: who.phone, worksite_id: "ws-xiyuan", role: "runner" }, {})
  }
  await t.db.updateTable("app_user").set({ auth_status: 1, paotui_status: 1, sex: 1 }).where("id", "in", [LEADER.id, RUNNER_A.id, RUNNER_B.id]).execute()
  await t.db.updateTable("app_user").set({ is_paotui_leader: true, invitation: "ADM001" }).where("id", "=", LEADER.id).execute()
  await t.db.updateTable("app_user").set({ paotui_leader: LEADER.id }).where("id", "in", [RUNNER_A.id, RUNNER_B.id]).execute()
}

describe.each(backends)("station replay of errand team administration [%s]", (backend) => {
  let recorded: TestApp
  let watch: WriteWatch
  const clock = shanghaiNoonClock()
  beforeAll(async () => {
    recorded = await startTestApp(backend, { clock })
    await withTeam(recorded)
    watch = await watchWrites(recorded.db)
  }, 120_000)
  afterAll(async () => {
    await recorded?.close()
  })

  it("hand-overs, a handed-over parcel collected and taken back to the shelf, building leaders and a scheduler run replay into the same rows", async () => {
    const t = recorded
    const ok = (r: { status: number; body: unknown }, status = 200) => expect(r.status, JSON.stringify(r.body)).toBe(status)
    const staff = await t.token("demo-staff")
    const student = await t.token("demo-student")
    const runnerA = await t.token(RUNNER_A.openid)
    const runnerB = await t.token(RUNNER_B.openid)
    const leader = await t.token(LEADER.openid)
    const pay = async (prepayId: string) => {
      const sign = await t.api("GET", `/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${prepayId}`)}`, student)
      const paid = await t.runtime.paymentProvider.pay(sign.body.data, clock().getTime())
      if (!paid.ok) throw new Error(paid.reason)
      ok(await t.api("POST", "/api/wx/payNotify", undefined, paid.notice))
    }
    /** A parcel checked in for the student and a door delivery ordered for it (paid unless told). */
    const order = async (paid = true) => {
      const expressNo = unique("SF")
      ok(await t.api("POST", "/api/expressTosend", staff, checkInPayload({ expressNo, receiverPhone: STUDENT_PHONE })), 201)
      const parcelId = (await t.db.selectFrom("parcel").select("id").where("express_no", "=", expressNo).executeTakeFirstOrThrow()).id
      const placed = await t.api("POST", base, student, {
        type: 1, toTakeId: parcelId, worksiteId: "ws-xiyuan", goodsType: 1, dormBuilding: "b-xy-1", dormFloor: 5, dormRoom: "501", friendReceives: false,
        sexLimit: -1, remark: ""
      })
      ok(placed)
      const { _id: id, orderNo } = placed.body.data as { _id: string; orderNo: string }
      if (paid) await pay((await t.db.selectFrom("errand_order").select("prepay_id").where("id", "=", id).executeTakeFirstOrThrow()).prepay_id!)
      return { id, orderNo, parcelId }
    }
    const parcelOf = (id: string) => t.db.selectFrom("parcel").select(["status", "paotui_openid"]).where("id", "=", id).executeTakeFirstOrThrow()
    const runnerOf = async (id: string) => (await t.db.selectFrom("errand_order").select("accept_openid").where("id", "=", id).executeTakeFirstOrThrow()).accept_openid

    // runner A grabs an order and hands it to teammate B, who now holds its parcel too
    const first = await order()
    ok(await t.api("PUT", `${base}/robbingRollModule/${first.orderNo}`, runnerA))
    ok(await t.api("PUT", `${base}/rollout/single`, runnerA, { paotuiId: first.id, acceptUserId: RUNNER_B.id, acceptOpenid: RUNNER_B.openid }))
    expect(await runnerOf(first.id)).toBe(RUNNER_B.openid)
    expect(await parcelOf(first.parcelId)).toEqual({ status: ParcelStatus.runnerTookTask, paotui_openid: RUNNER_B.openid })

    // B collects it at the station with B's own signed QR, then gives it up: the parcel goes back to the shelf, the order is refunded
    const qr = await t.api("GET", `${base}/takeQrcode/${first.id}`, runnerB)
    ok(qr)
    const content = JSON.parse(qr.body.data.content) as Record<string, string>
    ok(await t.api("PUT", "/api/expressTosend/takepart", staff, {
      worksiteCode: "XY01", expressNo: content.en, storageNo: content.sn, signOpenid: RUNNER_B.openid, tag: content.tag, isPaotui: true, qr: qr.body.data.content
    }))
    expect(await parcelOf(first.parcelId)).toEqual({ status: ParcelStatus.goodsCollected, paotui_openid: RUNNER_B.openid })
    ok(await t.api("PUT", `${base}/cancalByPaotui/${first.orderNo}/1`, runnerB, { reasonType: 1, reason: "临时有事去不了" }))
    expect(await parcelOf(first.parcelId)).toEqual({ status: ParcelStatus.awaitingPickup, paotui_openid: null })

    // two orders grabbed by B go to A in one batch; a batch with an order A does not hold is refused whole and logged not at all
    const second = await order()
    const third = await order()
    ok(await t.api("PUT", `${base}/robbingRollModule/${second.orderNo}`, runnerB))
    ok(await t.api("PUT", `${base}/robbingRollModule/${third.orderNo}`, runnerB))
    expect((await t.api("PUT", `${base}/rollout/batch`, runnerA, { paotuiIds: [second.id], acceptUserId: RUNNER_B.id })).status).toBe(403)
    ok(await t.api("PUT", `${base}/rollout/batch`, runnerB, { paotuiIds: [second.id, third.id], acceptUserId: RUNNER_A.id }))
    expect([await runnerOf(second.id), await runnerOf(third.id)]).toEqual([RUNNER_A.openid, RUNNER_A.openid])

    // the leader sets building leaders, changes one, sets one again (nothing changes) and removes one
    ok(await t.api("PUT", `/api/building/setExpressMaster/b-xy-1/${RUNNER_A.id}`, leader))
    ok(await t.api("PUT", `/api/building/setExpressMaster/b-xy-2/${RUNNER_A.id}`, leader))
    ok(await t.api("PUT", `/api/building/setExpressMaster/b-xy-1/${RUNNER_B.id}`, leader))
    ok(await t.api("PUT", `/api/building/setExpressMaster/b-xy-1/${RUNNER_B.id}`, leader))
    ok(await t.api("DELETE", "/api/building/delExpressMaster/b-xy-2", leader))
    ok(await t.api("DELETE", "/api/building/delExpressMaster/b-xy-2", leader))
    expect((await t.api("PUT", `/api/building/setExpressMaster/b-xy-2/${RUNNER_A.id}`, runnerA)).status).toBe(403)

    // the scheduler, 31 minutes on, voids an unpaid order and logs its run; an idle run logs nothing
    const unpaid = await order(false)
    const late = new Date(clock().getTime() + 31 * MINUTE)
    const runs: Array<{ name: string; result: unknown }> = []
    const scheduler = startScheduler(t.runtime, {
      lock: noLock(), jobs: [jobNamed("void-unpaid-errands")!, jobNamed("mark-due-returns")!], tickMs: 3_600_000, now: () => late,
      onRun: (name, o) => runs.push({ name, result: "result" in o ? o.result : o.error })
    })
    try {
      await scheduler.tick()
    } finally {
      await scheduler.stop()
    }
    expect(runs).toEqual([{ name: "void-unpaid-errands", result: expect.objectContaining({ voided: 1 }) }, { name: "mark-due-returns", result: { marked: 0 } }])
    // `station jobs run` logs its run the same way: one that voided an order, then one that found nothing
    const unpaidToo = await order(false)
    const later = new Date(clock().getTime() + 31 * MINUTE)
    expect(await runJobLogged(t.runtime, jobNamed("void-unpaid-errands")!, later)).toMatchObject({ voided: 1 })
    expect(await runJobLogged(t.runtime, jobNamed("void-unpaid-errands")!, later)).toMatchObject({ voided: 0, failed: 0 })

    const lines: Array<{ lineNo: number; text: string }> = []
    // every change went with its operation
    expect(await watch.unlogged()).toEqual([])
    await settleOutbox(t)
    for await (const op of loggedOperations(t.db)) lines.push({ lineNo: lines.length + 1, text: JSON.stringify(op) })
    const ops = lines.map((l) => JSON.parse(l.text) as { op: string; actorOpenid: string; input: unknown; outcome: unknown })
    const admin = ops.filter((o) => ["transferErrands", "setBuildingManager", "removeBuildingManager", "jobRun"].includes(o.op))
    expect(admin.map((o) => [o.op, o.actorOpenid, o.input, o.outcome])).toEqual([
      ["transferErrands", RUNNER_A.openid, { ids: [first.id], acceptUserId: RUNNER_B.id }, { ids: [first.id], acceptOpenid: RUNNER_B.openid }],
      ["transferErrands", RUNNER_B.openid, { ids: [second.id, third.id], acceptUserId: RUNNER_A.id }, { ids: [second.id, third.id], acceptOpenid: RUNNER_A.openid }],
      ["setBuildingManager", LEADER.openid, { buildingId: "b-xy-1", userId: RUNNER_A.id }, { buildingId: "b-xy-1", managerId: RUNNER_A.id }],
      ["setBuildingManager", LEADER.openid, { buildingId: "b-xy-2", userId: RUNNER_A.id }, { buildingId: "b-xy-2", managerId: RUNNER_A.id }],
      ["setBuildingManager", LEADER.openid, { buildingId: "b-xy-1", userId: RUNNER_B.id }, { buildingId: "b-xy-1", managerId: RUNNER_B.id }],
      ["removeBuildingManager", LEADER.openid, { buildingId: "b-xy-2" }, { buildingId: "b-xy-2", managerId: null }],
      ...[0, 1].map(() => ["jobRun", "station-system", { job: "void-unpaid-errands" },
        { done: 1, failed: 0, counts: { voided: 1, skipped: 0, paidElsewhere: 0, failed: 0, waiting: 0, givenUp: 0 } }])
    ])
    // each run's line follows the void it marks
    // the last steps, beside the outbox sender's SMS charges (chargeSms), which come whenever it sends
    expect(ops.filter((o) => o.op !== "chargeSms").slice(-6).map((o) => [o.op, o.input])).toEqual([
      ["voidErrand", { id: unpaid.id, reason: "unpaid" }], ["jobRun", { job: "void-unpaid-errands" }],
      ["checkIn", expect.anything()], ["placeErrand", expect.anything()],
      ["voidErrand", { id: unpaidToo.id, reason: "unpaid" }], ["jobRun", { job: "void-unpaid-errands" }]
    ])
    expect(ops.filter((o) => o.op === "releaseErrand")).toEqual([expect.objectContaining({ actorOpenid: RUNNER_B.openid, outcome: { id: first.id, status: ErrandStatus.cancelled } })])

    // the replaying clock is past the scheduler's run, or that line would be in its future
    const fresh = await startTestApp(backend, { clock: () => new Date(clock().getTime() + 60 * MINUTE) })
    try {
      await withTeam(fresh)
      const summary = await replayOperations(fresh.runtime, (async function* () { yield* lines })())
      expect(summary.problems).toEqual([])
      expect(summary).toMatchObject({ operations: lines.length, matched: lines.length, mismatched: 0, failed: 0, badLines: 0 })

      const orders = [first.id, second.id, third.id, unpaid.id, unpaidToo.id]
      const parcels = [first.parcelId, second.parcelId, third.parcelId, unpaid.parcelId, unpaidToo.parcelId]
      const people = [LEADER.id, RUNNER_A.id, RUNNER_B.id, "u-student"]
      const same = async <R>(read: (app: TestApp) => Promise<R>) => expect(await read(fresh)).toEqual(await read(t))
      await same((a) => a.db.selectFrom("errand_order").selectAll().where("id", "in", orders).orderBy("id").execute())
      await same((a) => a.db.selectFrom("parcel").selectAll().where("id", "in", parcels).orderBy("id").execute())
      await same((a) => a.db.selectFrom("building").selectAll().where("worksite_id", "=", "ws-xiyuan").orderBy("id").execute())
      await same((a) => a.db.selectFrom("pay_trade").selectAll().where("ref_id", "in", orders).orderBy("trade_no").execute())
      await same((a) => a.db.selectFrom("wallet").selectAll().where("user_id", "in", people).orderBy("user_id").execute())
      await same((a) => a.db.selectFrom("ledger").select(["id", "user_id", "type", "money", "score", "remark", "ref_type", "ref_id", "created_at"])
        .where("user_id", "in", people).where("ref_type", "<>", "opening").orderBy("created_at").orderBy("money").execute())
      // each operation, the scheduler's run lines included, logged the same line again
      await same((a) => a.db.selectFrom("ops_log").select(["op", "actor_openid", "at", "input", "outcome", "ids"]).orderBy("seq").execute())
      await same((a) => a.db.selectFrom("app_user").select(["id", "credit_score", "paotui_leader", "is_paotui_leader"]).where("id", "in", people).orderBy("id").execute())
      const buildings = await t.db.selectFrom("building").select(["id", "manager_id"]).where("id", "in", BUILDINGS).orderBy("id").execute()
      expect(buildings).toEqual([{ id: "b-xy-1", manager_id: RUNNER_B.id }, { id: "b-xy-2", manager_id: null }])
      expect((await t.db.selectFrom("errand_order").select("status").where("id", "in", orders).execute()).map((o) => o.status).sort())
        .toEqual([ErrandStatus.cancelled, ErrandStatus.cancelled, ErrandStatus.cancelled, ErrandStatus.accepted, ErrandStatus.accepted].sort())

      // a run line is a marker, but of a job the station has: one naming no job is refused
      const run = JSON.parse(lines.filter((l) => JSON.parse(l.text).op === "jobRun").at(-1)!.text) as Record<string, unknown>
      const unknownJob = await replayOperations(fresh.runtime, (async function* () {
        yield { lineNo: 1, text: JSON.stringify({ ...run, input: { job: "no-such-job" } }) }
      })())
      expect(unknownJob.problems).toEqual([expect.objectContaining({ line: 1, op: "jobRun", kind: "failure", message: "no job named no-such-job" })])

    } finally {
      await fresh.close()
    }
  }, 180_000)
})
