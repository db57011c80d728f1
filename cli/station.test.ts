/**
 * `station` as a child process (the bundle the app suites build, DATA_DIR a fresh temp dir): usage errors, tokens,
 * withdrawal review, stats, check, and the ops export → replay round trip of a demo day run through HTTP.
 * The suites run concurrently: each spends its time waiting for child processes.
 */
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { Exit } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startApp, type App } from "#adapters/app"
import { openDatabase } from "#adapters/postgres/database"
import type { DB } from "#adapters/postgres/schema"
import { resolveSession } from "#adapters/security/sessions"
import { applyWithdrawal } from "#src/wallet/use-cases"
import { demoDay, json, removeTempDirs, seededDataDir, station, tempDir } from "./station.testkit"

/** Each child process boots node and embedded Postgres (seconds each); generous on a busy machine. */
const SLOW = 240_000

afterAll(removeTempDirs)

describe.concurrent("station usage and token", () => {
  it("exits 2 on bad usage and says what is wrong, 0 on --help", async () => {
    const env = { DATA_DIR: tempDir("usage") }
    const cases: ReadonlyArray<readonly [ReadonlyArray<string>, RegExp]> = [
      [["bogus"], /unknown command 'bogus'/],
      [[], /Usage: station/],
      [["withdrawals", "list", "--status", "7"], /--status must be 0 \(pending\).*got 7/],
      [["stats", "--date", "2026-02-30"], /expected a calendar date/],
      [["ops", "export", "--from", "yesterday"], /expected a date/],
      [["replay"], /missing required argument 'ops.jsonl'/],
      [["replay", join(env.DATA_DIR, "missing.jsonl")], /cannot read .*missing\.jsonl: no such file/]
    ]
    const runs = await Promise.all(cases.map(([args]) => station(args, env)))
    runs.forEach((run, i) => {
      expect({ args: cases[i]![0], code: run.code }).toEqual({ args: cases[i]![0], code: 2 })
      expect(run.stderr).toMatch(cases[i]![1])
      expect(run.stderr).not.toMatch(/\n\s+at /)
    })
    const help = await station(["replay", "--help"], env)
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/--force/)
  }, SLOW)

  it("token issues a session for a demo user on a fresh data dir, as JSON and with a sign-in link", async () => {
    const dataDir = tempDir("token")
    const student = await station(["token", "demo-student", "--json"], { DATA_DIR: dataDir, PORT: "4321" })
    expect(student.code, student.stderr).toBe(0)
    const issued = json<{ token: string; userId: string; role: string; link: string }>(student)
    expect(issued).toMatchObject({ userId: "u-student", role: "student" })
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(issued.link).toBe(`http://localhost:4321/my/${issued.token}`)

    const database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "db") })
    try {
      expect(await resolveSession(database.db, issued.token, new Date())).toEqual({ userId: "u-student", openid: "demo-student", role: "student" })
    } finally {
      await database.close()
    }
  }, SLOW)
})

const student = { userId: "u-student", openid: "demo-student", role: "student" as const }
const SEEDED_WALLETS_FEN = 50_000 + 12_000 + 1_000

describe.concurrent("station withdrawals", () => {
  const env = { DATA_DIR: tempDir("withdrawals") }
  const ids: string[] = []
  const amounts = [10_000, 2_345, 500]

  beforeAll(async () => {
    await seededDataDir(env.DATA_DIR, async (database, runtime) => {
      const start = Date.now() - 10 * 60_000
      for (const [i, amount] of amounts.entries()) {
        const exit = await runtime.run(applyWithdrawal(student, amount), { now: new Date(start + i * 2 * 60_000) })
        if (!Exit.isSuccess(exit)) throw new Error(`withdrawal not applied: ${JSON.stringify(exit)}`)
        ids.push(exit.value.id)
      }
    })
  }, SLOW)

  it("lists, approves, rejects, refuses a second review, pays out; stats agree", async () => {
    const [a, b] = ids as [string, string]
    const pending = await station(["withdrawals", "list", "--status", "0", "--json"], env)
    expect(pending.code, pending.stderr).toBe(0)
    expect(json(pending)).toEqual(amounts.map((money, i) => expect.objectContaining({
      id: ids[i], openid: "demo-student", money, fee: Math.ceil(money * 0.006), payout: money - Math.ceil(money * 0.006), status: 0
    })))

    const approved = await station(["withdrawals", "approve", a, "--json"], env)
    expect(approved.code, approved.stderr).toBe(0)
    expect(json(approved)).toMatchObject({ id: a, status: 1, money: 10_000 })

    const rejected = await station(["withdrawals", "reject", b, "--json"], env)
    expect(rejected.code, rejected.stderr).toBe(0)
    expect(json(rejected)).toMatchObject({ id: b, status: 2 })

    const again = await station(["withdrawals", "reject", a, "--json"], env)
    expect(again.code).toBe(1)
    expect(json(again)).toEqual({ error: { tag: "StateConflict", message: "该提现申请已处理" } })
    expect(again.stderr.trim()).toBe("该提现申请已处理")

    const paid = await station(["withdrawals", "transfer", a], env)
    expect(paid.code, paid.stderr).toBe(0)
    expect(paid.stdout).toMatch(/Transferred\.[\s\S]*实付 ¥\s+99\.40[\s\S]*状态\s+100 已到账[\s\S]*打款单号\s+TR\w+/)

    const stats = await station(["stats", "--json"], env)
    expect(stats.code, stats.stderr).toBe(0)
    expect(json(stats)).toMatchObject({
      withdrawals: { pending: { count: 1, sumFen: 500 }, approved: { count: 0, sumFen: 0 } },
      wallets: { count: 6, moneyFen: SEEDED_WALLETS_FEN - 10_000 - 500, ledgerMoneyFen: SEEDED_WALLETS_FEN - 10_000 - 500, consistent: true }
    })

  }, SLOW)
})

const parcels = (db: Kysely<DB>) =>
  db.selectFrom("parcel").select(["id", "worksite_id", "tag", "storage_no", "express_no", "status", "receiver_id", "created_at", "signed_at", "sign_openid"])
    .orderBy("id").execute()

/** The replayed parcels equal the recorded ones; the replay's SMS are marked as not sent. */
const sameParcels = async (dataDir: string, expected: Awaited<ReturnType<typeof parcels>>) => {
  const database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "db") })
  try {
    expect(await parcels(database.db)).toEqual(expected)
    const outbox = await database.db.selectFrom("outbox").select(["sent_at", "last_error"]).execute()
    expect(outbox.length).toBeGreaterThan(0)
    expect(outbox.every((m) => m.sent_at !== null && m.last_error === "not sent: written by station replay")).toBe(true)
  } finally {
    await database.close()
  }
}

describe.concurrent("station ops export + replay", () => {
  const recorded = { DATA_DIR: tempDir("recorded") }
  const fresh = { DATA_DIR: join(tempDir("replayed"), "nested") }
  const stopped = { DATA_DIR: tempDir("stopped") }
  const refusedLines = { DATA_DIR: tempDir("refused-lines") }
  let app: App | undefined
  let original: Awaited<ReturnType<typeof parcels>>
  let day: Awaited<ReturnType<typeof demoDay>>

  beforeAll(async () => {
    app = await startApp({ port: 0, host: "127.0.0.1", database: { kind: "pglite", dataDir: join(recorded.DATA_DIR, "db") }, outboxIntervalMs: 3_600_000 })
    day = await demoDay(app.url)
    original = await parcels(app.runtime.db)
  }, SLOW)

  afterAll(async () => {
    await app?.close()
  })

  it("reproduces the parcels of the day and reports bad lines, mismatches and failures", async () => {
    expect(original).toHaveLength(10)
    expect(day.picked).toHaveLength(3)

    const whileServing = await station(["ops", "export"], recorded)
    expect(whileServing.code, whileServing.stderr).toBe(0)
    await app!.close()
    app = undefined

    const exported = await station(["ops", "export"], recorded)
    expect(exported.code, exported.stderr).toBe(0)
    expect(exported.stdout).toBe(whileServing.stdout)
    const lines = exported.stdout.trimEnd().split("\n")
    expect(lines).toHaveLength(10 + 3 + 1)
    expect(JSON.parse(lines.pop()!)).toMatchObject({ digest: { lines: 13, tables: { parcel: { rows: 10 } } } })
    expect(lines.map((l) => JSON.parse(l).op)).toEqual([...Array(9).fill("checkIn"), ...Array(3).fill("takePart"), "checkIn"])
    expect(lines.map((l) => JSON.parse(l).n)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1))
    expect(Object.keys(JSON.parse(lines[0]!))).toEqual(["n", "op", "actorOpenid", "at", "input", "outcome"])
    const file = join(recorded.DATA_DIR, "ops.jsonl")
    writeFileSync(file, exported.stdout)

    // one worksite's lines, by site code or id: numbered within the extract, no digest
    const east = await station(["ops", "export", "--worksite", "DY01"], recorded)
    const west = await station(["ops", "export", "--worksite", "ws-xiyuan"], recorded)
    const unknown = await station(["ops", "export", "--worksite", "XX99"], recorded)
    expect(east.code, east.stderr).toBe(0)
    const eastLines = east.stdout.trimEnd().split("\n").map((l) => JSON.parse(l))
    expect(eastLines.map((l) => [l.n, l.op, l.actorOpenid])).toEqual([[1, "checkIn", "demo-staff-dy"], [2, "checkIn", "demo-staff-dy"]])
    expect(east.stderr).toMatch(/exported 2 operation\(s\) of 东园驿站 \(DY01\): an extract, no digest; 0 campus-wide/)
    expect(west.code, west.stderr).toBe(0)
    const westOps = west.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).op)
    expect(westOps).toEqual(lines.map((l) => JSON.parse(l)).filter((l) => l.actorOpenid !== "demo-staff-dy").map((l) => l.op))
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/no such worksite: XX99/)

    const [replayed, stats] = await Promise.all([station(["replay", file, "--json"], fresh), station(["stats", "--json"], recorded)])
    expect(replayed.code, replayed.stderr).toBe(0)
    expect(json(replayed)).toMatchObject({
      reproduced: true, lines: 14, operations: 13, matched: 13, mismatched: 0, failed: 0, badLines: 0, problems: [], digest: { equal: true, tables: [] }
    })
    expect(stats.code, stats.stderr).toBe(0)
    const perSite = json<{ worksites: Array<{ siteCode: string; checkIns: number; pickups: number; onShelf: Record<string, number> }> }>(stats).worksites
    expect(perSite).toEqual([
      expect.objectContaining({ siteCode: "DY01", checkIns: 2, pickups: 0, onShelf: { 0: 2 } }),
      expect.objectContaining({ siteCode: "XY01", checkIns: 8, pickups: 3, onShelf: { 0: 5 } })
    ])

    // an export from before lines were numbered: no n
    const takePart = JSON.stringify({ ...JSON.parse(lines.find((l) => JSON.parse(l).op === "takePart")!), n: undefined })
    const tampered = join(recorded.DATA_DIR, "tampered.jsonl")
    writeFileSync(tampered, [
      "not json",
      JSON.stringify({ op: "teleportParcel", actorOpenid: "demo-staff", at: "2026-11-22T08:00:00Z", input: {}, outcome: {} }),
      takePart,
      "",
      JSON.stringify({
        op: "checkIn", actorOpenid: "demo-staff", at: new Date().toISOString(),
        input: { expressCompany: "ec-sf", storageNo: "A-01", expressNo: "SF-TAMPERED", weight: "wf-1", receiverPhone: "13800000001" },
        outcome: { id: "p-tampered", tag: 1, code: "A-01-0001" }
      })
    ].join("\n"))

    const [notFresh] = await Promise.all([station(["replay", tampered], recorded), sameParcels(fresh.DATA_DIR, original)])
    expect(notFresh.code).toBe(2)
    expect(notFresh.stderr).toMatch(/already holds 13 logged operation\(s\).*--force/)

    // stops at the first mismatch: line, op, recorded and replayed outcome; the lines before it are written, its own rows are not
    const parcelIds = lines.slice(0, 3).map((l) => JSON.parse(l).outcome.id as string)
    const [first, second, third] = lines.slice(0, 3).map((l) => JSON.parse(l))
    const stopFile = join(stopped.DATA_DIR, "stop.jsonl")
    writeFileSync(stopFile, [first, second, { ...third, outcome: { ...third.outcome, code: "Z-99-9999" } }, ...lines.slice(3).map((l) => JSON.parse(l))]
      .map((op) => JSON.stringify(op)).join("\n"))
    const future = JSON.stringify({ ...first, n: 2, at: "2099-01-01T00:00:00.000Z" })
    const refusals = await Promise.all([
      station(["replay", stopFile], stopped),
      ...[["{not json", "invalid JSON"], [JSON.stringify({ ...first, op: "teleportParcel" }), 'unknown op "teleportParcel"'],
        [future, "at 2099-01-01T00:00:00.000Z is in the future"], [JSON.stringify({ ...first, n: 2, input: { ...first.input, weight: 3 } }), "input.weight: expected string"]
      ].map(([line], i) => {
        const file = join(refusedLines.DATA_DIR, `refused-${i}.jsonl`)
        writeFileSync(file, [lines[0], line, lines[1]].join("\n"))
        return station(["replay", file, "--json"], { DATA_DIR: join(refusedLines.DATA_DIR, String(i)) })
      })
    ])
    const [stop, ...refused] = refusals
    expect(stop!.code, stop!.stderr).toBe(1)
    expect(stop!.stdout).toContain(`Replay stopped at line 3 (checkIn): the outcome differs (code: recorded "Z-99-9999", replayed "${third.outcome.code}")`)
    expect(stop!.stdout).toContain(`  recorded: ${JSON.stringify({ ...third.outcome, code: "Z-99-9999" })}`)
    expect(stop!.stdout).toContain(`  replayed: ${JSON.stringify(third.outcome)}`)
    expect(stop!.stdout).toMatch(/Replay did NOT reproduce the log: stopped at line 3\./)
    const stoppedDb = await openDatabase({ kind: "pglite", dataDir: join(stopped.DATA_DIR, "db") })
    try {
      const present = await stoppedDb.db.selectFrom("parcel").select("id").where("id", "in", parcelIds).orderBy("id").execute()
      expect(present.map((p) => p.id)).toEqual(parcelIds.slice(0, 2).sort())
      const logged = await stoppedDb.db.selectFrom("ops_log").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()
      expect(Number(logged.n)).toBe(2)
    } finally {
      await stoppedDb.close()
    }
    const messages = ["invalid JSON", 'unknown op "teleportParcel"', "at 2099-01-01T00:00:00.000Z is in the future", "input.weight: expected string"]
    refused.forEach((run, i) => {
      expect(run.code, run.stderr).toBe(1)
      const summary = json(run)
      expect(summary).toMatchObject({ reproduced: false, stoppedAt: 2, lines: 2, operations: 1, matched: 1, badLines: 1 })
      expect(summary.problems).toHaveLength(1)
      expect(summary.problems[0]).toMatchObject({ line: 2, kind: "badLine" })
      expect(summary.problems[0].message).toContain(messages[i])
    })

    const [broken, check] = await Promise.all([station(["replay", tampered, "--force", "--keep-going", "--json"], fresh), station(["check", "--no-specs", "--json"], recorded)])
    expect(check.code, check.stderr).toBe(0)
    expect(json(check)).toMatchObject({ ok: true, specs: { ran: false } })
    expect(broken.code, broken.stderr).toBe(1)
    const summary = json(broken)
    expect(summary).toMatchObject({ reproduced: false, stoppedAt: null, lines: 4, operations: 2, matched: 0, mismatched: 1, failed: 1, badLines: 2 })
    expect(summary.problems.map((p: { line: number; kind: string }) => [p.line, p.kind])).toEqual([
      [1, "badLine"], [2, "badLine"], [3, "failure"], [5, "mismatch"]
    ])
    expect(summary.problems[1].message).toBe('unknown op "teleportParcel"')
    expect(summary.problems[3]).toMatchObject({ expected: { id: "p-tampered", tag: 1 }, actual: { id: "p-tampered", tag: 9 } })
  }, SLOW)
})

/**
 * An export's numbered lines and digest line, and what a replay makes of them: a skipped line, a missing last line, a
 * digest. One replay at a time: each is a child process booting embedded Postgres.
 */
describe("station ops export digest + replay", () => {
  const recorded = { DATA_DIR: tempDir("digest-recorded") }
  const dir = (name: string) => ({ DATA_DIR: join(tempDir(`digest-${name}`), "data") })
  let lines: string[] = []
  let digest: { lines: number; seed: Record<string, string>; tables: Record<string, { rows: number; rowHashes: Record<string, string> }> }
  const write = (name: string, content: ReadonlyArray<string>) => {
    const file = join(recorded.DATA_DIR, `${name}.jsonl`)
    writeFileSync(file, `${content.join("\n")}\n`)
    return file
  }

  beforeAll(async () => {
    const app = await startApp({ port: 0, host: "127.0.0.1", database: { kind: "pglite", dataDir: join(recorded.DATA_DIR, "db") }, outboxIntervalMs: 3_600_000 })
    try {
      await demoDay(app.url)
    } finally {
      await app.close()
    }
    const exported = await station(["ops", "export"], recorded)
    if (exported.code !== 0) throw new Error(exported.stderr)
    lines = exported.stdout.trimEnd().split("\n")
    digest = JSON.parse(lines.at(-1)!).digest
  }, SLOW)

  it("replays a day into a fresh data dir seeded at the recorded moment: an equal digest", async () => {
    expect(digest.lines).toBe(13)
    expect(Object.keys(digest.tables)).toEqual(expect.arrayContaining(["parcel", "app_user", "wallet", "ledger", "storage_tag", "outbox"]))
    expect(Object.keys(digest.tables)).not.toEqual(expect.arrayContaining(["ops_log"]))
    expect(Object.keys(digest.tables).filter((t) => ["ops_log", "session", "kysely_migration", "idempotency", "server_secret"].includes(t))).toEqual([])
    expect(digest.seed.campus).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    const target = dir("equal")
    const replayed = await station(["replay", write("whole", lines)], target)
    expect(replayed.code, replayed.stdout + replayed.stderr).toBe(0)
    expect(replayed.stdout).toContain(`The replayed database equals the log's digest (${Object.keys(digest.tables).length} business tables).`)
    expect(replayed.stderr).not.toMatch(/warning/)
    const database = await openDatabase({ kind: "pglite", dataDir: join(target.DATA_DIR, "db") })
    try {
      const seeded = await database.db.selectFrom("seed_info").select(["name", "seeded_at"]).execute()
      expect(seeded.map((r) => [r.name, new Date(r.seeded_at).toISOString()])).toEqual([["campus", digest.seed.campus]])
    } finally {
      await database.close()
    }
  }, SLOW)

  it("stops at a line after a missing one; --keep-going goes on and the digest shows the missing rows", async () => {
    // n=9 is 东园's second check-in: no later line depends on it
    const missing = JSON.parse(lines[8]!) as { n: number; outcome: { id: string } }
    expect(missing.n).toBe(9)
    const file = write("gap", [...lines.slice(0, 8), ...lines.slice(9)])
    const stopped = await station(["replay", file], dir("gap"))
    const kept = await station(["replay", file, "--keep-going", "--json"], dir("gap-kept"))
    expect(stopped.code, stopped.stderr).toBe(1)
    expect(stopped.stdout).toContain("Replay stopped at line 9 (takePart): refused line: line n=10 where n=9 was expected: the log skips 1 line(s) (n=9)")
    expect(stopped.stdout).toContain("The log's digest was not compared: the replay stopped at line 9.")
    expect(kept.code, kept.stderr).toBe(1)
    const summary = json(kept)
    expect(summary).toMatchObject({ reproduced: false, stoppedAt: null, operations: 12, matched: 12, badLines: 1, digest: { equal: false } })
    expect(summary.problems).toEqual([{ line: 9, kind: "badLine", op: "takePart", message: "line n=10 where n=9 was expected: the log skips 1 line(s) (n=9)" }])
    const parcel = summary.digest.tables.find((t: { table: string }) => t.table === "parcel")
    expect(parcel).toMatchObject({ recordedRows: 10, replayedRows: 9, differingRows: 1 })
    expect(parcel.rows).toEqual([{ key: missing.outcome.id, recorded: digest.tables.parcel!.rowHashes[missing.outcome.id], replayed: null }])
  }, SLOW)

  it("refuses a log whose last line is missing: the digest counts one more", async () => {
    const run = await station(["replay", write("no-last", [...lines.slice(0, 12), lines[13]!]), "--json"], dir("no-last"))
    expect(run.code, run.stderr).toBe(1)
    const summary = json(run)
    expect(summary).toMatchObject({ reproduced: false, stoppedAt: 13, operations: 12, matched: 12, badLines: 1 })
    expect(summary.problems).toEqual([{ line: 13, kind: "badLine", message: "the digest counts 13 line(s) but the log ends at n=12: the last 1 line(s) are missing" }])
    expect(summary).not.toHaveProperty("digest")
  }, SLOW)

  it("prints the table and the row when the digest differs (an edited row hash), and exits 1", async () => {
    const parcelId = (JSON.parse(lines[0]!) as { outcome: { id: string } }).outcome.id
    const edited = { ...digest, tables: { ...digest.tables, parcel: { ...digest.tables.parcel!, rowHashes: { ...digest.tables.parcel!.rowHashes, [parcelId]: "0000000000000000" } } } }
    const file = write("edited", [...lines.slice(0, 13), JSON.stringify({ digest: edited })])
    const text = await station(["replay", file], dir("edited"))
    expect(text.code, text.stderr).toBe(1)
    const recordedHash = digest.tables.parcel!.rowHashes[parcelId]!
    expect(text.stdout).toContain("The replayed database differs from the log's digest in 1 table(s):\ntable parcel: 1 row(s) differ (recorded 10 row(s), replayed 10)")
    expect(text.stdout).toMatch(new RegExp(`\\n  ${parcelId}: recorded row 0000000000000000, replayed ${recordedHash} \\{.*"express_no":"SF-DAY-1"`))
    expect(text.stdout).toContain("Replay reproduced every recorded outcome, but NOT the recorded database: its digest differs.")
  }, SLOW)

  it("warns before replaying into a database seeded at another moment, whose seed rows then differ", async () => {
    const target = dir("seeded-elsewhere")
    await seededDataDir(target.DATA_DIR, async () => {})
    const run = await station(["replay", write("elsewhere", lines), "--json"], target)
    expect(run.stderr).toMatch(/warning: embedded PGlite in .* was not seeded at the moment the log's database was:\n  campus: here \S+, in the log's database \S+\n/)
    expect(run.stderr).toContain("will differ from the recorded ones")
    expect(run.code).toBe(1)
    const summary = json(run)
    expect(summary).toMatchObject({ reproduced: true, digest: { equal: false } })
    expect(summary.digest.tables.map((t: { table: string }) => t.table)).toEqual(expect.arrayContaining(["app_user", "ledger"]))
  }, SLOW)
})
