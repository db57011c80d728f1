/**
 * Migration 2026-12-02T1200-worksite-printer-protocol: the printers there were stay raw 9100, each printer may
 * speak IPP (with its path) or TSPL and nothing else, the store hands the protocol to the domain, and it goes
 * down and up again.
 */
import { Effect } from "effect"
import type { Kysely } from "kysely"
import { describe, expect, it } from "vitest"
import * as protocol from "../../migrations/2026-12-02T1200-worksite-printer-protocol"
import { freshDemoDatabases } from "./demo-database.testkit"
import { sendStore } from "./stores/send-store"

const fresh = freshDemoDatabases()

describe("migration 2026-12-02T1200-worksite-printer-protocol", () => {
  it("keeps the seeded printers raw 9100, takes IPP with its path and TSPL, refuses another language", async () => {
    const db = await fresh()
    const printers = async () => (await Effect.runPromise(sendStore(db).settings("ws-xiyuan")))!.printers
    expect(await printers()).toEqual({
      150: { host: "127.0.0.1", port: 9100, protocol: "raw9100", path: undefined },
      180: { host: "127.0.0.1", port: 9101, protocol: "raw9100", path: undefined }
    })
    await db.updateTable("sending_settings").set({ printer150_protocol: "tspl", printer180_protocol: "ipp", printer180_path: "/printers/label180", printer180_port: 631 })
      .where("worksite_id", "=", "ws-xiyuan").execute()
    expect(await printers()).toEqual({
      150: { host: "127.0.0.1", port: 9100, protocol: "tspl", path: undefined },
      180: { host: "127.0.0.1", port: 631, protocol: "ipp", path: "/printers/label180" }
    })
    await expect(db.updateTable("sending_settings").set({ printer150_protocol: "zpl" as never }).where("worksite_id", "=", "ws-xiyuan").execute()).rejects.toThrow()
  })

  it("goes down and up again", async () => {
    const db = await fresh()
    await protocol.down(db as Kysely<any>)
    await expect(db.selectFrom("sending_settings").select("printer150_protocol").execute()).rejects.toThrow()
    await protocol.up(db as Kysely<any>)
    expect(await db.selectFrom("sending_settings").select(["printer150_protocol", "printer180_protocol"]).orderBy("worksite_id").execute())
      .toEqual([{ printer150_protocol: "raw9100", printer180_protocol: "raw9100" }, { printer150_protocol: "raw9100", printer180_protocol: "raw9100" }])
  })
})
