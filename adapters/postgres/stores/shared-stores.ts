/** The outbox and the operations log over Postgres, written in the caller's transaction. */
import { Effect } from "effect"
import type { Kysely } from "kysely"
import { misfit } from "#src/operations/catalog"
import { OpsLog, Outbox } from "#src/shared/ports"
import type { DB } from "../schema"
import { query } from "./query"

export const outbox = (db: Kysely<DB>) => Outbox.of({
  enqueue: (m) =>
    query(() => db.insertInto("outbox").values({ channel: m.channel, recipient: m.to, template: m.template, params: JSON.stringify(m.params) }).execute())
})

/** Appends one operation; one the catalog would not replay (an unknown name, a misfitting input or outcome) is a defect. */
export const opsLog = (db: Kysely<DB>) => OpsLog.of({
  append: (o) => {
    const problem = misfit(o)
    if (problem) return Effect.die(new Error(`operations log: ${problem}`))
    return query(() => db.insertInto("ops_log").values({
      op: o.op, actor_openid: o.actorOpenid, at: o.at, input: JSON.stringify(o.input), outcome: JSON.stringify(o.outcome)
    }).execute())
  }
})
