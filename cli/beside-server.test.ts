/**
 * `station` beside a running `station serve` on the same embedded database: commands go through the
 * server's socket, a second server is refused naming the first, the lock a killed server leaves is
 * taken over; the demo links the server prints carry no token and sign in when followed.
 */
import { existsSync, readFileSync } from "node:fs"
import { hostname } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { client, json, removeTempDirs, serve, station, stop, tempDir, type Served } from "./station.testkit"

const SLOW = 240_000

describe("station beside a running server", () => {
  const env = { DATA_DIR: tempDir("beside") }
  let server: Served | undefined

  beforeAll(async () => {
    server = await serve(env)
  }, SLOW)

  afterAll(async () => {
    if (server) await stop(server)
    removeTempDirs()
  })

  it("prints demo links without tokens that sign in when followed", async () => {
    const output = server!.output()
    const links = output.split("\n").filter((line) => line.includes("/auth/dev/login/"))
    expect(links.map((line) => line.trim().split(/\s+/)[0])).toEqual(["admin", "runner", "staff", "student"])
    for (const role of ["admin", "runner", "staff", "student"]) expect(output).toContain(`${server!.url.replace("127.0.0.1", "localhost")}/auth/dev/login/demo-${role}\n`)
    expect(output).not.toMatch(/[A-Za-z0-9_-]{43}/)

    for (const [openid, landing] of [["demo-student", "my"], ["demo-staff", "warehousing"]] as const) {
      const res = await fetch(`${server!.url}/auth/dev/login/${openid}`, { redirect: "manual" })
      expect(res.status).toBe(302)
      expect(res.headers.get("cache-control")).toBe("no-store")
      const location = res.headers.get("location")!
      expect(location).toMatch(new RegExp(`^/${landing}/[A-Za-z0-9_-]{43}$`))
      const token = decodeURIComponent(location.split("/").pop()!)
      const me = await client(server!.url).call("GET", "/api/user/wxuserInfo", token)
      expect(me).toMatchObject({ status: 200, success: true, data: expect.objectContaining({ openid }) })
    }
    const page = await fetch(`${server!.url}/auth/dev/login/demo-student`)
    expect(page.url).toMatch(/\/my\/[A-Za-z0-9_-]{43}$/)
    const unknown = await fetch(`${server!.url}/auth/dev/login/nobody`, { redirect: "manual" })
    expect(unknown.status).toBe(404)
  }, SLOW)

  it("runs stats, withdrawals and verify through the server's socket and the server sees the changes", async () => {
    const { call, token } = client(server!.url)
    const [staff, student] = await Promise.all([token("demo-staff"), token("demo-student")])
    const checkIn = await call("POST", "/api/expressTosend", staff, { expressCompany: "ec-sf", storageNo: "A-01", expressNo: "SF-BESIDE-1", weight: "wf-1", receiverPhone: "13800000001" })
    expect(checkIn.status).toBe(201)
    const applied = await call("POST", "/api/takecash", student, { money: 1000 })
    expect(applied.success, applied.message).toBe(true)

    const [stats, list, verify] = await Promise.all([
      station(["stats", "--json"], env), station(["withdrawals", "list", "--json"], env), station(["verify", "list", "--json"], env)
    ])
    for (const run of [stats, list, verify]) expect(run.code, run.stderr).toBe(0)
    expect(json(stats).worksites).toContainEqual(expect.objectContaining({ siteCode: "XY01", checkIns: 1 }))
    expect(json(stats).withdrawals.pending).toEqual({ count: 1, sumFen: 1000 })
    const [withdrawal] = json<Array<{ id: string; money: number; status: number }>>(list)
    expect(withdrawal).toMatchObject({ money: 1000, status: 0 })
    expect(json(verify)).toEqual([])

    const approved = await station(["withdrawals", "approve", withdrawal!.id], env)
    expect(approved.code, approved.stderr).toBe(0)
    const seen = await call("GET", "/api/takecash/wxlist?pageNo=1", student)
    expect(seen.data.results).toEqual([expect.objectContaining({ _id: withdrawal!.id, status: 1 })])
    const table = await station(["withdrawals", "list"], env)
    expect(table.stdout).toMatch(/已审核|approved/)
  }, SLOW)

  it("refuses a second server on the same data directory, naming the first", async () => {
    const owner = JSON.parse(readFileSync(join(env.DATA_DIR, "db.lock"), "utf8")) as { pid: number }
    expect(owner.pid).toBe(server!.child.pid)
    await expect(serve(env)).rejects.toThrow(
      new RegExp(`exited with 1:[\\s\\S]*station: The database in ${join(env.DATA_DIR, "db")} is already open in station serve \\(process ${owner.pid} on ${hostname()}, since `)
    )
  }, SLOW)

  it("takes over the lock a killed server left, with a notice", async () => {
    await stop(server!, "SIGKILL")
    const killed = server!.child.pid
    server = undefined
    expect(existsSync(join(env.DATA_DIR, "db.lock"))).toBe(true)
    const stats = await station(["stats", "--json"], env)
    expect(stats.code, stats.stderr).toBe(0)
    expect(stats.stderr).toMatch(new RegExp(`^station: took over the stale lock of .* left by station serve \\(process ${killed} .*\\): process ${killed} has ended\\n$`))
    expect(json(stats).withdrawals.approved).toEqual({ count: 1, sumFen: 1000 })
    expect(existsSync(join(env.DATA_DIR, "db.lock"))).toBe(false)
  }, SLOW)
})
