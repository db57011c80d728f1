/**
 * ParcelHistory over Postgres: the parcel's sign-off, its arrival SMS (the outbox row queued with its check-in: same
 * phone and template, within a minute), its paid safekeeping trades and the logged operations naming it.
 */
import { Effect } from "effect"
import { sql, type Kysely } from "kysely"
import { ParcelHistory } from "#src/parcel/timeline"
import type { DB } from "../schema"
import { query } from "./query"

const OPS = ["takePart", "selfSign", "openBox", "chooseAgent", "markDue", "returnParcel"]
const NOTICE_WINDOW_MS = 60_000

export const parcelHistory = (db: Kysely<DB>) => ParcelHistory.of({
  facts: (p) => query(async () => {
    const from = new Date(p.createdAt.getTime() - NOTICE_WINDOW_MS)
    const to = new Date(p.createdAt.getTime() + NOTICE_WINDOW_MS)
    const [row, notices, fees, operations] = await Promise.all([
      db.selectFrom("parcel").select(["signed_at", "sign_openid"]).where("id", "=", p.id).executeTakeFirst(),
      db.selectFrom("outbox").select(["created_at", "sent_at"]).where("recipient", "=", p.receiverPhone).where("template", "=", "parcelArrived")
        .where("created_at", ">=", from).where("created_at", "<=", to).orderBy("created_at").limit(1).execute(),
      db.selectFrom("pay_trade").select(["paid_at", "amount_fen"]).where("kind", "=", "safekeep").where("ref_id", "=", p.id)
        .where("paid_at", "is not", null).orderBy("paid_at").execute(),
      db.selectFrom("ops_log").select(["op", "at"]).where("op", "in", OPS).where("at", ">=", p.createdAt)
        .where((eb) => eb.or([
          eb(sql`outcome->>'id'`, "=", p.id),
          eb.and([eb("op", "=", "markDue"), sql<boolean>`outcome->'ids' @> jsonb_build_array(${p.id}::text)`])
        ]))
        .orderBy("seq").execute()
    ])
    return {
      signedAt: row?.signed_at ? new Date(row.signed_at) : null,
      signOpenid: row?.sign_openid ?? null,
      notices: notices.map((n) => ({ at: new Date(n.sent_at ?? n.created_at), sent: n.sent_at !== null })),
      feePayments: fees.map((f) => ({ at: new Date(f.paid_at!), amountFen: f.amount_fen })),
      operations: operations.map((o) => ({ op: o.op, at: new Date(o.at) }))
    }
  })
})
