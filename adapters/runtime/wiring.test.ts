/**
 * The port list and its wiring: each port listed once, each with an adapter; the settings pick the live adapter
 * where a port has both (the printer); process adapters are made once, a transaction's for each run on it, the
 * pool's once per pool, a run's for each run; and a runtime's context holds every listed port.
 */
import { createServer, type AddressInfo } from "node:net"
import { generateKeyPairSync } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Context, Effect, Exit } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PayIn } from "#src/payment/pay-in"
import { Printer } from "#src/sending/printer"
import { migrateToLatest, openDatabase, type Database } from "../postgres/database"
import type { DB } from "../postgres/schema"
import { testWaybill } from "../printer/waybill.testkit"
import { Runtime } from "../runtime"
import { ports, type StationServices } from "./ports"
import { chosenAdapter, perProcess, perRun, perTransaction, Wiring, type Makings, type RunScope } from "./wiring"
import { blankMemory } from "../../test/support/blank-database"

class Once extends Context.Service<Once, { readonly n: number }>()("test/Once") {}
class PerDb extends Context.Service<PerDb, { readonly n: number; readonly db: Kysely<DB> }>()("test/PerDb") {}
class PerRunning extends Context.Service<PerRunning, { readonly n: number }>()("test/PerRunning") {}
class Chosen extends Context.Service<Chosen, { readonly which: string }>()("test/Chosen") {}

const makings = {} as Makings
const scope: RunScope = { now: () => new Date(0), nextId: () => "id", events: [], drawn: [], logged: [] }
const dbA = { name: "a" } as unknown as Kysely<DB>
const dbB = { name: "b" } as unknown as Kysely<DB>

describe("the port list", () => {
  it("names each port once, each with an adapter", () => {
    const keys = ports.map((p) => p.port.key)
    expect(new Set(keys).size).toBe(keys.length)
    for (const p of ports) expect(p.live ?? p.fake, p.port.key).toBeTypeOf("function")
  })

  it("the printer is the network one when STATION_PRINTER=network (or its old name raw9100), else the local fake; the ports with only a fake keep it", () => {
    const printer = ports.find((p) => p.port.key === Printer.key)!
    expect(chosenAdapter(printer, {})).toBe("fake")
    expect(chosenAdapter(printer, { STATION_PRINTER: "other" })).toBe("fake")
    expect(chosenAdapter(printer, { STATION_PRINTER: "raw9100" })).toBe("live")
    expect(chosenAdapter(printer, { STATION_PRINTER: "network" })).toBe("live")
    for (const p of ports.filter((e) => !e.live)) expect(chosenAdapter(p, { STATION_PRINTER: "raw9100" }), p.port.key).toBe("fake")
  })
})

describe("the pay-in port", () => {
  const payIn = () => ports.find((p) => p.port.key === PayIn.key)!
  const wechat = {
    PAYMENTS: "wechatpay", WECHATPAY_MCH_ID: "1900000001", WECHATPAY_APP_ID: "wxapp", WECHATPAY_SERIAL_NO: "MERCHANT1",
    WECHATPAY_PRIVATE_KEY: generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }) as string,
    WECHATPAY_API_V3_KEY: "0123456789abcdef0123456789abcdef", WECHATPAY_NOTIFY_URL: "https://station.example/api/wx/payNotify"
  }

  it("is WeChat Pay with PAYMENTS=wechatpay, else the simulated provider; a missing setting or an unknown choice stops the start with its name", () => {
    expect(chosenAdapter(payIn(), {})).toBe("fake")
    expect(chosenAdapter(payIn(), { PAYMENTS: "fake" })).toBe("fake")
    expect(chosenAdapter(payIn(), wechat)).toBe("live")
    expect(() => chosenAdapter(payIn(), { ...wechat, WECHATPAY_NOTIFY_URL: "" })).toThrow("WECHATPAY_NOTIFY_URL is not set")
    expect(() => chosenAdapter(payIn(), { PAYMENTS: "alipay" })).toThrow("PAYMENTS=alipay is not one of fake, wechatpay")
  })
})

describe("wiring", () => {
  const counting = () => {
    const made = { once: 0, perDb: 0, perRun: 0 }
    const list = [
      perProcess(Once, () => ({ n: ++made.once })),
      perTransaction(PerDb, ({ db }) => ({ n: ++made.perDb, db })),
      perRun(PerRunning, () => ({ n: ++made.perRun })),
      perProcess(Chosen, { live: () => ({ which: "live" }), fake: () => ({ which: "fake" }), liveWhen: (env) => env.CHOOSE === "live" })
    ]
    return { made, list }
  }

  it("makes the process's adapters once, a transaction's for each run on it, the pool's once per pool, the run's for each run", () => {
    const { made, list } = counting()
    const wiring = new Wiring(list, makings, {})
    expect(made).toEqual({ once: 1, perDb: 0, perRun: 0 })
    const first = wiring.services(dbA, scope)
    const second = wiring.services(dbA, scope)
    expect([Context.get(first, PerDb).n, Context.get(second, PerDb).n]).toEqual([1, 2])
    expect(Context.get(first, PerDb).db).toBe(dbA)
    const pooled = [wiring.services(dbA, scope, true), wiring.services(dbA, scope, true), wiring.services(dbB, scope, true)]
    expect(pooled.map((c) => Context.get(c, PerDb).n)).toEqual([3, 3, 4])
    expect(Context.get(pooled[2]!, PerDb).db).toBe(dbB)
    expect(made).toEqual({ once: 1, perDb: 4, perRun: 5 })
    expect(new Set([first, second, ...pooled].map((c) => Context.get(c, Once).n))).toEqual(new Set([1]))
  })

  it("picks the live adapter by the settings it was given", () => {
    expect(Context.get(new Wiring(counting().list, makings, {}).services(dbA, scope), Chosen).which).toBe("fake")
    expect(Context.get(new Wiring(counting().list, makings, { CHOOSE: "live" }).services(dbA, scope), Chosen).which).toBe("live")
  })

  it("refuses a list that names a port twice", () => {
    const { list } = counting()
    expect(() => new Wiring([...list, perProcess(Once, () => ({ n: 0 }))], makings, {})).toThrow("port test/Once is listed twice")
  })
})

describe("a runtime's services", () => {
  let database: Database
  let waybills: string
  beforeAll(async () => {
    database = await openDatabase(blankMemory())
    await migrateToLatest(database.db)
    waybills = mkdtempSync(join(tmpdir(), "wiring-waybills-"))
  })
  afterAll(async () => {
    await database?.close()
    rmSync(waybills, { recursive: true, force: true })
  })

  it("hold every listed port, for a read and for a change", async () => {
    const runtime = await Runtime.create(database, { waybillDir: waybills })
    const keysIn = (context: Context.Context<StationServices>) => ports.map((p) => p.port.key).filter((key) => context.mapUnsafe.has(key))
    const all = ports.map((p) => p.port.key)
    expect(Exit.map(await runtime.read(Effect.context<StationServices>()), keysIn)).toEqual(Exit.succeed(all))
    expect(Exit.map(await runtime.run(Effect.context<StationServices>()), keysIn)).toEqual(Exit.succeed(all))
  })

  it("print on the network printer with STATION_PRINTER=network and to the local fake otherwise", async () => {
    const received: Buffer[] = []
    const printer = createServer((socket) => socket.on("data", (chunk) => received.push(chunk)))
    await new Promise<void>((resolve) => printer.listen(0, "127.0.0.1", resolve))
    try {
      const address = { host: "127.0.0.1", port: (printer.address() as AddressInfo).port, protocol: "raw9100" } as const
      const job = (name: string) => ({ printer: address, name, pdf: new TextEncoder().encode(`%PDF ${name}`), waybill: testWaybill("SF1795400000000123") })
      const print = (runtime: Runtime, name: string) => runtime.read(Printer.use((p) => p.print(job(name))))

      const local = await Runtime.create(database, { waybillDir: waybills, env: {} })
      expect(await print(local, "local")).toEqual(Exit.succeed({ ok: true }))
      expect(local.printer.jobs.map((j) => j.name)).toEqual(["local"])

      const networked = await Runtime.create(database, { waybillDir: waybills, env: { STATION_PRINTER: "network" } })
      expect(await print(networked, "networked")).toEqual(Exit.succeed({ ok: true }))
      await expect.poll(() => Buffer.concat(received).toString()).toBe("%PDF networked")
      expect(networked.printer.jobs.map((j) => j.name)).toEqual(["networked"])
    } finally {
      await new Promise<void>((resolve) => printer.close(() => resolve()))
    }
  })
})
