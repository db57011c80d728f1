/**
 * The messaging app's access token and ticket are one for all server processes: two station servers on one
 * Postgres database, asked for the JS-SDK configuration at the same moment, make the app issue one token and one
 * ticket between them (each token the app issues voids the one before, so two refreshing processes would keep
 * voiding each other's), and both sign with that ticket.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { afterAll, beforeAll, expect, it } from "vitest"
import { jsapiSignature } from "#adapters/messaging/messaging-app"
import { startWechatStandIn } from "#adapters/messaging/wechat-stand-in"
import { migrateToLatest, openDatabase } from "#adapters/postgres/database"
import { issueTokenFor } from "#adapters/ops/actors"
import { seedDemoCampus } from "#adapters/postgres/seed"
import { describeOnPostgres, scratchPostgres } from "../support/test-app"

describeOnPostgres("the messaging token cache across server processes [postgres]", () => {
  const appId = "wx00000000000two"
  let standIn: Awaited<ReturnType<typeof startWechatStandIn>>
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>
  const children: ChildProcess[] = []
  const dataDir = mkdtempSync(join(tmpdir(), "messaging-processes-"))
  let staffToken = ""

  const server = () => new Promise<string>((done, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", resolve(import.meta.dirname, "fixtures/messaging-server-process.ts")], {
      cwd: resolve(import.meta.dirname, "../.."),
      env: {
        ...process.env, FIXTURE_DATABASE_URL: scratch.url, DATA_DIR: dataDir, LOG_LEVEL: "warn", SCHEDULER: "off",
        MESSAGING_APP: "wechat", WECHAT_APP_ID: appId, WECHAT_APP_SECRET: "two-process-secret", WECHAT_TOKEN: "two-process-token", WECHAT_API_ENDPOINT: standIn.endpoint, PUBLIC_URL: "https://station.example"
      },
      stdio: ["ignore", "pipe", "pipe", "ipc"]
    })
    children.push(child)
    let output = ""
    child.stdout!.on("data", (c: Buffer) => { output += c.toString() })
    child.stderr!.on("data", (c: Buffer) => { output += c.toString() })
    child.once("exit", (code) => fail(new Error(`server process ended (${code}) before it served:\n${output}`)))
    child.once("message", (m: { url: string }) => done(m.url))
  })

  beforeAll(async () => {
    standIn = await startWechatStandIn({ appId, secret: "two-process-secret", templates: [], followers: [] })
    scratch = await scratchPostgres({ migrated: true })
    const database = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 2 })
    await migrateToLatest(database.db)
    await seedDemoCampus(database.db)
    staffToken = (await issueTokenFor(database.db, "demo-staff", new Date()))!.token
    await database.close()
  }, 60_000)

  afterAll(async () => {
    await Promise.all(children.map((c) => new Promise<void>((stopped) => {
      if (c.exitCode !== null) return stopped()
      c.once("exit", () => stopped())
      c.kill("SIGTERM")
    })))
    await standIn?.close()
    await scratch?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("two servers asked at once fetch one token and one ticket between them, and sign with it", async () => {
    const urls = [await server(), await server()]
    const page = "https://station.example/warehousing/ws-xiyuan"
    const answers = await Promise.all([...urls, ...urls].map(async (base) => {
      const res = await fetch(`${base}/api/wx/jsconfig?url=${encodeURIComponent(page)}`, { headers: { Authorization: `Bearer ${staffToken}` } })
      expect(res.status).toBe(200)
      return (await res.json()) as { data: { appId: string; timestamp: number; nonceStr: string; signature: string } }
    }))
    expect([standIn.state.tokensIssued, standIn.state.ticketsIssued]).toEqual([1, 1])
    for (const { data } of answers) {
      expect(data.appId).toBe(appId)
      expect(data.signature).toBe(jsapiSignature({ ticket: "ticket-1", nonceStr: data.nonceStr, timestamp: data.timestamp, url: page }))
    }
  }, 120_000)
})
