/**
 * `station check` as a child process over a database prepared in-process through the real use cases (embedded
 * PGlite; also a fresh database on real Postgres when TEST_DATABASE_URL is set): a healthy day passes (exit 0); a
 * paid errand and a paid sending left unfinished past their deadlines are reported as stuck (exit 1, the invariant
 * and the order numbers named); a runner's income row written with the wrong reference is flagged.
 */
import { randomBytes, randomUUID } from "node:crypto"
import { join } from "node:path"
import { Cause, Exit, type Effect } from "effect"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ERRAND_INVARIANTS } from "#adapters/ops/errand-invariants"
import { actorByOpenid } from "#adapters/ops/actors"
import { migrateToLatest, openDatabase, type DatabaseConfig } from "#adapters/postgres/database"
import { seedDemoCampus } from "#adapters/postgres/seed"
import { Runtime, type StationServices } from "#adapters/runtime"
import { grabOrder, leaderSign } from "#src/errand/lifecycle"
import { placeErrandOrder } from "#src/errand/ordering"
import { paySignFor } from "#src/payment/use-cases"
import { book, payFreight, setFreight } from "#src/sending/use-cases"
import { settleNotice } from "#src/settlement/settlements"
import { jsonNotice } from "#src/payment/pay-in"
import type { Actor } from "#src/shared/actor"
import { startOfShanghaiDay } from "#src/shared/time"
import { backends, TEST_DATABASE_URL } from "../test/support/test-app"
import { json, removeTempDirs, station, tempDir } from "./station.testkit"

const SLOW = 240_000
const HOUR = 3_600_000

const valueOf = <A, E>(exit: Exit.Exit<A, E>): A => {
  if (Exit.isSuccess(exit)) return exit.value
  throw Cause.squash(exit.cause)
}

/** Shanghai noon `days` days before today. */
const noonDaysAgo = (days: number) => new Date(startOfShanghaiDay(new Date()).getTime() + 12 * HOUR - days * 24 * HOUR)

const admin = async <A>(run: (client: pg.Client) => Promise<A>): Promise<A> => {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/** Where `station` finds the database, and how the test opens it. */
const target = async (backend: string): Promise<{ env: Record<string, string>; config: DatabaseConfig; drop: () => Promise<void> }> => {
  if (backend === "pglite") {
    const dir = tempDir("check")
    return { env: { DATA_DIR: dir }, config: { kind: "pglite", dataDir: join(dir, "db") }, drop: async () => {} }
  }
  const name = `cli_check_${process.pid}_${randomBytes(4).toString("hex")}`
  await admin((c) => c.query(`create database "${name}"`))
  const url = new URL(TEST_DATABASE_URL!)
  url.pathname = `/${name}`
  return {
    env: { DATABASE_URL: url.toString() }, config: { kind: "postgres", url: url.toString(), poolSize: 2 },
    drop: () => admin((c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => undefined)
  }
}

/** The demo campus's people and the steps of an errand and a sending, each run as the use case at a chosen time. */
const world = async (config: DatabaseConfig, fresh = false) => {
  const database = await openDatabase(config)
  if (fresh) {
    await migrateToLatest(database.db)
    await seedDemoCampus(database.db)
  }
  let at = new Date()
  const runtime = await Runtime.create(database, { clock: () => at })
  const run = async <A, E>(when: Date, useCase: Effect.Effect<A, E, StationServices>) => {
    at = when
    return valueOf(await runtime.run(useCase))
  }
  const [student, runner, staff] = await Promise.all(["demo-student", "demo-runner", "demo-staff"].map((o) => actorByOpenid(database.db, o))) as [Actor, Actor, Actor]
  const pay = async (when: Date, payer: Actor, prepayId: string) => {
    at = when
    const paid = await runtime.paymentProvider.pay(valueOf(await runtime.read(paySignFor(payer, prepayId))))
    if (!paid.ok) throw new Error(paid.reason)
    await run(when, settleNotice(jsonNotice(paid.notice)))
  }
  /** A type-4 errand placed and paid by the student, grabbed by the demo runner: accepted (1). */
  const grabbedErrand = async (when: Date) => {
    const order = await run(when, placeErrandOrder(student, {
      type: 4, worksiteId: "ws-xiyuan", goodsType: 1, dormBuilding: "b-xy-1", dormFloor: 5, dormRoom: "501", friendReceives: false, sexLimit: -1, remark: ""
    }))
    await pay(when, student, order.prepayId!)
    await run(when, grabOrder(runner, order.orderNo))
    return order
  }
  /** A plain sending booked by the student, freight set by staff and paid: awaiting its waybill (4). */
  const paidSending = async (when: Date) => {
    const contact = (name: string, province: string) => ({
      id: `addr-${randomUUID()}`, user_id: student.userId, name, phone: "13812345678", province, city: `${province}01`, county: `${province}0101`,
      province_name: "省", city_name: "市", county_name: "区", detail: "某路1号", is_default: false
    })
    const [s, r] = [contact("寄件人", "44"), contact("收件人", "31")]
    await database.db.insertInto("address").values([s, r]).execute()
    const order = await run(when, book(student, { expressCompanyId: "ec-sf", senderAddressId: s.id, receiverAddressId: r.id, goodsName: "书籍", goodsCount: 1 }))
    await run(when, setFreight(staff, { id: order.id, expressCompanyId: "ec-sf", freightWeight: 1500, freight: 1200 }))
    await pay(when, student, (await run(when, payFreight(student, order.id))).prepayId)
    return order
  }
  return { db: database.db, run, student, runner, grabbedErrand, paidSending, close: () => database.close() }
}

afterAll(removeTempDirs)

describe.each(backends)("station check (%s)", (backend) => {
  let where: Awaited<ReturnType<typeof target>>
  const done = { id: "", orderNo: "" }

  beforeAll(async () => {
    where = await target(backend)
    const w = await world(where.config, true)
    try {
      await w.db.updateTable("app_user").set({ auth_status: 1, id_card_no: "110105199003071239" }).where("id", "=", w.student.userId).execute()
      // today: one errand finished by the leader's sign (the runner paid), one grabbed and under way
      const today = noonDaysAgo(0)
      const finished = await w.grabbedErrand(today)
      await w.run(today, leaderSign(w.runner, finished.id))
      await w.grabbedErrand(today)
      Object.assign(done, { id: finished.id, orderNo: finished.orderNo })
    } finally {
      await w.close()
    }
  }, SLOW)
  afterAll(async () => where?.drop())

  it("a healthy database passes: exit 0", async () => {
    const human = await station(["check", "--no-specs"], where.env)
    expect(human.code, human.stdout + human.stderr).toBe(0)
    expect(human.stdout).toMatch(new RegExp(`ok\\s+${ERRAND_INVARIANTS.stuck.replace(/[()]/g, "\\$&")}\\s+0`))
    expect(human.stdout).toMatch(/All checks passed\.$/m)
  }, SLOW)

  it("a paid errand and a paid sending left unfinished five days ago are reported as stuck: exit 1, naming both", async () => {
    const w = await world(where.config)
    let errand: { orderNo: string }
    let sending: { orderNo: string }
    try {
      const fiveDaysAgo = noonDaysAgo(5)
      errand = await w.grabbedErrand(fiveDaysAgo)
      sending = await w.paidSending(fiveDaysAgo)
    } finally {
      await w.close()
    }
    const human = await station(["check", "--no-specs"], where.env)
    expect(human.code, human.stdout + human.stderr).toBe(1)
    expect(human.stdout).toMatch(new RegExp(`FAIL\\s+${ERRAND_INVARIANTS.stuck.replace(/[()]/g, "\\$&")}\\s+2`))
    expect(human.stdout).toContain(`${ERRAND_INVARIANTS.stuck}: first 2 of 2`)
    expect(human.stdout).toMatch(new RegExp(`"orderNo":"${errand.orderNo}".*"statusStr":"已接单".*"waitsFor":"release \\(runner\\), takeaway \\(runner\\), leaderSign \\(leader\\)"`))
    expect(human.stdout).toMatch(new RegExp(`"orderNo":"${sending.orderNo}".*"statusStr":"待分配单号".*"waitsFor":"assignNumber \\(staff\\)"`))
    expect(human.stdout).toMatch(/Checks FAILED: invariants$/m)

    const machine = await station(["check", "--no-specs", "--json"], where.env)
    expect(machine.code).toBe(1)
    const report = json<{ ok: boolean; invariants: Array<{ name: string; ok: boolean; violations: number; examples: Array<Record<string, unknown>> }> }>(machine)
    expect(report.ok).toBe(false)
    expect(report.invariants.filter((r) => !r.ok).map((r) => [r.name, r.violations])).toEqual([[ERRAND_INVARIANTS.stuck, 2]])
    expect(report.invariants.find((r) => r.name === ERRAND_INVARIANTS.stuck)!.examples.map((e) => [e.order, e.orderNo, e.status]))
      .toEqual(expect.arrayContaining([["errand", errand.orderNo, 1], ["send", sending.orderNo, 4]]))
  }, SLOW)

  it("a runner's income row written with the wrong reference is flagged with its order", async () => {
    const database = await openDatabase(where.config)
    try {
      const moved = await database.db.updateTable("ledger").set({ ref_type: "tip" }).where("ref_type", "=", "runnerIncome").where("ref_id", "=", done.id).executeTakeFirst()
      expect(Number(moved.numUpdatedRows)).toBe(1)
    } finally {
      await database.close()
    }
    const machine = await station(["check", "--no-specs", "--json"], where.env)
    expect(machine.code).toBe(1)
    const failing = json<{ invariants: Array<{ name: string; ok: boolean; examples: Array<Record<string, unknown>> }> }>(machine).invariants.filter((r) => !r.ok)
    expect(failing.map((r) => r.name)).toEqual([ERRAND_INVARIANTS.runnerIncome, ERRAND_INVARIANTS.references, ERRAND_INVARIANTS.stuck])
    expect(failing[0]!.examples).toEqual([expect.objectContaining({ id: done.id, orderNo: done.orderNo, ledger: 0 })])
    expect(failing[1]!.examples).toEqual([expect.objectContaining({ refType: "tip", refId: done.id })])
  }, SLOW)
})
