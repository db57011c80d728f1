/** The digest's canonical row hashing and its comparison, and the line numbering a replay follows (no database). */
import { describe, expect, it } from "vitest"
import { canonicalRow, compareDigests, EXCLUDED_COLUMNS, EXCLUDED_ROWS, EXCLUDED_TABLES, rowHash, tableHash, type DigestedDatabase, type Tables } from "./digest"
import { decodeLine, lineNumbering } from "./ops-log"

describe("canonical rows", () => {
  it("is the same row whatever the column order, the driver's types or the JSON key order", () => {
    const stored = { id: "p-1", tag: 7, amount: 12345678901234567890n, at: new Date("2026-11-29T01:02:03.456Z"), paid: true, sender: { b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } }, note: null }
    const asText = { note: undefined, sender: { a: { c: null, d: [2, { y: 2, z: 1 }] }, b: 1 }, paid: "true", at: "2026-11-29T01:02:03.456Z", amount: "12345678901234567890", tag: "7", id: "p-1" }
    expect(canonicalRow(stored)).toBe(canonicalRow(asText))
    expect(rowHash(stored)).toBe(rowHash(asText))
    expect(canonicalRow({ b: "2", a: 1 })).toBe('{"a":"1","b":"2"}')
    expect(canonicalRow({ j: { b: 1, a: 2 } })).toBe('{"j":{"a":2,"b":1}}')
    expect(rowHash(stored)).toMatch(/^[0-9a-f]{16}$/)
  })

  it("tells rows apart by any value, a time to the millisecond, an array's order and null against empty", () => {
    const row = { id: "p-1", at: new Date("2026-11-29T01:02:03.456Z"), flags: ["a", "b"], note: "" }
    const hashes = [
      row, { ...row, id: "p-2" }, { ...row, at: new Date("2026-11-29T01:02:03.457Z") }, { ...row, flags: ["b", "a"] }, { ...row, note: null },
      { ...row, extra: null }
    ].map(rowHash)
    expect(new Set(hashes).size).toBe(hashes.length)
  })

  it("hashes a table by its keys and row hashes, whatever their order", () => {
    expect(tableHash({ a: "1", b: "2" })).toBe(tableHash({ b: "2", a: "1" }))
    expect(tableHash({ a: "1", b: "2" })).not.toBe(tableHash({ a: "2", b: "1" }))
    expect(tableHash({})).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  })

  it("names why each excluded table and column is left out", () => {
    const rows = Object.values(EXCLUDED_ROWS).map((r) => r.why)
    for (const why of [...Object.values(EXCLUDED_TABLES), ...Object.values(EXCLUDED_COLUMNS).flatMap((c) => Object.values(c)), ...rows]) expect(why.length).toBeGreaterThan(10)
    expect(EXCLUDED_TABLES).toHaveProperty("ops_log")
    expect(EXCLUDED_COLUMNS.employee).toHaveProperty("password_hash")
    expect(EXCLUDED_TABLES).not.toHaveProperty("parcel")
  })
})

describe("compareDigests", () => {
  const table = (rowHashes: Record<string, string>) => ({ rows: Object.keys(rowHashes).length, hash: tableHash(rowHashes), rowHashes })
  const replayed = (tables: Tables): DigestedDatabase => ({ tables, row: (t, k) => `${t}/${k} as replayed` })

  it("finds nothing when the tables are equal", () => {
    const tables = { parcel: table({ "p-1": "aa", "p-2": "bb" }), wallet: table({}) }
    expect(compareDigests(tables, replayed(tables))).toEqual([])
  })

  it("lists a changed, a missing and an extra row, a missing table, and a row hash edited without its table hash", () => {
    const recorded = { parcel: table({ "p-1": "aa", "p-2": "bb", "p-3": "cc" }), wallet: table({ "u-1": "dd" }), ledger: table({ "l-1": "ee" }) }
    const now = { parcel: table({ "p-1": "aa", "p-2": "b2", "p-4": "ff" }), wallet: table({ "u-1": "dd" }) }
    expect(compareDigests(recorded, replayed(now))).toEqual([
      { table: "ledger", recordedRows: 1, replayedRows: null, rows: [{ key: "l-1", recorded: "ee", replayed: null }], differingRows: 1 },
      {
        table: "parcel", recordedRows: 3, replayedRows: 3, differingRows: 3, rows: [
          { key: "p-2", recorded: "bb", replayed: "b2", row: "parcel/p-2 as replayed" },
          { key: "p-3", recorded: "cc", replayed: null },
          { key: "p-4", recorded: null, replayed: "ff", row: "parcel/p-4 as replayed" }
        ]
      }
    ])
    const edited = { ...recorded.wallet, rowHashes: { "u-1": "00" } }
    expect(compareDigests({ wallet: edited }, replayed({ wallet: recorded.wallet }))).toEqual([
      { table: "wallet", recordedRows: 1, replayedRows: 1, differingRows: 1, rows: [{ key: "u-1", recorded: "00", replayed: "dd", row: "wallet/u-1 as replayed" }] }
    ])
  })

  it("shows the first rows of a long difference and counts them all", () => {
    const many = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`k${String(i).padStart(2, "0")}`, "aa"]))
    const [difference] = compareDigests({ t: table(many) }, replayed({ t: table({}) }), 5)
    expect(difference!.differingRows).toBe(12)
    expect(difference!.rows.map((r) => r.key)).toEqual(["k00", "k01", "k02", "k03", "k04"])
  })
})

describe("line numbering", () => {
  const op = (n?: number) => {
    const line = decodeLine(JSON.stringify({ ...(n === undefined ? {} : { n }), op: "checkIn", actorOpenid: "demo-staff", at: "2026-11-29T01:00:00Z", input: {}, outcome: {} }))
    if (!("op" in line)) throw new Error(JSON.stringify(line))
    return line
  }
  const digest = (lines: number) => {
    const line = decodeLine(JSON.stringify({ digest: { lines, seed: {}, tables: {} } }))
    if (!("digest" in line)) throw new Error(JSON.stringify(line))
    return line
  }

  it("accepts contiguous lines and a digest that counts them", () => {
    const check = lineNumbering()
    expect([op(1), op(2), op(3), digest(3)].map(check)).toEqual([undefined, undefined, undefined, undefined])
  })

  it("refuses a skipped line, a repeated one, a digest that counts more or fewer lines, and a line after the digest", () => {
    const check = lineNumbering()
    expect(check(op(1))).toBeUndefined()
    expect(check(op(3))).toBe("line n=3 where n=2 was expected: the log skips 1 line(s) (n=2)")
    expect(check(op(4))).toBeUndefined()
    expect(check(op(4))).toBe("line n=4 where n=5 was expected: a repeated or out-of-order line")
    expect(check(digest(6))).toBe("the digest counts 6 line(s) but the log ends at n=4: the last 2 line(s) are missing")
    expect(check(op(5))).toBe("a line after the digest line: the digest ends the export")
    expect(lineNumbering()(op(4))).toBe("line n=4 where n=1 was expected: the log skips 3 line(s) (n=1 to n=3)")
    const short = lineNumbering()
    short(op(1))
    short(op(2))
    expect(short(digest(1))).toBe("the digest counts 1 line(s) but the log has 2: it has lines its digest does not count")
  })

  it("does not number an old export's lines, but counts them against a digest", () => {
    const check = lineNumbering()
    expect([op(), op(), op()].map(check)).toEqual([undefined, undefined, undefined])
    expect(check(digest(4))).toBe("the digest counts 4 line(s) but the log has 3: the last 1 line(s) are missing")
    const mixed = lineNumbering()
    mixed(op(1))
    expect(mixed(op())).toMatch(/line without n in an export whose lines before it are numbered/)
  })

  it("decodes a digest line and refuses a malformed one or a bad n", () => {
    expect(decodeLine('{"digest":{"lines":"3"}}')).toEqual({ problem: "not a digest line: needs digest.lines, digest.seed, digest.tables" })
    expect(decodeLine(JSON.stringify({ n: 0, op: "checkIn", actorOpenid: "a", at: "2026-11-29T01:00:00Z", input: {}, outcome: {} }))).toEqual({ problem: "n is not a line number: 0" })
    expect(op(2).n).toBe(2)
    expect("n" in op()).toBe(false)
  })
})
