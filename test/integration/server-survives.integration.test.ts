/**
 * No request ends the process: the real server in its own process answers a truncated upload 4xx and
 * an unexpected defect in one request 500, and serves the next request. Its request log masks phones.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { resolve } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { GENERIC_FAILURE } from "#adapters/http/outcome"
import type { Fault, Outside } from "./fixtures/server-process"

interface ServerProcess {
  readonly url: string
  readonly child: ChildProcess
  readonly output: () => string
  arm(fault: Fault | Outside): Promise<void>
  stop(): Promise<void>
}

const startServerProcess = () =>
  new Promise<ServerProcess>((done, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", resolve(import.meta.dirname, "fixtures/server-process.ts")], {
      cwd: resolve(import.meta.dirname, "../.."),
      env: { ...process.env, LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe", "ipc"]
    })
    let output = ""
    child.stdout!.on("data", (chunk: Buffer) => { output += chunk.toString() })
    child.stderr!.on("data", (chunk: Buffer) => { output += chunk.toString() })
    const early = (code: number | null) => fail(new Error(`server process ended (${code}) before it served:\n${output}`))
    child.once("exit", early)
    child.once("message", (m: { url: string }) => {
      child.off("exit", early)
      done({
        url: m.url,
        child,
        output: () => output,
        arm: (fault) => new Promise((armed, refused) => {
          if (child.exitCode !== null || !child.connected) return refused(new Error(`the server process has ended:\n${output}`))
          child.once("message", () => armed())
          child.send({ fault })
        }),
        stop: () => new Promise((stopped) => {
          if (child.exitCode !== null) return stopped()
          child.once("exit", () => stopped())
          child.kill("SIGTERM")
        })
      })
    })
  })

describe("the server process survives what one request does", () => {
  let server: ServerProcess
  let token: string
  const get = (path: string) => fetch(server.url + path, { headers: { Authorization: `Bearer ${token}` } })
  const stillServing = async () => {
    expect(server.child.exitCode, server.output()).toBeNull()
    const r = await get("/api/user/wxuserInfo")
    expect(r.status).toBe(200)
  }

  beforeAll(async () => {
    server = await startServerProcess()
    const r = await fetch(`${server.url}/auth/dev/token`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ openid: "demo-student" }) })
    token = ((await r.json()) as { token: string }).token
  }, 120_000)
  afterAll(async () => { await server?.stop() })

  it("a multipart upload whose body ends inside a file part is 400, and the server serves on", async () => {
    const r = await fetch(`${server.url}/api/upload/uploadFile`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "multipart/form-data; boundary=b" },
      body: '--b\r\nContent-Disposition: form-data; name="x"; filename="a"\r\n\r\nabc'
    })
    expect(r.status).toBe(400)
    await stillServing()
    const inField = await fetch(`${server.url}/api/upload/uploadFile`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "multipart/form-data; boundary=b" },
      body: '--b\r\nContent-Disposition: form-data; name="idCard"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG'
    })
    expect(inField.status).toBe(400)
    await stillServing()
  })

  it.each<[Fault, string]>([
    ["throw", "an exception thrown in the route"],
    ["reject", "a rejected promise nobody awaits"],
    ["stream", "an error emitted on a stream with no listener"]
  ])("%s: %s answers that request 500 and the next one is served", async (fault) => {
    await server.arm(fault)
    const r = await get("/api/dict/detail/weight")
    expect(r.status).toBe(500)
    expect(await r.json()).toEqual({ success: false, message: GENERIC_FAILURE })
    await stillServing()
    expect((await get("/api/dict/detail/weight")).status).toBe(200)
  })

  it("logs a phone in a request path masked, never whole", async () => {
    const r = await get("/api/user/phoneCaptcha/13812345678")
    expect(r.status).toBeLessThan(500)
    await get("/api/user/phoneCaptcha/+86%20138-1234-5679")
    await new Promise((done) => setTimeout(done, 200))
    const lines = server.output().split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as { msg: string; path?: string })
    const paths = lines.filter((l) => l.msg === "request").map((l) => l.path)
    expect(paths).toContain("/api/user/phoneCaptcha/138****5678")
    expect(paths).toContain("/api/user/phoneCaptcha/138****5679")
    expect(server.output()).not.toMatch(/1381234567[89]|1234-567[89]/)
  })

  it("a rejected promise outside any request is logged and the server serves on", async () => {
    await server.arm("reject-outside")
    await new Promise((done) => setTimeout(done, 200))
    await stillServing()
    expect(server.output()).toContain("a rejected promise outside any request")
  })

  it("an uncaught exception outside any request ends the process, as Node would (state unknown)", async () => {
    const exited = new Promise<number | null>((done) => server.child.once("exit", (code) => done(code)))
    await server.arm("throw-outside")
    expect(await exited).toBe(1)
    expect(server.output()).toContain("an exception outside any request")
  })
})
