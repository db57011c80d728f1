/**
 * `station printers` as a child process on a fresh data dir: the demo worksites' printers, a TSPL printer set on the
 * short-label slot and an IPP one on the other, one removed; refusals with the core's messages (exit 1); each change
 * is in the operations log and `station replay` reproduces the settings (the digest equal).
 */
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { messages } from "#src/sending/printer-settings"
import { json, removeTempDirs, station, tempDir } from "./station.testkit"

const SLOW = 240_000

afterAll(removeTempDirs)

interface Printers {
  readonly siteCode: string
  readonly printers: Record<string, { host: string; port: number; protocol: string; path?: string }>
}

describe("station printers", () => {
  const env = { DATA_DIR: tempDir("printers") }
  const fresh = { DATA_DIR: tempDir("printers-replayed") }

  it("lists, sets and removes a worksite's printers, refuses a wrong one; the changes replay", async () => {
    const before = json<Printers[]>(await station(["printers", "list", "--json"], env))
    expect(before.find((w) => w.siteCode === "XY01")!.printers).toEqual({
      150: { host: "127.0.0.1", port: 9100, protocol: "raw9100" }, 180: { host: "127.0.0.1", port: 9101, protocol: "raw9100" }
    })

    const tspl = await station(["printers", "set", "XY01", "150", "10.0.0.15", "--protocol", "tspl"], env)
    expect(tspl.code, tspl.stderr).toBe(0)
    expect(tspl.stdout).toContain("Printer 150 of XY01 is now tspl 10.0.0.15:9100.")
    const ipp = await station(["printers", "set", "DY01", "180", "cups.station.lan", "--protocol", "ipp", "--path", "/printers/label"], env)
    expect(ipp.code, ipp.stderr).toBe(0)
    const cleared = await station(["printers", "clear", "XY01", "180"], env)
    expect(cleared.code, cleared.stderr).toBe(0)
    const listed = await station(["printers", "list"], env)
    expect(listed.stdout).toMatch(/XY01\s+西园驿站\s+tspl 10\.0\.0\.15:9100\s+—/)
    expect(listed.stdout).toMatch(/DY01\s+东园驿站\s+\S+.*ipp cups\.station\.lan:631\/printers\/label/)

    const refusals: Array<[ReadonlyArray<string>, string]> = [
      // each wrong part has its own message (src/sending/printer-settings.test.ts); here, that they reach the operator
      [["printers", "set", "XY01", "150", "10.0.0.1", "--port", "70000"], messages.portWrong],
      [["printers", "set", "NOPE", "150", "10.0.0.1"], messages.worksiteMissing]
    ]
    for (const [args, message] of refusals) {
      const run = await station(args, env)
      expect({ code: run.code, args }).toEqual({ code: 1, args })
      expect(run.stderr).toContain(message)
    }

    const exported = await station(["ops", "export"], env)
    const lines = exported.stdout.trimEnd().split("\n").map((l) => JSON.parse(l) as { op: string; actorOpenid: string; input: unknown }).filter((l) => "op" in l)
    expect(lines.map((l) => [l.op, l.actorOpenid, l.input])).toEqual([
      ["setPrinter", "station-operator", { worksiteId: "ws-xiyuan", slot: 150, printer: { host: "10.0.0.15", port: 9100, protocol: "tspl" } }],
      ["setPrinter", "station-operator", { worksiteId: "ws-dongyuan", slot: 180, printer: { host: "cups.station.lan", port: 631, protocol: "ipp", path: "/printers/label" } }],
      ["setPrinter", "station-operator", { worksiteId: "ws-xiyuan", slot: 180, printer: null }]
    ])
    const file = join(env.DATA_DIR, "ops.jsonl")
    writeFileSync(file, exported.stdout)
    const replayed = await station(["replay", file, "--json"], fresh)
    expect(replayed.code, replayed.stderr).toBe(0)
    expect(json(replayed)).toMatchObject({ reproduced: true, digest: { equal: true, tables: [] }, operations: 3, matched: 3 })
    expect(json(await station(["printers", "list", "--json"], fresh))).toEqual(json(await station(["printers", "list", "--json"], env)))
  }, SLOW)
})
