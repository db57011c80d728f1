/**
 * `station sms` as a child process on a fresh data dir: the seeded credit of each demo worksite, a grant (logged under
 * the operator, its ledger row beside it), refusals with the core's messages (exit 1) and usage errors (2); the grant
 * is in the operations log and `station replay` reproduces it.
 */
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { DEMO_SMS_CREDIT } from "#adapters/postgres/seed-sms"
import { smsMessages } from "#src/support/sms-credit"
import { json, removeTempDirs, station, tempDir } from "./station.testkit"

const SLOW = 240_000

afterAll(removeTempDirs)

interface Credit {
  readonly worksiteId: string
  readonly siteCode: string
  readonly credit: number
  readonly ledger: number
}

describe("station sms", () => {
  const env = { DATA_DIR: tempDir("sms") }
  const fresh = { DATA_DIR: tempDir("sms-replayed") }

  it("lists the credit, grants some, refuses with the core's messages; the grant replays", async () => {
    const listed = await station(["sms", "credit", "--json"], env)
    expect(listed.code, listed.stderr).toBe(0)
    expect(json<Credit[]>(listed).map((c) => [c.siteCode, c.credit, c.ledger])).toEqual([
      ["DY01", DEMO_SMS_CREDIT["ws-dongyuan"], DEMO_SMS_CREDIT["ws-dongyuan"]], ["XY01", DEMO_SMS_CREDIT["ws-xiyuan"], DEMO_SMS_CREDIT["ws-xiyuan"]]
    ])

    const granted = await station(["sms", "grant", "DY01", "300", "--reason", "开学赠送"], env)
    expect(granted.code, granted.stderr).toBe(0)
    expect(granted.stdout).toMatch(`Granted 300 SMS to DY01 (东园驿站); credit now ${DEMO_SMS_CREDIT["ws-dongyuan"]! + 300}.`)
    const one = await station(["sms", "credit", "--worksite", "ws-dongyuan"], env)
    expect(one.stdout).toMatch(new RegExp(`DY01\\s+东园驿站\\s+${DEMO_SMS_CREDIT["ws-dongyuan"]! + 300}\\s+${DEMO_SMS_CREDIT["ws-dongyuan"]! + 300}`))

    const refusals: Array<[ReadonlyArray<string>, number, RegExp]> = [
      [["sms", "grant", "DY01", "0", "--reason", "x"], 1, new RegExp(smsMessages.grantCount)],
      [["sms", "grant", "DY01", "5", "--reason", " "], 1, new RegExp(smsMessages.grantReason)],
      [["sms", "grant", "NOPE", "5", "--reason", "x"], 1, new RegExp(smsMessages.worksiteMissing)],
      [["sms", "grant", "DY01", "1.5", "--reason", "x"], 2, /whole number/],
      [["sms", "grant", "DY01", "5"], 2, /required option '--reason <text>'/]
    ]
    for (const [args, code, message] of refusals) {
      const run = await station(args, env)
      expect({ code: run.code, args }).toEqual({ code, args })
      expect(run.stderr).toMatch(message)
    }

    const exported = await station(["ops", "export"], env)
    const lines = exported.stdout.trimEnd().split("\n").map((l) => JSON.parse(l) as { op: string; actorOpenid: string; input: unknown }).filter((l) => "op" in l)
    expect(lines.map((l) => [l.op, l.actorOpenid, l.input])).toEqual([
      ["smsCredit", "station-operator", { worksiteId: "ws-dongyuan", change: 300, reason: "grant", tradeNo: null, note: "开学赠送" }]
    ])
    const file = join(env.DATA_DIR, "ops.jsonl")
    writeFileSync(file, exported.stdout)
    const replayed = await station(["replay", file, "--json"], fresh)
    expect(replayed.code, replayed.stderr).toBe(0)
    expect(json(replayed)).toMatchObject({ reproduced: true, digest: { equal: true, tables: [] }, operations: 1, matched: 1 })
    expect(json<Credit[]>(await station(["sms", "credit", "--worksite", "DY01", "--json"], fresh))).toEqual(json<Credit[]>(await station(["sms", "credit", "--worksite", "DY01", "--json"], env)))
    const check = await station(["check", "--no-specs", "--json"], env)
    expect(check.code, check.stdout).toBe(0)
  }, SLOW)
})
