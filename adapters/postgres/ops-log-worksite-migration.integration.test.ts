/**
 * Migration 2026-12-01T0900-ops-log-worksite: each logged line is stamped with the worksite it names (its outcome's,
 * else its input's `worksiteId`), else its actor's; the operator's lines name none. Lines logged before are stamped on
 * the way up by the same rule, and it goes down and up again.
 */
import type { Kysely } from "kysely"
import { describe, expect, it } from "vitest"
import * as opsLogWorksite from "../../migrations/2026-12-01T0900-ops-log-worksite"
import { freshDemoDatabases } from "./demo-database.testkit"
import type { DB } from "./schema"

const fresh = freshDemoDatabases()

const lines = [
  { op: "checkIn", actor_openid: "demo-staff-dy", input: {}, outcome: { id: "p-1" } },
  { op: "smsCredit", actor_openid: "station-operator", input: { siteCode: "XY01" }, outcome: { worksiteId: "ws-xiyuan", change: 5 } },
  { op: "markDue", actor_openid: "station-system", input: { worksiteId: "ws-dongyuan" }, outcome: { marked: [] } },
  { op: "changeWorksite", actor_openid: "demo-student", input: { worksiteId: "ws-dongyuan" }, outcome: { worksiteId: "ws-xiyuan" } },
  { op: "refundTrade", actor_openid: "station-operator", input: { tradeNo: "P1" }, outcome: [1, 2] },
  { op: "selfSign", actor_openid: "demo-student", input: { id: "p-2" }, outcome: "signed" }
]
const stamps = ["ws-dongyuan", "ws-xiyuan", "ws-dongyuan", "ws-xiyuan", null, "ws-xiyuan"]

const log = (db: Kysely<DB>) => db.insertInto("ops_log")
  .values(lines.map((l) => ({ ...l, at: new Date(), input: JSON.stringify(l.input), outcome: JSON.stringify(l.outcome) }))).execute()

const stamped = async (db: Kysely<DB>) => (await db.selectFrom("ops_log").select("worksite_id").orderBy("seq").execute()).map((r) => r.worksite_id)

describe("migration 2026-12-01T0900-ops-log-worksite", () => {
  it("stamps each line as it is written: the worksite it names, else its actor's, else none", async () => {
    const db = await fresh()
    await db.deleteFrom("ops_log").execute()
    await log(db)
    expect(await stamped(db)).toEqual(stamps)
    // a writer that names the worksite itself is taken at its word
    await db.insertInto("ops_log").values({ op: "selfSign", actor_openid: "demo-student", at: new Date(), input: "{}", outcome: "{}", worksite_id: "ws-dongyuan" } as never).execute()
    expect((await stamped(db)).at(-1)).toBe("ws-dongyuan")
  })

  it("stamps the lines logged before on the way up; down and up again", async () => {
    const db = await fresh()
    await db.deleteFrom("ops_log").execute()
    await opsLogWorksite.down(db as Kysely<any>)
    await log(db)
    await opsLogWorksite.up(db as Kysely<any>)
    expect(await stamped(db)).toEqual(stamps)
  })
})
