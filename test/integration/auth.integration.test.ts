/**
 * Sign-in over HTTP: bearer tokens on /api, and staff binding with the RSA-OAEP-SHA256 sealed
 * password, single-use nonces, the spec's validation order and the attempt limit.
 * Runs on PGlite, and on real Postgres when TEST_DATABASE_URL is set.
 */
import { constants, publicEncrypt, randomBytes } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO_PASSWORD } from "#adapters/postgres/seed"
import { jobNamed } from "#adapters/scheduler/jobs"
import { SESSION_TTL_MS } from "#adapters/security/sessions"
import { backends, newEmployee, newUser, startTestApp, type TestApp } from "../support/test-app"

const M = {
  tokenMissing: "登录已失效，请重新进入",
  phoneRequired: "电话号码不能为空",
  phoneFormat: "电话号码格式不对",
  passwordRequired: "密码不能为空",
  wrong: "手机号码或者密码错误",
  notBound: "请先绑定后台操作用户"
}

const oaep = (publicKey: string, plain: string) =>
  publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(plain)).toString("base64")

for (const backend of backends) {
  describe(`auth over HTTP [${backend}]`, () => {
    let t: TestApp
    beforeAll(async () => {
      t = await startTestApp(backend)
    })
    afterAll(async () => {
      await t?.close()
    })

    const publicKey = async () => {
      const r = await t.api("GET", "/auth/employee/publicKey")
      expect(r.status).toBe(200)
      return r.body.data as { publicKey: string; nonce: string }
    }
    const sealed = async (password: string) => {
      const { publicKey: key, nonce } = await publicKey()
      return { password: oaep(key, JSON.stringify({ password, nonce })), nonce, key }
    }
    const wxlogin = (token: string, query: Record<string, string>) =>
      t.api("GET", `/auth/employee/wxlogin?${new URLSearchParams(query)}`, token)
    /** A fresh caller and a fresh unbound employee, so attempt counts and bindings stay per test. */
    const fixture = async (password = "s3cret-pass") => {
      const user = await newUser(t.db)
      const employee = await newEmployee(t.db, password)
      return { user, employee, password, token: await t.token(user.openid) }
    }

    describe("bearer tokens on /api", () => {
      it.each([
        ["no Authorization header", {}],
        ["a garbage token", { Authorization: "Bearer garbage" }],
        ["a well-formed unknown token", { Authorization: `Bearer ${randomBytes(32).toString("base64url")}` }],
        ["another scheme", { Authorization: "Basic dXNlcjpwYXNz" }],
        ["an empty bearer", { Authorization: "Bearer " }],
        ["a bad escape", { Authorization: "Bearer %E0%A4%A" }]
      ])("%s → 401", async (_label, headers) => {
        for (const path of ["/api/user/wxuserInfo", "/api/takecash/wxlist", "/api/expressTosend/pagingForFontend"]) {
          const r = await t.send("GET", path, { headers })
          expect(r.status, path).toBe(401)
          expect(r.body).toEqual({ success: false, message: M.tokenMissing })
        }
        const write = await t.send("POST", "/api/takecash", { headers, rawBody: JSON.stringify({ money: 100 }) })
        expect(write.status).toBe(401)
      })

      it("the staff binding calls need a token too", async () => {
        expect((await t.api("GET", "/auth/employee/getByOpen/demo-staff")).status).toBe(401)
        expect((await t.api("GET", "/auth/employee/wxlogin?phone=13900000003&password=x")).status).toBe(401)
      })

      it("an URL-encoded token (as carried in the route) works", async () => {
        const token = await t.token("demo-student")
        const r = await t.send("GET", "/api/user/wxuserInfo", { headers: { Authorization: `Bearer ${encodeURIComponent(token)}` } })
        expect(r.status).toBe(200)
      })

      it("the dev sign-in refuses unknown or missing openids", async () => {
        expect((await t.api("POST", "/auth/dev/token", undefined, { openid: "nobody" })).status).toBe(404)
        const missing = await t.api("POST", "/auth/dev/token", undefined, {})
        expect(missing.status).toBe(400)
        expect(missing.body.success).toBe(false)
      })
    })

    describe("binding a back-office employee", () => {
      it("publicKey gives an SPKI PEM and a fresh nonce each time", async () => {
        const a = await publicKey()
        const b = await publicKey()
        expect(a.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/)
        expect(a.nonce).not.toBe(b.nonce)
      })

      it("demo-newstaff binds with phone, sealed password and openid; then getByOpen works", async () => {
        const token = await t.token("demo-newstaff")
        const before = await t.api("GET", "/auth/employee/getByOpen/demo-newstaff", token)
        expect(before.status).toBe(403)
        expect(before.body).toEqual({ success: false, message: M.notBound })

        const { password } = await sealed(DEMO_PASSWORD)
        const r = await wxlogin(token, { phone: "13900000003", password, openid: "demo-newstaff" })
        expect(r.status).toBe(200)
        expect(r.body.success).toBe(true)
        expect(r.body.token).toEqual(expect.any(String))
        expect(r.body.data).toMatchObject({ _id: "e-xiyuan-2", phone: "13900000003", openid: "demo-newstaff", worksite: { _id: "ws-xiyuan", siteCode: "XY01" } })
        expect(JSON.stringify(r.body)).not.toContain("password")

        for (const bearer of [r.body.token as string, token]) {
          const after = await t.api("GET", "/auth/employee/getByOpen/demo-newstaff", bearer)
          expect(after.status).toBe(200)
          expect(after.body.user).toMatchObject({
            _id: "e-xiyuan-2", nameZH: "刘洋", openid: "demo-newstaff", servicePhone: "020-84110001",
            worksite: { _id: "ws-xiyuan", siteCode: "XY01", shortName: "西园驿站", smsAble: true, expressCompanies: expect.arrayContaining(["ec-sf"]) }
          })
        }
        // and the staff calls now work for them
        const lookup = await t.api("GET", "/api/user/list/ws-xiyuan/0001", r.body.token)
        expect(lookup.status).toBe(200)
      })

      it("a nonce is single-use: replaying the same sealed password fails '手机号码或者密码错误'", async () => {
        const f = await fixture()
        const { password } = await sealed(f.password)
        const ok = await wxlogin(f.token, { phone: f.employee.phone, password, openid: f.user.openid })
        expect(ok.status).toBe(200)
        const replay = await wxlogin(f.token, { phone: f.employee.phone, password, openid: f.user.openid })
        expect(replay.status).toBe(401)
        expect(replay.body).toEqual({ success: false, message: M.wrong })
      })

      it("a made-up nonce, or a plain password without the nonce, fails", async () => {
        const f = await fixture()
        const { publicKey: key } = await publicKey()
        for (const plain of [JSON.stringify({ password: f.password, nonce: "made-up-nonce" }), f.password, JSON.stringify({ password: f.password })]) {
          const r = await wxlogin(f.token, { phone: f.employee.phone, password: oaep(key, plain), openid: f.user.openid })
          expect(r.status).toBe(401)
          expect(r.body).toEqual({ success: false, message: M.wrong })
        }
        const unencrypted = await wxlogin(f.token, { phone: f.employee.phone, password: f.password, openid: f.user.openid })
        expect(unencrypted.status).toBe(401)
      })

      it("PKCS#1 v1.5 encryption is refused", async () => {
        const f = await fixture()
        const { publicKey: key, nonce } = await publicKey()
        const v15 = publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(JSON.stringify({ password: f.password, nonce }))).toString("base64")
        const r = await wxlogin(f.token, { phone: f.employee.phone, password: v15, openid: f.user.openid })
        expect(r.status).toBe(401)
        expect(r.body).toEqual({ success: false, message: M.wrong })
        const still = await t.db.selectFrom("employee").select("openid").where("id", "=", f.employee.id).executeTakeFirstOrThrow()
        expect(still.openid).toBeNull()
      })

      it("a wrong password, or an unknown phone, is 401 '手机号码或者密码错误'", async () => {
        const f = await fixture()
        const wrong = await wxlogin(f.token, { phone: f.employee.phone, password: (await sealed("not-it")).password, openid: f.user.openid })
        expect(wrong.status).toBe(401)
        expect(wrong.body).toEqual({ success: false, message: M.wrong })
        const unknown = await wxlogin(f.token, { phone: "19999999999", password: (await sealed(f.password)).password, openid: f.user.openid })
        expect(unknown.status).toBe(401)
        expect(unknown.body).toEqual({ success: false, message: M.wrong })
      })

      it("validation in the spec's order: phone required, then 11 digits, then password (400)", async () => {
        const f = await fixture()
        const cases: Array<[Record<string, string>, string]> = [
          [{}, M.phoneRequired],
          [{ password: "x" }, M.phoneRequired],
          [{ phone: "" , password: "" }, M.phoneRequired],
          [{ phone: "123" }, M.phoneFormat],
          [{ phone: "139000000031", password: "x" }, M.phoneFormat],
          [{ phone: f.employee.phone }, M.passwordRequired],
          [{ phone: f.employee.phone, password: "" }, M.passwordRequired]
        ]
        for (const [query, message] of cases) {
          const r = await wxlogin(f.token, query)
          expect(r.status, JSON.stringify(query)).toBe(400)
          expect(r.body).toEqual({ success: false, message })
        }
      })

      it("five failures in a row → 429, even with the right password afterwards", async () => {
        const f = await fixture()
        for (let i = 0; i < 5; i++) {
          const r = await wxlogin(f.token, { phone: f.employee.phone, password: (await sealed(`wrong-${i}`)).password, openid: f.user.openid })
          expect(r.status).toBe(401)
        }
        const locked = await wxlogin(f.token, { phone: f.employee.phone, password: (await sealed(f.password)).password, openid: f.user.openid })
        expect(locked.status).toBe(429)
        expect(locked.body.success).toBe(false)
        expect(locked.body.message).toEqual(expect.any(String))
        const still = await t.db.selectFrom("employee").select("openid").where("id", "=", f.employee.id).executeTakeFirstOrThrow()
        expect(still.openid).toBeNull()
        // another employee's phone is not locked
        const g = await fixture()
        expect((await wxlogin(g.token, { phone: g.employee.phone, password: (await sealed(g.password)).password, openid: g.user.openid })).status).toBe(200)
      })

      it("binding another caller's openid is refused (403), as is an employee already bound to someone else (409)", async () => {
        const f = await fixture()
        const other = await wxlogin(f.token, { phone: f.employee.phone, password: (await sealed(f.password)).password, openid: "demo-staff" })
        expect(other.status).toBe(403)
        expect(other.body.success).toBe(false)
        const taken = await wxlogin(f.token, { phone: "13900000001", password: (await sealed(DEMO_PASSWORD)).password, openid: f.user.openid })
        expect(taken.status).toBe(409)
        expect(taken.body.success).toBe(false)
        const row = await t.db.selectFrom("employee").select("openid").where("phone", "=", "13900000001").executeTakeFirstOrThrow()
        expect(row.openid).toBe("demo-staff")
      })

      it("a caller who holds one account is refused a second (409 '你的微信已绑定其他后台账号'), also when six binds come at once", async () => {
        const f = await fixture()
        const second = await newEmployee(t.db, f.password)
        expect((await wxlogin(f.token, { phone: f.employee.phone, password: (await sealed(f.password)).password, openid: f.user.openid })).status).toBe(200)
        const refused = await wxlogin(f.token, { phone: second.phone, password: (await sealed(f.password)).password, openid: f.user.openid })
        expect([refused.status, refused.body.message]).toEqual([409, "你的微信已绑定其他后台账号"])

        // one requester's attempts take turns (the login guard's lock), so the binds at once meet the refusal one by one
        const g = await fixture()
        const accounts = [g.employee, ...await Promise.all([1, 2, 3, 4, 5].map(() => newEmployee(t.db, g.password)))]
        const passwords = await Promise.all(accounts.map(() => sealed(g.password)))
        const answers = await Promise.all(accounts.map((a, i) => wxlogin(g.token, { phone: a.phone, password: passwords[i]!.password, openid: g.user.openid })))
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409])
        expect(new Set(answers.filter((a) => a.status === 409).map((a) => a.body.message))).toEqual(new Set(["你的微信已绑定其他后台账号"]))
        const held = await t.db.selectFrom("employee").select("id").where("openid", "=", g.user.openid).execute()
        expect(held).toHaveLength(1)
      })

      it("getByOpen of someone else's openid is refused for a non-admin", async () => {
        const staff = await t.token("demo-staff")
        const mine = await t.api("GET", "/auth/employee/getByOpen/demo-staff", staff)
        expect(mine.status).toBe(200)
        const theirs = await t.api("GET", "/auth/employee/getByOpen/demo-staff-dy", staff)
        expect(theirs.status).toBe(403)
        expect(theirs.body.success).toBe(false)
      })
    })
  })
}

/**
 * A session lasts 7 days by the service's clock: the clock it is issued by, the one `/api` checks it by and the one the
 * scheduler purges it by. (They once differed: a session issued by the wall clock was purged by the service's.)
 */
describe("a session's 7 days are counted by the service's clock [pglite]", () => {
  const moved = { ms: 0 }
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp("pglite", { clock: () => new Date(Date.now() + moved.ms) })
  })
  afterAll(async () => {
    await t?.close()
  })

  it("is valid for 7 days of the service's clock and refused after them, as the purge job deletes it", async () => {
    const token = await t.token("demo-student")
    const row = await t.db.selectFrom("session").select(["created_at", "expires_at"]).orderBy("created_at", "desc").executeTakeFirstOrThrow()
    expect(Math.abs(row.created_at.getTime() - t.runtime.now().getTime())).toBeLessThan(60_000)
    moved.ms = SESSION_TTL_MS - 60 * 60_000
    expect((await t.api("GET", "/api/user/wxuserInfo", token)).status).toBe(200)
    moved.ms = SESSION_TTL_MS + 60_000
    await new Promise((resolve) => setTimeout(resolve, 5_100)) // past the lookup cache's few seconds
    expect(await t.api("GET", "/api/user/wxuserInfo", token)).toMatchObject({ status: 401, body: { message: M.tokenMissing } })
    expect(await jobNamed("purge-sessions")!.run(t.runtime, t.runtime.now())).toMatchObject({ sessions: expect.any(Number) })
    expect(await t.db.selectFrom("session").select("token_hash").where("expires_at", ">", t.runtime.now()).execute()).toEqual([])
    const again = await t.token("demo-student")
    expect((await t.api("GET", "/api/user/wxuserInfo", again)).status).toBe(200)
  }, 60_000)
})
