/**
 * The hot lane answers its reads exactly as express answers the same route: same status, body and
 * headers (the lane is taken for a plain GET, express for the same path with a query string); it
 * refuses a missing or unknown token as express does, leaves any other request to the rest of the app,
 * and a read that fails answers 500 while the lane goes on serving.
 */
import { createServer, request, type Server, type ServerResponse } from "node:http"
import { Exit } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestApp, type TestApp } from "../../test/support/test-app"
import { TOKEN_MISSING } from "./auth"
import { actorRead } from "./handle"
import { hotLane } from "./hot-lane"
import { GENERIC_FAILURE } from "./outcome"
import { WxUserInfo } from "#src/profile/calls"

const comparable = (headers: Headers) => Object.fromEntries([...headers].filter(([name]) => name !== "date"))

describe("hot lane", () => {
  let t: TestApp
  beforeAll(async () => { t = await startTestApp("pglite") })
  afterAll(async () => { await t?.close() })

  const get = (path: string, token?: string) =>
    fetch(`${t.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      .then(async (res) => ({ status: res.status, headers: comparable(res.headers), body: await res.json() }))

  it("answers the student's account as express does, headers and all", async () => {
    const token = await t.token("demo-student")
    const lane = await get("/api/user/wxuserInfo", token)
    const express = await get("/api/user/wxuserInfo?via=express", token)
    expect(lane.status).toBe(200)
    expect(lane.body.data).toMatchObject({
      _id: "u-student", phoneMain: "13800000001", money: 50000,
      worksite: { _id: "ws-xiyuan", expressSendCompanies: ["ec-sf", "ec-zto", "ec-yto"], majors: expect.arrayContaining(["计算机科学与工程学院"]) }
    })
    expect(lane).toEqual(express)
    expect(lane.headers["cache-control"]).toBe("no-store")
    expect(lane.headers["content-security-policy"]).toContain("default-src 'self'")
  })

  it("refuses a missing or unknown token with the same 401 as express", async () => {
    for (const token of [undefined, "x".repeat(43)]) {
      const lane = await get("/api/user/wxuserInfo", token)
      expect(lane).toEqual(await get("/api/user/wxuserInfo?via=express", token))
      expect(lane).toMatchObject({ status: 401, body: { success: false, message: TOKEN_MISSING } })
    }
  })

  describe("on a lane of its own reads", () => {
    let server: Server
    let url = ""
    beforeAll(async () => {
      const student = await t.runtime.db.selectFrom("app_user").select(["id", "openid", "role"]).where("openid", "=", "demo-student").executeTakeFirstOrThrow()
      const actor = { userId: student.id, openid: student.openid, role: "student" as const }
      const reads = new Map([
        ["/throws", actorRead(WxUserInfo, async () => { throw new Error("database gone") })],
        ["/dies", actorRead(WxUserInfo, async () => Exit.die(new Error("a defect")))],
        ["/bad-answer", actorRead(WxUserInfo, async () => Exit.succeed({ not: "a user" } as never))]
      ])
      const rest = (_req: unknown, res: ServerResponse) => { res.statusCode = 418; res.end() }
      server = createServer(hotLane(rest, { sessions: async (token) => (token === "t".repeat(43) ? actor : undefined), securityHeaders: () => {}, reads }))
      await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
      url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
    })
    afterAll(async () => { await new Promise((done) => server?.close(done)) })

    it("answers 500 with the generic message, and the lane goes on serving", async () => {
      for (const path of ["/throws", "/dies", "/bad-answer"]) {
        const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${"t".repeat(43)}` } })
        expect([path, res.status, await res.json()]).toEqual([path, 500, { success: false, message: GENERIC_FAILURE }])
      }
      expect((await fetch(`${url}/elsewhere`)).status).toBe(418)
    })

    it("leaves another method, a query string or a body to the rest of the app", async () => {
      const auth = { authorization: `Bearer ${"t".repeat(43)}` }
      expect((await fetch(`${url}/throws`, { method: "POST", headers: auth })).status).toBe(418)
      expect((await fetch(`${url}/throws?page=1`, { headers: auth })).status).toBe(418)
      const withBody = await new Promise<number>((done, fail) => {
        const req = request(`${url}/throws`, { method: "GET", headers: { ...auth, "content-type": "application/json", "content-length": "2" } }, (res) => { res.resume(); done(res.statusCode!) })
        req.once("error", fail)
        req.end("{}")
      })
      expect(withBody).toBe(418)
    })
  })
})
