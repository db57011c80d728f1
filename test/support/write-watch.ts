/**
 * Finds state changes no operation was logged for (issue 22: "a test fails when a use case that writes has no
 * operation"). From `watchWrites` on, a trigger notes every transaction that inserts, updates or deletes a row of a
 * business table, and every transaction that appends to the operations log; `unlogged()` names each transaction that
 * changed business rows and logged nothing, by the tables it wrote. Install it once a suite's fixtures are in place, so
 * that what it sees is what the app did.
 */
import { sql, type Kysely } from "kysely"
import { EXCLUDED_TABLES } from "#adapters/ops/digest"
import type { DB } from "#adapters/postgres/schema"

/**
 * Tables whose rows are no business state a replay rebuilds: those the digest leaves out (`EXCLUDED_TABLES`, each with
 * its reason), and the outbox, whose rows a logged operation writes and whose delivery marks the sender sets (a charge
 * for an SMS it sent is logged on its own, `chargeSms`).
 */
export const NOT_BUSINESS: ReadonlySet<string> = new Set([...Object.keys(EXCLUDED_TABLES), "outbox"])

export interface UnloggedWrite {
  /** The tables the transaction wrote, in name order. */
  readonly tables: ReadonlyArray<string>
}

export interface WriteWatch {
  /** The transactions since the watch began that wrote business rows and logged no operation. */
  unlogged(): Promise<ReadonlyArray<UnloggedWrite>>
  /** Removes the triggers and the notes. */
  stop(): Promise<void>
}

const tablesOf = async (db: Kysely<DB>) =>
  (await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db)).rows.map((r) => r.name)

export const watchWrites = async (db: Kysely<DB>, notBusiness: ReadonlySet<string> = NOT_BUSINESS): Promise<WriteWatch> => {
  const watched = (await tablesOf(db)).filter((t) => !notBusiness.has(t) && !t.startsWith("watch_"))
  await sql`create table watch_write (txid bigint not null, tbl text not null, primary key (txid, tbl))`.execute(db)
  await sql`create table watch_logged (txid bigint primary key)`.execute(db)
  await sql.raw(`create function watch_write() returns trigger language plpgsql as $$
    begin
      insert into watch_write values (txid_current(), tg_table_name) on conflict do nothing;
      return null;
    end $$`).execute(db)
  await sql.raw(`create function watch_logged() returns trigger language plpgsql as $$
    begin
      insert into watch_logged values (txid_current()) on conflict do nothing;
      return null;
    end $$`).execute(db)
  for (const table of watched) {
    await sql.raw(`create trigger watch_write after insert or update or delete on "${table}" for each row execute function watch_write()`).execute(db)
  }
  await sql.raw(`create trigger watch_logged after insert on ops_log for each row execute function watch_logged()`).execute(db)
  return {
    unlogged: async () =>
      (await sql<{ tables: string[] }>`select array_agg(w.tbl order by w.tbl) as tables from watch_write w
        where not exists (select 1 from watch_logged l where l.txid = w.txid) group by w.txid order by min(w.txid)`.execute(db)).rows
        .map((r) => ({ tables: r.tables })),
    stop: async () => {
      for (const table of watched) await sql.raw(`drop trigger watch_write on "${table}"`).execute(db)
      await sql.raw(`drop trigger watch_logged on ops_log`).execute(db)
      await sql`drop function watch_write() cascade`.execute(db)
      await sql`drop function watch_logged() cascade`.execute(db)
      await sql`drop table watch_write`.execute(db)
      await sql`drop table watch_logged`.execute(db)
    }
  }
}
