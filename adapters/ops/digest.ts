/**
 * The digest of the business tables that ends `station ops export` and that `station replay` compares with the
 * database it replayed into: per table its row count, a table hash and a short hash of each row keyed by primary key.
 * Rows are taken as stored (ids and times included) in one canonical form: timestamps as ISO UTC, numbers and bigints
 * as text, jsonb and arrays as JSON with sorted keys. Every table is a business table but those named below, and every
 * column counts but those named below: each says why.
 */
import { Schema } from "effect"
import { sql, type Kysely } from "kysely"
import { createHash } from "node:crypto"
import type { DB } from "../postgres/schema"

/** Tables that are not business data: the service's own bookkeeping, secrets, or records of outside services. */
export const EXCLUDED_TABLES: Readonly<Record<string, string>> = {
  kysely_migration: "the migrations applied: the schema's history, not data",
  kysely_migration_lock: "the migrator's lock",
  ops_log: "the log itself: what the digest checks the replay of",
  seed_info: "when the demo data was seeded: the digest line carries it beside the tables (`seed`)",
  session: "sign-in sessions: token hashes, issued when people sign in, never logged",
  login_nonce: "single-use login nonces",
  payment_notice_nonce: "the nonces of the payment provider's notices seen: replay protection, not business data",
  login_failure: "rate-limit counters for logins",
  captcha: "one-time captcha codes (hashed secrets); the log records a confirmation, never a code",
  idempotency: "answers kept for Idempotency-Key repeats for 24 h: a request's bookkeeping, not the operation",
  job_item_failure: "the scheduler's retry bookkeeping of failed job items",
  socket_io_attachments: "socket.io's transport of large live messages",
  server_secret: "the server's keys (QR signing and the like): secrets, different in each database",
  sim_provider_merchant: "the simulated payment provider's own books: an outside service a replay never calls",
  sim_provider_order: "the simulated payment provider's own books: an outside service a replay never calls",
  sim_provider_refund: "the simulated payment provider's own books: an outside service a replay never calls",
  sim_provider_transfer: "the simulated payment provider's own books: an outside service a replay never calls"
}

/**
 * Columns left out of a business table's rows: secrets, and what a replay by design does not reproduce. A table whose
 * primary key is left out (a serial id without business meaning) has its rows keyed by their content.
 */
export const EXCLUDED_COLUMNS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  employee: { password_hash: "a secret, hashed with a random salt: never logged, so a replay cannot write the same one" },
  report_key: { key_hash: "a secret: the report link's key is never logged" },
  article_code: { code_hash: "a secret: the article code is never logged (the log says it was issued)" },
  outbox: {
    id: "a serial id without business meaning: rows are keyed by their content",
    attempts: "delivery state: a replay marks its messages as not sent",
    next_attempt_at: "delivery state: a replay marks its messages as not sent",
    sent_at: "delivery state: a replay marks its messages as not sent",
    failed_at: "delivery state: a replay marks its messages as not sent",
    last_error: "delivery state: a replay marks its messages as not sent",
    replayed: "whether a replay wrote it (so that it is never sent): true in the replayed database by design"
  },
  sms_credit_ledger: {
    id: "a serial id without business meaning: rows are keyed by their content",
    outbox_id: "the serial id of the outbox row the SMS was queued as (see outbox.id)"
  },
  circle_moderation: { id: "a serial id without business meaning: rows are keyed by their content" },
  errand_step: { seq: "a serial number without business meaning: rows are keyed by their content" }
}

/**
 * Rows left out of a business table, each a condition on the row (kept where it is false) with why: rows that hold a
 * secret the log never records, so a replay cannot write them.
 */
export const EXCLUDED_ROWS: Readonly<Record<string, { readonly where: string; readonly why: string }>> = {
  outbox: {
    where: "channel = 'sms' and template = 'captcha'",
    why: "a captcha SMS carries its one-time code, which the log never records (sending a code is no operation: the confirmation is)"
  }
}

/** How many hex digits of a row's SHA-256 the digest keeps: enough to tell rows apart, short enough for a long table. */
const ROW_HASH_DIGITS = 16

export interface TableDigest {
  readonly rows: number
  readonly hash: string
  /** By primary key (a composite key as a JSON array); by the row's own hash when its table is keyed by content. */
  readonly rowHashes: Readonly<Record<string, string>>
}

export type Tables = Readonly<Record<string, TableDigest>>

/** The last line of a whole-log export. */
export interface Digest {
  /** How many operation lines the export has (its last line's `n`). */
  readonly lines: number
  /** When each part of the demo data was seeded (ISO UTC), as `seed_info` records it. */
  readonly seed: Readonly<Record<string, string>>
  readonly tables: Tables
}

const TableDigestSchema = Schema.Struct({
  rows: Schema.Number,
  hash: Schema.String,
  rowHashes: Schema.Record(Schema.String, Schema.String)
})

export const DigestLine = Schema.Struct({
  digest: Schema.Struct({
    lines: Schema.Number,
    seed: Schema.Record(Schema.String, Schema.String),
    tables: Schema.Record(Schema.String, TableDigestSchema)
  })
})

const sortedDeep = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortedDeep)
  if (value !== null && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortedDeep((value as Record<string, unknown>)[k])]))
  }
  return value
}

/** One column's value in canonical form: ISO UTC for a time, text for a number, sorted keys for JSON. */
export const canonicalValue = (value: unknown): unknown => {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value.toISOString()
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value)
  if (typeof value === "object") return sortedDeep(value)
  return value
}

/** A row as one string: its columns in name order, each canonical. */
export const canonicalRow = (row: Readonly<Record<string, unknown>>): string =>
  JSON.stringify(Object.fromEntries(Object.keys(row).sort().map((k) => [k, canonicalValue(row[k])])))

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")

export const rowHash = (row: Readonly<Record<string, unknown>>) => sha256(canonicalRow(row)).slice(0, ROW_HASH_DIGITS)

/** A table's hash over its keys and row hashes, in key order. */
export const tableHash = (rowHashes: Readonly<Record<string, string>>) =>
  sha256(Object.keys(rowHashes).sort().map((k) => `${JSON.stringify(k)}:${rowHashes[k]}\n`).join(""))

interface Column {
  readonly table: string
  readonly column: string
  readonly type: string
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`

/** The column as text in SQL (the same in PGlite and Postgres, whatever the driver parses), or as JSON text for jsonb and arrays. */
const selected = (c: Column) => {
  const col = ident(c.column)
  switch (c.type) {
    case "timestamp with time zone": return `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    case "timestamp without time zone": return `to_char(${col}, 'YYYY-MM-DD"T"HH24:MI:SS.MS')`
    case "date": return `to_char(${col}, 'YYYY-MM-DD')`
    case "json": case "jsonb": return `${col}::text`
    case "ARRAY": return `to_jsonb(${col})::text`
    case "bytea": return `encode(${col}, 'hex')`
    default: return `${col}::text`
  }
}
const isJson = (c: Column) => c.type === "json" || c.type === "jsonb" || c.type === "ARRAY"

/** The business tables with their counted columns and primary key (empty when the table is keyed by content). */
const businessTables = async (db: Kysely<DB>) => {
  const columns = await sql<{ table: string; column: string; type: string }>`
    select c.table_name as "table", c.column_name as "column", c.data_type as "type"
    from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db)
  const keys = await sql<{ table: string; column: string }>`
    select tc.table_name as "table", k.column_name as "column"
    from information_schema.table_constraints tc
    join information_schema.key_column_usage k on k.constraint_schema = tc.constraint_schema and k.constraint_name = tc.constraint_name
    where tc.table_schema = current_schema() and tc.constraint_type = 'PRIMARY KEY'
    order by tc.table_name, k.ordinal_position`.execute(db)
  const tables = new Map<string, { columns: Column[]; key: string[] }>()
  for (const c of columns.rows) {
    if (c.table in EXCLUDED_TABLES || (EXCLUDED_COLUMNS[c.table]?.[c.column] !== undefined)) continue
    const entry = tables.get(c.table) ?? { columns: [], key: [] }
    entry.columns.push(c)
    tables.set(c.table, entry)
  }
  for (const k of keys.rows) tables.get(k.table)?.key.push(k.column)
  for (const entry of tables.values()) {
    if (!entry.key.every((k) => entry.columns.some((c) => c.column === k))) entry.key = []
  }
  return [...tables.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}

/** A table's rows in canonical form, each with its digest key. */
const tableRows = async (db: Kysely<DB>, table: string, columns: ReadonlyArray<Column>, key: ReadonlyArray<string>) => {
  const excluded = EXCLUDED_ROWS[table]
  const { rows } = await sql<Record<string, string | null>>`select ${sql.raw(columns.map((c) => `${selected(c)} as ${ident(c.column)}`).join(", "))} from ${sql.table(table)}${
    sql.raw(excluded ? ` where not coalesce(${excluded.where}, false)` : "")}`
    .execute(db)
  const json = columns.filter(isJson).map((c) => c.column)
  const seen = new Map<string, number>()
  return rows.map((raw) => {
    const row: Record<string, unknown> = { ...raw }
    for (const c of json) if (raw[c] !== null && raw[c] !== undefined) row[c] = JSON.parse(raw[c]!)
    const hash = rowHash(row)
    let id: string
    if (key.length === 0) {
      const times = (seen.get(hash) ?? 0) + 1
      seen.set(hash, times)
      id = times === 1 ? hash : `${hash}#${times}`
    } else id = key.length === 1 ? String(raw[key[0]!]) : JSON.stringify(key.map((k) => raw[k]))
    return { id, hash, row }
  })
}

export interface DigestedDatabase {
  readonly tables: Tables
  /** A row of a business table in canonical form, by its digest key (only when computed with `keepRows`). */
  row(table: string, key: string): string | undefined
}

/** The digest of every business table of the database. */
export const digestTables = async (db: Kysely<DB>, options: { readonly keepRows?: boolean } = {}): Promise<DigestedDatabase> => {
  const tables: Record<string, TableDigest> = {}
  const kept = new Map<string, Map<string, string>>()
  for (const [table, { columns, key }] of await businessTables(db)) {
    const rows = await tableRows(db, table, columns, key)
    const rowHashes = Object.fromEntries(rows.map((r) => [r.id, r.hash]).sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0)))
    tables[table] = { rows: rows.length, hash: tableHash(rowHashes), rowHashes }
    if (options.keepRows) kept.set(table, new Map(rows.map((r) => [r.id, canonicalRow(r.row)])))
  }
  return { tables, row: (table, key) => kept.get(table)?.get(key) }
}

export interface RowDifference {
  readonly key: string
  /** The recorded row hash; null when the replayed database has a row the source did not. */
  readonly recorded: string | null
  /** The replayed row's hash; null when the row is missing from the replayed database. */
  readonly replayed: string | null
  /** The replayed row in canonical form, when there is one. */
  readonly row?: string
}

export interface TableDifference {
  readonly table: string
  readonly recordedRows: number | null
  readonly replayedRows: number | null
  /** The first differing rows, in key order. */
  readonly rows: ReadonlyArray<RowDifference>
  /** How many rows differ in all. */
  readonly differingRows: number
}

/** The tables whose digest differs, each with its first `shown` differing rows. */
export const compareDigests = (recorded: Tables, replayed: DigestedDatabase, shown = 5): TableDifference[] => {
  const names = [...new Set([...Object.keys(recorded), ...Object.keys(replayed.tables)])].sort()
  const differences: TableDifference[] = []
  for (const table of names) {
    const a = recorded[table]
    const b = replayed.tables[table]
    // the recorded table hash is taken again from its row hashes, so an edited row hash cannot hide behind it
    if (a && b && a.hash === b.hash && tableHash(a.rowHashes) === b.hash && a.rows === b.rows) continue
    const before = a?.rowHashes ?? {}
    const after = b?.rowHashes ?? {}
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()
    const rows = keys.filter((k) => before[k] !== after[k]).map((key): RowDifference => {
      const row = after[key] !== undefined ? replayed.row(table, key) : undefined
      return { key, recorded: before[key] ?? null, replayed: after[key] ?? null, ...(row !== undefined ? { row } : {}) }
    })
    differences.push({ table, recordedRows: a?.rows ?? null, replayedRows: b?.rows ?? null, rows: rows.slice(0, shown), differingRows: rows.length })
  }
  return differences
}

/** The differences as lines for a person: each table, then its first differing rows. */
export const describeDifferences = (differences: ReadonlyArray<TableDifference>): string[] =>
  differences.flatMap((d) => [
    d.recordedRows === null ? `table ${d.table}: not in the recorded digest (${d.replayedRows} row(s) replayed)`
      : d.replayedRows === null ? `table ${d.table}: missing from the replayed database (${d.recordedRows} row(s) recorded)`
      : d.differingRows === 0 ? `table ${d.table}: the recorded table hash is not the hash of its recorded rows (the digest line was edited)`
      : `table ${d.table}: ${d.differingRows} row(s) differ (recorded ${d.recordedRows} row(s), replayed ${d.replayedRows})`,
    ...d.rows.map((r) => r.replayed === null ? `  ${r.key}: missing (recorded row ${r.recorded})`
      : r.recorded === null ? `  ${r.key}: extra, replayed ${r.row ?? r.replayed}`
      : `  ${r.key}: recorded row ${r.recorded}, replayed ${r.replayed} ${r.row ?? ""}`.trimEnd()),
    ...(d.differingRows > d.rows.length ? [`  … and ${d.differingRows - d.rows.length} more row(s)`] : [])
  ])
