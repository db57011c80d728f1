/**
 * `station jobs failures` and `station jobs retry` as child processes over an embedded database where, in-process,
 * a job's item failed MAX_ATTEMPTS times (given up), another failed once (still to be tried) and an outbox
 * message was refused for good.
 */
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { FakeMessagingApp } from "#adapters/messaging/fake-messaging-app"
import { drainOutbox } from "#adapters/outbox/outbox-worker"
import { MAX_ATTEMPTS } from "#adapters/scheduler/failures"
import { itemsJob, jobNamed, type ItemsJob } from "#adapters/scheduler/jobs"
import { FakeSmsGateway } from "#adapters/sms/fake-sms-gateway"
import { StateConflict } from "#src/shared/errors"
import { json, removeTempDirs, seededDataDir, station, tempDir } from "./station.testkit"

const SLOW = 240_000

/** The registered job, over one due item that always fails. */
const failingJob = (name: string, item: string, message: string) => {
  const job = jobNamed(name) as ItemsJob<string>
  return itemsJob({ ...job, work: { ...job.work, due: () => Effect.succeed([item]), one: () => Effect.fail(new StateConflict({ message })) } })
}

describe("station jobs failures and retry", () => {
  const env = { DATA_DIR: tempDir("job-failures") }
  const made = { message: "" }

  beforeAll(async () => {
    await seededDataDir(env.DATA_DIR, async (database, runtime) => {
      const stuck = failingJob("void-unaccepted-errands", "E-STUCK", "退款失败：订单未支付")
      let at = new Date(Date.now() - 24 * 3_600_000)
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        await stuck.run(runtime, at)
        at = new Date(at.getTime() + 3 * 3_600_000)
      }
      await failingJob("expire-prepays", "P-WAIT", "provider unreachable").run(runtime, new Date())
      const { id } = await database.db.insertInto("outbox").values({ channel: "sms", recipient: "12345", template: "captcha", params: JSON.stringify({ code: "123456" }) })
        .returning("id").executeTakeFirstOrThrow()
      made.message = String(id)
      await drainOutbox(database.db, new FakeSmsGateway(), new FakeMessagingApp())
    })
  }, SLOW)

  afterAll(removeTempDirs)

  it("lists what was given up (the job's item after its attempts, the message refused for good); --all adds the one still being tried", async () => {
    const listed = await station(["jobs", "failures", "--json"], env)
    expect(listed.code, listed.stderr).toBe(0)
    expect(json(listed)).toEqual([
      expect.objectContaining({ job: "void-unaccepted-errands", item: "E-STUCK", attempts: MAX_ATTEMPTS, nextTryAt: null, lastError: "StateConflict: 退款失败：订单未支付" }),
      expect.objectContaining({ job: "outbox", item: made.message, detail: "sms captcha", attempts: 1, nextTryAt: null, lastError: "invalid mobile number 12345" })
    ])
    const all = await station(["jobs", "failures", "--all", "--json"], env)
    expect(json(all).map((f: { job: string; item: string; nextTryAt: string | null }) => [f.job, f.item, f.nextTryAt === null])).toEqual(expect.arrayContaining([
      ["void-unaccepted-errands", "E-STUCK", true], ["expire-prepays", "P-WAIT", false], ["outbox", made.message, true]
    ]))
    const human = await station(["jobs", "failures"], env)
    expect(human.code).toBe(0)
    expect(human.stdout).toMatch(new RegExp(`2 items given up \\(after ${MAX_ATTEMPTS} attempts`))
    expect(human.stdout).toMatch(/void-unaccepted-errands\s+E-STUCK\s+8\s+\S+ \S+ \+08:00\s+\S+ \S+ \+08:00\s+given up\s+StateConflict: 退款失败：订单未支付/)
    expect(human.stdout).toMatch(/outbox\s+\d+ \(sms captcha\)\s+1\s+-\s+\S+ \S+ \+08:00\s+given up\s+invalid mobile number 12345/)
    expect(human.stdout).not.toContain("P-WAIT")
  }, SLOW)

  it("retry tries one item now: a message refused again stays given up (exit 1); an order no longer due is cleared (exit 0)", async () => {
    const again = await station(["jobs", "retry", "outbox", made.message, "--json"], env)
    expect(again.code).toBe(1)
    expect(json(again)).toMatchObject({ job: "outbox", item: made.message, outcome: "failed", failure: { attempts: 2, nextTryAt: null } })
    // E-STUCK is no order at all: the real use case has nothing to do, so the failure is resolved
    const cleared = await station(["jobs", "retry", "void-unaccepted-errands", "E-STUCK"], env)
    expect(cleared.code, cleared.stderr).toBe(0)
    expect(cleared.stdout).toBe("void-unaccepted-errands E-STUCK: skipped.\n")
    const listed = await station(["jobs", "failures", "--json"], env)
    expect(json(listed).map((f: { item: string }) => f.item)).toEqual([made.message])
  }, SLOW)

  it("retry refuses what it cannot try: an unknown job or one without items (2), an item that has not failed (1)", async () => {
    const unknown = await station(["jobs", "retry", "purge-sessions", "x"], env)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(
      /no job named purge-sessions that works item by item; they are remind-due-returns, expire-prepays, void-unpaid-errands, void-unaccepted-errands, daily-statistics, purge-deleted-circle-images, outbox/)
    expect((await station(["jobs", "retry", "outbox", "12; drop table outbox"], env)).code).toBe(2)
    const none = await station(["jobs", "retry", "void-unpaid-errands", "E-NONE"], env)
    expect(none.code).toBe(1)
    expect(none.stderr).toContain("no failure of void-unpaid-errands for item E-NONE")
  }, SLOW)
})
