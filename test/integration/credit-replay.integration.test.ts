/**
 * A runner's credit records replay with the times they were written at: a release for a personal reason (−2) and a
 * rating move the runner's credit score, and the record of each is dated the operation's own time. Found by the
 * operations log's model test (issue 22): the records took the clock's now a few writes later than the operation's
 * time, which a replay (whose clock reads the logged time) could not reproduce. The clock here moves on at every
 * reading, so any later reading shows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { compareDigests, describeDifferences, digestTables } from "#adapters/ops/digest"
import { loggedOperations } from "#adapters/ops/ops-log"
import { replayOperations } from "#adapters/ops/replay"
import { checkInPayload, settleOutbox, shanghaiNoonClock, startTestApp, unique, type TestApp } from "../support/test-app"

const base = "/api/paotuiOrder"

describe("credit records replay with their operation's time", () => {
  let recorded: TestApp
  let fresh: TestApp
  // an hour before Shanghai noon, whatever the hour the suite runs at (door errands close at 22:00 Shanghai time)
  const noon = shanghaiNoonClock()
  const start = noon().getTime() - 3_600_000
  let readings = 0
  /** Moves on 7 ms at every reading. */
  const ticking = () => new Date(start + 7 * readings++)
  beforeAll(async () => {
    const seedAt = new Date(start)
    recorded = await startTestApp("pglite", { clock: ticking, seedAt })
    fresh = await startTestApp("pglite", { clock: noon, seedAt })
  }, 120_000)
  afterAll(async () => {
    await recorded?.close()
    await fresh?.close()
  })

  it("a personal release and a rating: the same credit rows in the replayed database", async () => {
    const t = recorded
    const ok = (r: { status: number; body: unknown }) => expect(r.status, JSON.stringify(r.body)).toBe(200)
    const [staff, student, runner] = [await t.token("demo-staff"), await t.token("demo-student"), await t.token("demo-runner")]
    const expressNo = unique("SF")
    expect((await t.api("POST", "/api/expressTosend", staff, checkInPayload({ expressNo }))).status).toBe(201)
    const parcel = (await t.db.selectFrom("parcel").select("id").where("express_no", "=", expressNo).executeTakeFirstOrThrow()).id
    const placed = await t.api("POST", base, student, {
      type: 1, toTakeId: parcel, worksiteId: "ws-xiyuan", goodsType: 1, dormBuilding: "b-xy-1", dormFloor: 5, dormRoom: "501", friendReceives: false, sexLimit: -1, remark: ""
    })
    ok(placed)
    const { _id: id, orderNo } = placed.body.data as { _id: string; orderNo: string }
    const prepay = await t.api("GET", `${base}/prepay/${id}`, student)
    const sign = await t.api("GET", `/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${prepay.body.data.prepayId}`)}`, student)
    const paid = await t.runtime.paymentProvider.pay(sign.body.data, ticking().getTime())
    if (!paid.ok) throw new Error(paid.reason)
    ok(await t.api("POST", "/api/wx/payNotify", undefined, paid.notice))
    ok(await t.api("PUT", `${base}/robbingRollModule/${orderNo}`, runner))
    ok(await t.api("PUT", `${base}/cancalByPaotui/${orderNo}/1`, runner, { reasonType: 1, reason: "临时有事去不了" }))
    ok(await t.api("PUT", `${base}/robbingRollModule/${orderNo}`, runner))
    ok(await t.api("PUT", `${base}/paotuiLeaderSignRollModule/${id}`, runner))
    ok(await t.api("PUT", `${base}/comment/update`, student, { paotuiId: id, acceptOpenid: "demo-runner", score: 5, tags: [1] }))
    const credits = await t.db.selectFrom("credit_record").select(["remark", "created_at"]).where("order_id", "=", id).orderBy("created_at").execute()
    expect(credits.map((c) => c.remark)).toEqual(["个人原因取消接单", "跑腿服务获得5星评价"])

    await settleOutbox(t)
    const lines: Array<{ lineNo: number; text: string }> = []
    for await (const op of loggedOperations(t.db)) lines.push({ lineNo: lines.length + 1, text: JSON.stringify(op) })
    const logged = lines.map((l) => JSON.parse(l.text) as { op: string; at: string })
    // each record is dated its operation's logged time
    expect(credits.map((c) => c.created_at.toISOString())).toEqual(logged.filter((o) => ["releaseErrand", "rateErrand"].includes(o.op)).map((o) => o.at))
    const summary = await replayOperations(fresh.runtime, (async function* () { yield* lines })())
    expect(summary.problems).toEqual([])
    expect(describeDifferences(compareDigests((await digestTables(t.db)).tables, await digestTables(fresh.db, { keepRows: true })))).toEqual([])
  }, 120_000)
})
