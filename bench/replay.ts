/**
 * `station replay` speed: a log of check-ins and pickups at one demo worksite (each parcel handed to its receiver 20
 * operations after it came in, so the tags go round their 1–9999 range as on a busy day) replayed into a fresh
 * embedded PGlite, every outcome compared. `npx tsx bench/replay.ts` runs it alone (bench/run.ts runs it too):
 *
 *   BENCH_REPLAY_OPS    operations in the log (default 10000)
 *   REPLAY_BATCH        operations per transaction (default: the replay's own, see adapters/ops/replay.ts)
 *   BENCH_REPLAY_PROFILE  1: print where the time went (statements by kind, transaction overhead, JS)
 */
import { openDatabase, migrateToLatest } from "#adapters/postgres/database"
import { replayOperations, reproduced, type ReplayLine } from "#adapters/ops/replay"
import { seedDemoCampus } from "#adapters/postgres/seed"
import { Runtime } from "#adapters/runtime"
import { TAG_MAX, TAG_MIN } from "#src/parcel/storage-code"

const STAFF = "demo-staff"
const RECEIVER = "demo-student"
const PICKED_UP_AFTER = 20

/** `count` numbered lines: check-ins, and from the 21st line on every other one the pickup of the oldest parcel on the shelf. */
export async function* benchLog(count: number, start = Date.parse("2026-11-20T01:00:00Z")): AsyncGenerator<ReplayLine> {
  const shelf: Array<{ readonly id: string; readonly expressNo: string; readonly storageNo: string; readonly tag: number }> = []
  let lastTag = TAG_MIN - 1
  let checkIns = 0
  for (let n = 1; n <= count; n++) {
    const at = new Date(start + n * 1000).toISOString()
    const pickup = shelf.length >= PICKED_UP_AFTER && n % 2 === 0
    let line: Record<string, unknown>
    if (pickup) {
      const p = shelf.shift()!
      line = {
        op: "takePart", actorOpenid: STAFF, at,
        input: { expressNo: p.expressNo, storageNo: p.storageNo, tag: String(p.tag), signOpenid: RECEIVER },
        outcome: { id: p.id, status: 100 }
      }
    } else {
      const i = checkIns++
      const tag = lastTag = lastTag >= TAG_MAX ? TAG_MIN : lastTag + 1
      const storageNo = `R-${String(i % 40).padStart(2, "0")}`
      const p = { id: `replay-${i}`, expressNo: `RP${i}`, storageNo, tag }
      shelf.push(p)
      line = {
        op: "checkIn", actorOpenid: STAFF, at,
        input: { expressCompany: "ec-sf", storageNo, expressNo: p.expressNo, weight: "wf-1", receiverPhone: "13800000001" },
        outcome: { id: p.id, tag, code: `${storageNo}-${String(tag).padStart(4, "0")}` }
      }
    }
    yield { lineNo: n, text: JSON.stringify({ n, ...line }) }
  }
}

/** The log replayed into a fresh embedded PGlite, migrated and seeded: its time and rate, and whether every outcome matched. */
export const replayBench = async (count: number, batch?: number) => {
  const database = await openDatabase({ kind: "memory" })
  try {
    await migrateToLatest(database.db)
    await seedDemoCampus(database.db)
    const runtime = await Runtime.create(database)
    const started = performance.now()
    const summary = await replayOperations(runtime, benchLog(count), batch === undefined ? {} : { batch })
    const seconds = (performance.now() - started) / 1000
    return { seconds, opsPerSec: summary.operations / seconds, summary, ok: reproduced(summary) && summary.matched === count }
  } finally {
    await database.close()
  }
}

/** Times every statement PGlite runs, by its text, while `run` runs: what the replay's time goes to. */
const statementProfile = async <A>(run: () => Promise<A>) => {
  const { PGlite } = await import("@electric-sql/pglite")
  const proto = PGlite.prototype as unknown as { query: (...args: unknown[]) => Promise<unknown> }
  const query = proto.query
  const spent = new Map<string, { n: number; ms: number }>()
  proto.query = async function (this: unknown, ...args: unknown[]) {
    const t = performance.now()
    try {
      return await query.apply(this, args)
    } finally {
      const key = String(args[0]).replace(/\s+/g, " ").slice(0, 90)
      const s = spent.get(key) ?? { n: 0, ms: 0 }
      s.n++
      s.ms += performance.now() - t
      spent.set(key, s)
    }
  }
  try {
    return { result: await run(), spent }
  } finally {
    proto.query = query
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.env.BENCH_REPLAY_OPS ?? 10_000)
  const batch = process.env.REPLAY_BATCH === undefined ? undefined : Number(process.env.REPLAY_BATCH)
  const profiled = process.env.BENCH_REPLAY_PROFILE === "1"
  const { result: r, spent } = profiled ? await statementProfile(() => replayBench(count, batch)) : { result: await replayBench(count, batch), spent: undefined }
  if (spent) {
    const rows = [...spent].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)
    const total = [...spent.values()].reduce((t, s) => t + s.ms, 0)
    console.log(`statements: ${(total / r.summary.operations).toFixed(3)} ms per operation of ${(r.seconds * 1000 / r.summary.operations).toFixed(3)} ms`)
    for (const [text, s] of rows) console.log(`${(s.ms / r.summary.operations).toFixed(3)} ms/op  ${s.n} × ${(s.ms / s.n).toFixed(3)} ms  ${text}`)
  }
  console.log(`replay of ${r.summary.operations} operations (batch ${batch ?? "default"}): ${r.seconds.toFixed(1)} s, ${r.opsPerSec.toFixed(0)} ops/s, ` +
    (r.ok ? "every outcome reproduced" : `NOT REPRODUCED: ${JSON.stringify(r.summary.problems.slice(0, 3))}`))
}
