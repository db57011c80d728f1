/**
 * Limits against abuse: SMS pumping (per account, per client address, per phone and requesting
 * account, per phone whoever asks), sign-in nonces (rate and expiry), staff binding attempts (real mismatches, per requester),
 * the receiver lookup by last 4 digits, and no caching of tokens and personal data.
 */
import { constants, publicEncrypt, randomBytes } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RATE_LIMITS } from "#adapters/http/server"
import { TOO_MANY_REQUESTS } from "#adapters/http/rate-limit"
import { pngWithText } from "#adapters/ocr/png-text"
import { DEMO_PASSWORD } from "#adapters/postgres/seed"
import { NONCE_TTL_MS, purgeExpiredLoginRows } from "#adapters/security/login-nonces"
import { CAPTCHA_RULES, messages as phoneMessages } from "#src/profile/phone"
import { startOfShanghaiDay } from "#src/shared/time"
import { LOGIN_ATTEMPTS, messages as staffMessages } from "#src/staff/employee"
import { backends, newEmployee, newUser, shanghaiNoonClock, startTestApp, uniquePhone, type TestApp } from "../support/test-app"

let addressSequence = 0
/** A client address of its own (the app trusts X-Forwarded-For from loopback), so address counts stay per test. */
const newAddress = () => `203.0.113.${++addressSequence}`
const from = (address: string) => ({ "X-Forwarded-For": address })

const oaep = (publicKey: string, plain: string) =>
  publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(plain)).toString("base64")

describe.each(backends)("abuse limits (%s)", (backend) => {
  let t: TestApp
  beforeAll(async () => { t = await startTestApp(backend) })
  afterAll(async () => { await t?.close() })

  const student = async () => {
    const user = await newUser(t.db)
    return { ...user, token: await t.token(user.openid) }
  }
  const askCode = (token: string, phone: string, address: string) => t.api("GET", `/api/user/phoneCaptcha/${phone}`, token, undefined, from(address))
  const smsTo = async (phones: ReadonlyArray<string>) =>
    (await t.db.selectFrom("outbox").select("recipient").where("template", "=", "captcha").where("recipient", "in", phones).execute()).length

  describe("SMS codes", () => {
    it("30 numbers from one account at once queue only the account's 5 SMS; the rest are 429", async () => {
      const u = await student()
      const address = newAddress()
      const phones = Array.from({ length: 30 }, () => uniquePhone())
      const answers = await Promise.all(phones.map((phone) => askCode(u.token, phone, address)))
      expect(answers.filter((r) => r.status === 200)).toHaveLength(CAPTCHA_RULES.perAccount.max)
      const refused = answers.filter((r) => r.status !== 200)
      expect(refused).toHaveLength(30 - CAPTCHA_RULES.perAccount.max)
      for (const r of refused) expect(r).toMatchObject({ status: 429, body: { success: false, message: phoneMessages.captchaTooOften } })
      expect(await smsTo(phones)).toBe(CAPTCHA_RULES.perAccount.max)
    })

    it("a stranger's codes for someone's number use up the stranger's own day, and count towards the number's hour", async () => {
      // counted per Shanghai day: on an app whose clock reads that day's noon, so that the morning is behind it
      const shared = t
      const clock = shanghaiNoonClock()
      t = await startTestApp(backend, { clock })
      try {
        const [owner, stranger, third] = [await student(), await student(), await student()]
        const phone = uniquePhone()
        // the stranger has had the day's 10 codes for the number: 4 in the last hour (the last 11 minutes ago, past the
        // gap and the account window), 6 earlier in the morning
        const now = clock().getTime()
        const issued = [
          ...Array.from({ length: CAPTCHA_RULES.perPhone.max - 1 }, (_, i) => now - 11 * 60_000 - i * 1000),
          ...Array.from({ length: CAPTCHA_RULES.perPhonePerDay - CAPTCHA_RULES.perPhone.max + 1 }, (_, i) => now - 2 * 3_600_000 - i * 1000)
        ]
        expect(issued.every((at) => at >= startOfShanghaiDay(new Date(now)).getTime())).toBe(true)
        await t.db.insertInto("captcha").values(issued.map((at) => ({ user_id: stranger.id, phone, code_hash: "x", issued_at: new Date(at), client: newAddress() }))).execute()
        expect(await askCode(stranger.token, phone, newAddress())).toMatchObject({ status: 429, body: { message: phoneMessages.captchaDaily } })
        // the owner gets the number's fifth code of the hour; then nobody gets a sixth
        const mine = await askCode(owner.token, phone, newAddress())
        expect(mine.status, JSON.stringify(mine.body)).toBe(200)
        expect(await askCode(third.token, phone, newAddress())).toMatchObject({ status: 429, body: { success: false, message: phoneMessages.captchaPhoneTooOften } })
        // nor does a stranger's request hold up the owner's resend countdown
        const other = uniquePhone()
        expect((await askCode(stranger.token, other, newAddress())).status).toBe(200)
        expect((await askCode(owner.token, other, newAddress())).status).toBe(200)
        expect(await smsTo([phone, other])).toBe(3)
      } finally {
        await t.close()
        t = shared
      }
    })

    it(`one phone gets ${CAPTCHA_RULES.perPhone.max} codes an hour whatever the number of accounts asking at once; another phone is not held up`, async () => {
      const accounts = await Promise.all(Array.from({ length: 12 }, () => student()))
      const phone = uniquePhone()
      const answers = await Promise.all(accounts.map((u) => askCode(u.token, phone, newAddress())))
      expect(answers.filter((r) => r.status === 200)).toHaveLength(CAPTCHA_RULES.perPhone.max)
      const refused = answers.filter((r) => r.status !== 200)
      expect(refused).toHaveLength(accounts.length - CAPTCHA_RULES.perPhone.max)
      for (const r of refused) expect(r).toMatchObject({ status: 429, body: { success: false, message: "该手机号获取验证码过于频繁，请稍后再试" } })
      expect(await smsTo([phone])).toBe(CAPTCHA_RULES.perPhone.max)
      // a refused account may still ask for a code for its own number
      const refusedAccount = accounts[answers.findIndex((r) => r.status === 429)]!
      expect((await askCode(refusedAccount.token, uniquePhone(), newAddress())).status).toBe(200)
    })

    it(`one client address gets ${CAPTCHA_RULES.perAddress.max} codes an hour, whatever the accounts; another address is not held up`, async () => {
      const address = newAddress()
      const perAccount = CAPTCHA_RULES.perAccount.max
      const accounts = await Promise.all(Array.from({ length: CAPTCHA_RULES.perAddress.max / perAccount }, () => student()))
      for (const u of accounts) {
        for (let i = 0; i < perAccount; i++) expect((await askCode(u.token, uniquePhone(), address)).status).toBe(200)
      }
      const fresh = await student()
      const refused = await askCode(fresh.token, uniquePhone(), address)
      expect(refused).toMatchObject({ status: 429, body: { success: false, message: phoneMessages.captchaTooOften } })
      expect((await askCode(fresh.token, uniquePhone(), newAddress())).status).toBe(200)
      const stored = await t.db.selectFrom("captcha").select("id").where("client", "=", address).execute()
      expect(stored).toHaveLength(CAPTCHA_RULES.perAddress.max)
    })
  })

  describe("sign-in nonces", () => {
    it(`${RATE_LIMITS.publicKeyPerAddress.max} public-key nonces a minute per client address, then 429; another address is served`, async () => {
      const address = newAddress()
      for (let i = 0; i < RATE_LIMITS.publicKeyPerAddress.max; i++) {
        expect((await t.api("GET", "/auth/employee/publicKey", undefined, undefined, from(address))).status).toBe(200)
      }
      const refused = await t.api("GET", "/auth/employee/publicKey", undefined, undefined, from(address))
      expect(refused.status).toBe(429)
      expect(refused.body).toEqual({ success: false, message: TOO_MANY_REQUESTS })
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0)
      expect((await t.api("GET", "/auth/employee/publicKey", undefined, undefined, from(newAddress()))).status).toBe(200)
    })

    it("issuing a nonce clears expired ones; the purge deletes every expired nonce and stale failure", async () => {
      const now = Date.now()
      const expired = Array.from({ length: 5 }, (_, i) => ({ nonce: `expired-${randomBytes(6).toString("hex")}-${i}`, expires_at: new Date(now - 1000 - i) }))
      const live = { nonce: `live-${randomBytes(6).toString("hex")}`, expires_at: new Date(now + NONCE_TTL_MS) }
      await t.db.insertInto("login_nonce").values([...expired, live]).execute()
      const issued = await t.api("GET", "/auth/employee/publicKey", undefined, undefined, from(newAddress()))
      expect(issued.status).toBe(200)
      const left = (await t.db.selectFrom("login_nonce").select(["nonce", "expires_at"]).execute())
      expect(left.filter((n) => n.expires_at.getTime() <= Date.now())).toEqual([])
      expect(left.map((n) => n.nonce)).toEqual(expect.arrayContaining([live.nonce, issued.body.data.nonce]))

      await t.db.insertInto("login_nonce").values({ nonce: `expired-${randomBytes(6).toString("hex")}`, expires_at: new Date(now - 1), used_at: new Date(now - 5000) }).execute()
      await t.db.insertInto("login_failure").values([
        { requester: "it-old", phone: uniquePhone(), at: new Date(now - LOGIN_ATTEMPTS.windowMs - 1000) },
        { requester: "it-recent", phone: uniquePhone(), at: new Date(now) }
      ]).execute()
      const purged = await purgeExpiredLoginRows(t.db, new Date(now))
      expect(purged.nonces).toBeGreaterThanOrEqual(1)
      expect(purged.failures).toBeGreaterThanOrEqual(1)
      expect(await t.db.selectFrom("login_nonce").select("nonce").where("expires_at", "<=", new Date(now)).execute()).toEqual([])
      const failures = await t.db.selectFrom("login_failure").select("requester").where("requester", "in", ["it-old", "it-recent"]).execute()
      expect(failures).toEqual([{ requester: "it-recent" }])
    })
  })

  describe("binding a back-office employee", () => {
    const sealed = async (password: string) => {
      const r = await t.api("GET", "/auth/employee/publicKey", undefined, undefined, from(newAddress()))
      const { publicKey, nonce } = r.body.data as { publicKey: string; nonce: string }
      return oaep(publicKey, JSON.stringify({ password, nonce }))
    }
    const wxlogin = (token: string, query: Record<string, string>) => t.api("GET", `/auth/employee/wxlogin?${new URLSearchParams(query)}`, token)

    it("passwords that do not decrypt, or carry no fresh nonce, lock no one out", async () => {
      const stranger = await student()
      const owner = await student()
      const employee = await newEmployee(t.db, "owner-pass")
      const replayed = await sealed("guess")
      await wxlogin(stranger.token, { phone: employee.phone, password: replayed, openid: stranger.openid })
      const junk = [randomBytes(256).toString("base64"), "AAAA", "not base64 at all", replayed, replayed, replayed]
      for (const password of junk) {
        const r = await wxlogin(stranger.token, { phone: employee.phone, password, openid: stranger.openid })
        expect(r).toMatchObject({ status: 401, body: { message: staffMessages.wrongCredentials } })
      }
      const bound = await wxlogin(owner.token, { phone: employee.phone, password: await sealed("owner-pass"), openid: owner.openid })
      expect(bound.status, JSON.stringify(bound.body)).toBe(200)
    })

    it("five wrong passwords lock out the one who sent them, not the employee's owner", async () => {
      const stranger = await student()
      const owner = await student()
      const employee = await newEmployee(t.db, "owner-pass")
      for (let i = 0; i < LOGIN_ATTEMPTS.max; i++) {
        const r = await wxlogin(stranger.token, { phone: employee.phone, password: await sealed(`guess-${i}`), openid: stranger.openid })
        expect(r.status).toBe(401)
      }
      const locked = await wxlogin(stranger.token, { phone: employee.phone, password: await sealed("owner-pass"), openid: stranger.openid })
      expect(locked).toMatchObject({ status: 429, body: { success: false, message: staffMessages.tooManyAttempts } })
      // the stranger is locked out of every phone, having guessed at one
      const elsewhere = await newEmployee(t.db, "other-pass")
      expect((await wxlogin(stranger.token, { phone: elsewhere.phone, password: await sealed("other-pass"), openid: stranger.openid })).status).toBe(429)
      const bound = await wxlogin(owner.token, { phone: employee.phone, password: await sealed("owner-pass"), openid: owner.openid })
      expect(bound.status, JSON.stringify(bound.body)).toBe(200)
    })

    it("parallel wrong guesses from one requester count one after another: at most five are tried", async () => {
      const stranger = await student()
      const employee = await newEmployee(t.db, "owner-pass")
      const passwords = await Promise.all(Array.from({ length: 12 }, (_, i) => sealed(`guess-${i}`)))
      const answers = await Promise.all(passwords.map((password) => wxlogin(stranger.token, { phone: employee.phone, password, openid: stranger.openid })))
      expect(answers.filter((r) => r.status === 401)).toHaveLength(LOGIN_ATTEMPTS.max)
      expect(answers.filter((r) => r.status === 429)).toHaveLength(12 - LOGIN_ATTEMPTS.max)
    })
  })

  describe("receiver lookup by the last 4 digits", () => {
    it(`${RATE_LIMITS.receiverLookupPerAccount.max} lookups a minute per staff account, then 429; another staff account is served`, async () => {
      const staff = await t.token("demo-staff")
      for (let i = 0; i < RATE_LIMITS.receiverLookupPerAccount.max; i++) {
        expect((await t.api("GET", `/api/user/list/ws-xiyuan/${String(i).padStart(4, "0")}`, staff)).status).toBe(200)
      }
      const refused = await t.api("GET", "/api/user/list/ws-xiyuan/0001", staff)
      expect(refused).toMatchObject({ status: 429, body: { success: false, message: TOO_MANY_REQUESTS } })
      // a new session of the same account is the same account
      expect((await t.api("GET", "/api/user/list/ws-xiyuan/0001", await t.token("demo-staff"))).status).toBe(429)
      expect((await t.api("GET", "/api/user/list/ws-dongyuan/0001", await t.token("demo-staff-dy"))).status).toBe(200)
    })
  })

  describe("caching", () => {
    it("token answers and every /api and /auth answer are no-store; /sign images are private", async () => {
      const tokenAnswer = await t.api("POST", "/auth/dev/token", undefined, { openid: "demo-student" })
      expect(tokenAnswer.status).toBe(200)
      expect(tokenAnswer.headers.get("cache-control")).toBe("no-store")
      const token = tokenAnswer.body.token as string

      const owner = await student()
      const employee = await newEmployee(t.db, "pass-1")
      const r = await t.api("GET", "/auth/employee/publicKey", undefined, undefined, from(newAddress()))
      const password = oaep(r.body.data.publicKey, JSON.stringify({ password: "pass-1", nonce: r.body.data.nonce }))
      const bound = await t.api("GET", `/auth/employee/wxlogin?${new URLSearchParams({ phone: employee.phone, password, openid: owner.openid })}`, owner.token)
      expect(bound.status).toBe(200)
      expect(bound.body.token).toEqual(expect.any(String))
      expect(bound.headers.get("cache-control")).toBe("no-store")

      for (const [path, status] of [["/api/user/wxuserInfo", 200], ["/api/no-such-call", 404], ["/auth/employee/getByOpen/demo-staff", 403]] as const) {
        const a = await t.api("GET", path, token)
        expect(a.status, path).toBe(status)
        expect(a.headers.get("cache-control"), path).toBe("no-store")
      }
      expect((await t.api("GET", "/api/user/wxuserInfo")).headers.get("cache-control")).toBe("no-store")
      expect(r.headers.get("cache-control")).toBe("no-store")

      const form = new FormData()
      form.append("fileVal", new Blob([new Uint8Array(pngWithText({}))]), "a.png")
      const upload = await fetch(`${t.url}/api/upload/uploadFile`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form })
      expect(upload.status).toBe(201)
      const { url } = ((await upload.json()) as { data: { url: string } }).data
      const image = await fetch(`${t.url}${url}`)
      expect(image.status).toBe(200)
      expect(image.headers.get("cache-control")).toMatch(/^private, max-age=\d+/)
      expect(image.headers.get("cache-control")).not.toContain("public")
    })
  })
})
