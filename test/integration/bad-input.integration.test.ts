/**
 * Bad input never reaches a 500: for every call that takes a body or parameters, missing fields,
 * wrong types, huge and negative numbers, 10k-character strings, NUL and other unicode junk,
 * invalid or oversized JSON and someone else's token are all refused with a 4xx and
 * `{ success: false, message }` — and refusals write nothing.
 * Runs on PGlite, and on real Postgres when TEST_DATABASE_URL is set.
 */
import { fc } from "@fast-check/vitest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  backends, checkInPayload, countPeoplesOperations, countRows, ledgerMismatches, newUser, startTestApp, unique, type ApiAnswer, type TestApp
} from "../support/test-app"

const TEN_K = "字".repeat(10_000)
/** 10k CJK characters that do not compress (a repeated character would). */
const TEN_K_RANDOM = Array.from({ length: 10_000 }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7919 + 13) % 20_000))).join("")
const DEEP_ARRAY = "[".repeat(20_000) + "]".repeat(20_000)
const DEEP_OBJECT = '{"a":'.repeat(5_000) + "1" + "}".repeat(5_000)

/** Values that are never a valid string field. */
const NOT_STRINGS: ReadonlyArray<readonly [string, unknown]> = [
  ["null", null], ["true", true], ["false", false], ["[]", []], ["['x']", ["x"]], ["{}", {}], ["{a:1}", { a: 1 }],
  ["''", ""], ["'   '", "   "], ["10k chars", TEN_K], ["10k random chars", TEN_K_RANDOM], ["NUL", "\u0000"], ["x NUL y", "x\u0000y"]
]
/** Numbers, which the loose decoding may read as text: refused or accepted, never a 500. */
const NUMBERS: ReadonlyArray<readonly [string, unknown]> = [
  ["0", 0], ["-1", -1], ["1.5", 1.5], ["1e308", 1e308], ["2**53", 2 ** 53], ["-(2**53)", -(2 ** 53)]
]
const UNICODE_JUNK = ["💩", "\u202e\u0645", "ｱ", "\ud800", "\uffff", "𝕏".repeat(300), "%", "../../etc/passwd", "' or 1=1 --", "<script>alert(1)</script>"]

/** Path-parameter junk, already URL-encoded. */
const PATH_JUNK = [
  "%00", "a%00b", "%F0%9F%92%A9", "%E2%80%AE%D9%85", "%ED%A0%80", "%E0%A4%A", "%25", "%20", "..%2F..%2Fetc", "null", "undefined",
  "-1", "1e308", "9007199254740993", "NaN", "Infinity", "%5B%5D", "%7B%7D", "x".repeat(5_000), encodeURIComponent(TEN_K_RANDOM.slice(0, 300))
]

const INVALID_JSON = ["{", "{money:1}", "{'a':1}", "[1,]", "undefined", "NaN", "{}x", "1", '"text"', "null", "true", "\u0000"]

const expectRefused = (r: ApiAnswer, label: string) => {
  expect(r.status, `${label} → ${r.status} ${JSON.stringify(r.body)?.slice(0, 200)}`).toBeGreaterThanOrEqual(400)
  expect(r.status, label).toBeLessThan(500)
  expect(r.body, label).toEqual({ success: false, message: expect.any(String) })
  expect((r.body as { message: string }).message.length, label).toBeGreaterThan(0)
}

/** A read that may tolerate junk (an empty list, page 1), but is never a 5xx and always well-formed. */
const expectNoServerError = (r: ApiAnswer, label: string) => {
  expect(r.status, `${label} → ${r.status} ${JSON.stringify(r.body)?.slice(0, 200)}`).toBeLessThan(500)
  if (r.status >= 400) expectRefused(r, label)
  else expect(r.body?.success, label).toBe(true)
}

for (const backend of backends) {
  describe(`bad input never gets a 5xx [${backend}]`, () => {
    let t: TestApp
    let staff: string
    let staffDy: string
    let student: string
    let admin: string
    /** A user without points: scoreToMoney ignores its body, so with no points it is refused whatever the body. */
    let pointless: string
    let parcel: { id: string; expressNo: string; storageNo: string; tag: string }

    beforeAll(async () => {
      t = await startTestApp(backend)
      ;[staff, staffDy, student, admin] = await Promise.all([t.token("demo-staff"), t.token("demo-staff-dy"), t.token("demo-student"), t.token("demo-admin")])
      pointless = await t.token((await newUser(t.db, { money: 0, activeScore: 0 })).openid)
      const expressNo = unique("SF")
      const r = await t.api("POST", "/api/expressTosend", staff, checkInPayload({ expressNo, storageNo: "Q-01" }))
      expect(r.status).toBe(201)
      const row = await t.db.selectFrom("parcel").selectAll().where("express_no", "=", expressNo).executeTakeFirstOrThrow()
      parcel = { id: row.id, expressNo, storageNo: "Q-01", tag: String(row.tag).padStart(4, "0") }
    })
    afterAll(async () => {
      await t?.close()
    })

    const rowCounts = async () => ({
      parcel: await countRows(t.db, "parcel"),
      withdrawal: await countRows(t.db, "withdrawal"),
      ledger: await countRows(t.db, "ledger"),
      outbox: await countRows(t.db, "outbox"),
      opsLog: await countPeoplesOperations(t.db)
    })
    const parcelStatus = async () => (await t.db.selectFrom("parcel").select("status").where("id", "=", parcel.id).executeTakeFirstOrThrow()).status

    describe("POST /api/takecash", () => {
      it("missing money, wrong types, huge, negative and fractional amounts, junk strings → 4xx, nothing written", async () => {
        const u = await newUser(t.db, { money: 50_000 })
        const token = await t.token(u.openid)
        const before = await rowCounts()
        const bodies: Array<[string, unknown]> = [
          ["{}", {}], ["[]", []], ["[{money:1000}]", [{ money: 1000 }]], ["{ other: 1000 }", { other: 1000 }],
          ...[...NOT_STRINGS, ...NUMBERS, ["-5", -5], ["99", 99], ["500001", 500_001], ["1e-9", 1e-9]].map(([l, v]) => [`money ${l}`, { money: v }] as [string, unknown]),
          ...UNICODE_JUNK.map((s) => [`money ${JSON.stringify(s)}`, { money: s }] as [string, unknown]),
          ["money '1000' with NUL", { money: "1000\u0000" }]
        ]
        for (const [label, body] of bodies) expectRefused(await t.api("POST", "/api/takecash", token, body), label)
        expect(await rowCounts()).toEqual(before)
      })
    })

    describe("POST /api/expressTosend", () => {
      const required = ["expressCompany", "storageNo", "expressNo", "weight", "receiverPhone"] as const
      const optional = ["worksite", "receiver", "receiverId"] as const

      it.each(required)("%s: missing or not a usable string → 4xx, nothing written", async (field) => {
        const before = await rowCounts()
        const { [field]: _drop, ...without } = checkInPayload()
        expectRefused(await t.api("POST", "/api/expressTosend", staff, without), `${field} missing`)
        for (const [label, value] of NOT_STRINGS) {
          expectRefused(await t.api("POST", "/api/expressTosend", staff, checkInPayload({ [field]: value })), `${field} ${label}`)
        }
        expect(await rowCounts()).toEqual(before)
      })

      it.each([...required, ...optional])("%s: numbers and unicode junk → refused or accepted, never a 5xx", async (field) => {
        for (const [label, value] of [...NUMBERS, ...UNICODE_JUNK.map((s) => [JSON.stringify(s), s] as const)]) {
          const before = await rowCounts()
          const r = await t.api("POST", "/api/expressTosend", staff, checkInPayload({ [field]: value }))
          expectNoServerError(r, `${field} ${label}`)
          const after = await rowCounts()
          if (r.status === 201) expect(after.parcel, `${field} ${label}`).toBe(before.parcel + 1)
          else expect(after, `${field} ${label}`).toEqual(before)
        }
      })

      it.each(optional)("%s: wrong types are ignored or refused; 10k characters and NUL are refused", async (field) => {
        for (const [label, value] of NOT_STRINGS) {
          const before = await rowCounts()
          const r = await t.api("POST", "/api/expressTosend", staff, checkInPayload({ [field]: value }))
          if (typeof value === "string" && (value.length > 1_000 || value.includes("\u0000"))) expectRefused(r, `${field} ${label}`)
          else expectNoServerError(r, `${field} ${label}`)
          if (r.status !== 201) expect(await rowCounts(), `${field} ${label}`).toEqual(before)
        }
      })

      it("a body that is not an object → 4xx", async () => {
        for (const body of [[], [checkInPayload()], [1, 2, 3]]) expectRefused(await t.api("POST", "/api/expressTosend", staff, body), JSON.stringify(body).slice(0, 40))
      })
    })

    describe("PUT /api/expressTosend/takepart", () => {
      const base = { worksiteCode: "XY01", expressNo: "NO-SUCH-PARCEL", storageNo: "A-01", signOpenid: "demo-student", tag: "0001", isPaotui: false }
      it("junk in every field → 4xx", async () => {
        expectRefused(await t.api("PUT", "/api/expressTosend/takepart", staff, {}), "{}")
        for (const field of Object.keys(base)) {
          for (const [label, value] of [...NOT_STRINGS, ...NUMBERS]) {
            expectRefused(await t.api("PUT", "/api/expressTosend/takepart", staff, { ...base, [field]: value }), `${field} ${label}`)
          }
        }
      })

      it("a real parcel with a junk tag (text, huge, negative, fractional) → 4xx and the parcel stays", async () => {
        const real = { worksiteCode: "XY01", expressNo: parcel.expressNo, storageNo: parcel.storageNo, signOpenid: "demo-student", isPaotui: false }
        for (const tag of ["abc", "1e308", "9".repeat(400), "-1", "0", "1.5", "99999", "2147483648", "NaN", "Infinity", " ", 1e308, -(2 ** 53)]) {
          expectRefused(await t.api("PUT", "/api/expressTosend/takepart", staff, { ...real, tag }), `tag ${String(tag).slice(0, 20)}`)
        }
        expect(await parcelStatus()).toBe(0)
      })
    })

    describe("PUT /api/expressTosend/proxy/updateAgent", () => {
      it("junk in every field → 4xx, and the parcel keeps no agent", async () => {
        const base = { toTakeId: parcel.id, agentPhone: "13800000002" }
        expectRefused(await t.api("PUT", "/api/expressTosend/proxy/updateAgent", student, {}), "{}")
        for (const field of Object.keys(base)) {
          for (const [label, value] of NOT_STRINGS) {
            expectRefused(await t.api("PUT", "/api/expressTosend/proxy/updateAgent", student, { ...base, [field]: value }), `${field} ${label}`)
          }
        }
        expectRefused(await t.api("PUT", "/api/expressTosend/proxy/updateAgent", await t.token("demo-runner"), base), "someone else's parcel")
        expect(await parcelStatus()).toBe(0)
      })
    })

    describe("GET /api/expressTosend/checkqr", () => {
      it("junk queries → 4xx", async () => {
        const queries = [
          "", "qr=", "qr=%00", "qr=%5B1%5D", "qr=1e400", "qr=%22text%22", `qr=${encodeURIComponent(JSON.stringify({ ex: [], en: {}, sn: null, tag: 1, ts: "x", sig: 5 }))}`,
          `qr=${encodeURIComponent(DEEP_ARRAY.slice(0, 2_000) + DEEP_ARRAY.slice(-2_000))}`,
          "ex=a&en=%00&sn=b&roid=c&re=d&rp=e&tag=1&ts=1&sig=x", "ex=a&ex=b&en=c&sn=d&roid=e&re=f&rp=g&tag=h&ts=1&ts=2&sig=i",
          "ex=a&en=b&sn=c&roid=d&re=e&rp=f&tag=abc&ts=1e308&sig=x", `ex=${"x".repeat(5_000)}&en=b&sn=c&roid=d&re=e&rp=f&tag=1&ts=1&sig=x`,
          "ex=%F0%9F%92%A9&en=%E0%A4%A&sn=c", `en=${parcel.expressNo}&sn=${parcel.storageNo}&tag=${parcel.tag}&roid=demo-student&ex=x&re=x&rp=x&ts=1&sig=forged`
        ]
        for (const q of queries) expectRefused(await t.api("GET", `/api/expressTosend/checkqr?${q}`, staff), `checkqr ?${q.slice(0, 60)}`)
      })
    })

    describe("path parameters with junk", () => {
      it.each(PATH_JUNK.map((p) => [p.slice(0, 40), p]))("%s", async (_label, junk) => {
        const refused: Array<[string, string, string]> = [
          ["PUT", `/api/money/scoreToMoney/${junk}`, student],
          ["GET", `/api/expressTosend/getById/${junk}`, student],
          ["GET", `/api/user/list/ws-xiyuan/${junk}`, staff],
          ["GET", `/api/user/list/${junk}/0001`, staff],
          ["GET", `/auth/employee/getByOpen/${junk}`, student],
          ["GET", `/auth/employee/getByOpen/${junk}`, admin],
          ["GET", `/api/user/wxuserInfo/${junk}`, student],
          ["PUT", `/api/expressTosend/takepartBySelf/${junk}`, student],
          ["PUT", `/api/expressTosend/proxy/refuseAgent/${junk}`, student],
          ["PUT", `/api/expressTosend/proxy/cancelAgent/${junk}`, student],
          ["GET", `/api/box/openFromWX/${junk}`, student],
          ["GET", `/api/expressTosend/paysafekeep/${junk}`, student],
          ["GET", `/api/wx/paysign?package=${junk}`, student],
          ["GET", `/api/wx/paysign?package=prepay_id=${junk}`, student],
          ["GET", `/auth/employee/getByUnionid/${junk}`, staff],
          ["GET", `/auth/employee/getByUnionid/${junk}`, student]
        ]
        const before = await rowCounts()
        for (const [method, path, token] of refused) expectRefused(await t.api(method, path, token), `${method} ${path.slice(0, 80)}`)
        const tolerated: Array<[string, string]> = [
          [`/api/money/wxlist/${junk}`, student],
          [`/api/dict/detail/${junk}`, staff],
          [`/api/expressCompany/list?_id=${junk}`, staff],
          [`/api/expressCompany/list?_id=ec-sf,${junk}`, staff],
          [`/api/takecash/wxlist?pageNo=${junk}`, student],
          [`/api/money/wxlist/0?pageNo=${junk}`, student],
          [`/api/expressTosend/pagingForFontend?statusStr=${junk}&pageNo=${junk}`, student],
          [`/api/wx/jsconfig?url=${junk}`, student],
          [`/api/wx/jsconfig?url=http://${junk}`, student],
          [`/api/user/wxuserInfoForTotakeList?x=${junk}`, student],
          [`/api/expressTosend/toreturn?worksiteId=${junk}&expressCompanyId=${junk}`, staff],
          [`/api/expressTosend/toreturn?expressCompanyId=${junk}`, staff]
        ]
        for (const [path, token] of tolerated) expectNoServerError(await t.api("GET", path, token), `GET ${path.slice(0, 80)}`)
        expect(await rowCounts()).toEqual(before)
      })
    })

    describe("GET /auth/employee/wxlogin and POST /auth/dev/token", () => {
      it("junk phone, password and openid → 4xx, and no employee gets bound", async () => {
        const u = await newUser(t.db)
        const token = await t.token(u.openid)
        const junk = ["", "%00", "1390000000%00", "%F0%9F%92%A9".repeat(3), "x".repeat(5_000), "139000000%E0%A4%A", "1e308", "-1"]
        for (const phone of [...junk, "13900000003"]) {
          for (const password of junk) {
            const r = await t.api("GET", `/auth/employee/wxlogin?phone=${phone}&password=${password}&openid=${u.openid}`, token)
            expectRefused(r, `phone=${phone.slice(0, 20)} password=${password.slice(0, 20)}`)
          }
        }
        for (const openid of junk) {
          expectRefused(await t.api("GET", `/auth/employee/wxlogin?phone=13900000003&password=x&openid=${openid}`, token), `openid=${openid.slice(0, 20)}`)
        }
        expectRefused(await t.api("GET", "/auth/employee/wxlogin?phone=1&phone=2&password=a&password=b", token), "repeated keys")
        const bound = await t.db.selectFrom("employee").select("id").where("openid", "=", u.openid).execute()
        expect(bound).toHaveLength(0)
      })

      it("dev token: junk openids → 4xx", async () => {
        for (const [label, openid] of [...NOT_STRINGS, ...NUMBERS, ...UNICODE_JUNK.map((s) => [s, s] as const)]) {
          expectRefused(await t.api("POST", "/auth/dev/token", undefined, { openid }), `openid ${label}`)
        }
        expectRefused(await t.api("POST", "/auth/dev/token", undefined, {}), "{}")
      })
    })

    describe("the calls of issue 7 (fee payment, returns, the receiver's parcels)", () => {
      const payCounts = async () => {
        const trades = await t.db.selectFrom("pay_trade").select("status").execute()
        return { ...(await rowCounts()), trades: trades.length, paid: trades.filter((r) => r.status === "paid").length }
      }

      it("payNotify: junk in every field of a real notice, or instead of it → 4xx, nothing paid; the real notice then settles once", async () => {
        const expressNo = unique("FEE")
        expect((await t.api("POST", "/api/expressTosend", staff, checkInPayload({ expressNo, storageNo: "Q-02" }))).status).toBe(201)
        const id = (await t.db.selectFrom("parcel").select("id").where("express_no", "=", expressNo).executeTakeFirstOrThrow()).id
        await t.db.updateTable("parcel").set({ created_at: new Date(Date.now() - 50 * 3_600_000) }).where("id", "=", id).execute()
        const prepay = await t.api("GET", `/api/expressTosend/paysafekeep/${id}`, student)
        expect(prepay.status, JSON.stringify(prepay.body)).toBe(200)
        const sheet = await t.api("GET", `/api/wx/paysign?package=prepay_id=${(prepay.body.data as { prepayId: string }).prepayId}`, student)
        expect(sheet.status).toBe(200)
        const paid = await t.runtime.paymentProvider.pay(sheet.body.data as Record<string, string>)
        if (!paid.ok) throw new Error(paid.reason)
        const notice = paid.notice as Record<string, unknown>
        /** The provider's answer to a refused notice: a 4xx with `return_code` FAIL and the reason. */
        const notifyRefused = (r: ApiAnswer, label: string) => {
          expect(r.status, `${label} → ${r.status} ${JSON.stringify(r.body)?.slice(0, 200)}`).toBeGreaterThanOrEqual(400)
          expect(r.status, label).toBeLessThan(500)
          expect(r.body, label).toMatchObject({ success: false, message: expect.stringMatching(/./) })
        }
        const before = await payCounts()
        const values = [...NOT_STRINGS, ...NUMBERS, ...UNICODE_JUNK.map((u) => [JSON.stringify(u), u] as const), ["missing", undefined] as const]
        for (const field of Object.keys(notice)) {
          for (const [label, value] of values) {
            const { [field]: _drop, ...rest } = notice
            notifyRefused(await t.api("POST", "/api/wx/payNotify", undefined, value === undefined ? rest : { ...notice, [field]: value }), `${field} ${label}`)
          }
        }
        for (const [label, body] of [...NOT_STRINGS, ["[notice]", [notice]] as const, ["{notice}", { notice }] as const]) {
          notifyRefused(await t.api("POST", "/api/wx/payNotify", undefined, body), `body ${label}`)
        }
        for (const raw of INVALID_JSON) notifyRefused(await t.send("POST", "/api/wx/payNotify", { rawBody: raw }), `raw ${JSON.stringify(raw)}`)
        expect(await payCounts()).toEqual(before)
        const settled = await t.api("POST", "/api/wx/payNotify", undefined, notice)
        expect(settled).toMatchObject({ status: 200, body: { return_code: "SUCCESS", data: { settled: true } } })
        expect((await t.api("POST", "/api/wx/payNotify", undefined, notice)).body).toMatchObject({ return_code: "SUCCESS", data: { settled: false } })
        expect((await payCounts()).paid).toBe(before.paid + 1)
      })

      it("paysafekeep, paysign, toreturn, return, proxy, takepartBySelf, openFromWX, wxuserInfo, getByUnionid: wrong types and over-long values → 4xx, nothing written", async () => {
        const before = await payCounts()
        // a path or query stays under the server's 16 kB header limit (beyond it Node answers 431 before any route)
        const long = "字".repeat(1_000)
        const refusedCalls: Array<[string, string, string, unknown?]> = [
          ["GET", `/api/expressTosend/paysafekeep/${parcel.id}`, student],
          ["GET", `/api/expressTosend/paysafekeep/${encodeURIComponent(long)}`, student],
          ["GET", "/api/wx/paysign", student],
          ["GET", "/api/wx/paysign?package[]=a&package[]=b", student],
          ["GET", `/api/wx/paysign?package=${encodeURIComponent(long)}`, student],
          ["PUT", "/api/expressTosend/takepartBySelf/nope", student],
          ["PUT", `/api/expressTosend/takepartBySelf/${encodeURIComponent(long)}`, student],
          ["GET", `/api/box/openFromWX/${parcel.id}`, student],
          ["GET", `/api/user/wxuserInfo/${encodeURIComponent(long)}`, student],
          ["GET", `/auth/employee/getByUnionid/${encodeURIComponent(long)}`, staff],
          ["GET", "/auth/employee/getByUnionid/x", ""]
        ]
        for (const [label, value] of [...NOT_STRINGS, ...NUMBERS]) {
          refusedCalls.push(["PUT", "/api/expressTosend/return", staff, { _id: value, expressNo: parcel.expressNo }])
          refusedCalls.push(["PUT", "/api/expressTosend/return", staff, { _id: parcel.id, expressNo: value }])
          refusedCalls.push(["PUT", "/api/expressTosend/proxy/updateAgent", student, { toTakeId: parcel.id, agentPhone: value }])
          refusedCalls.push(["PUT", "/api/expressTosend/proxy/updateAgent", student, { toTakeId: value, agentPhone: "13800000002" }])
          void label
        }
        for (const [method, path, token, body] of refusedCalls) {
          expectRefused(await t.api(method, path, token || undefined, body), `${method} ${path.slice(0, 60)} ${JSON.stringify(body)?.slice(0, 60) ?? ""}`)
        }
        for (const q of ["?worksiteId[]=a", `?expressCompanyId=${encodeURIComponent(long)}`, "?worksiteId=%00", "?expressCompanyId=%ED%A0%80"]) {
          expectNoServerError(await t.api("GET", `/api/expressTosend/toreturn${q}`, staff), `toreturn ${q.slice(0, 40)}`)
        }
        for (const q of ["?statusStr[]=ing", `?statusStr=${encodeURIComponent(long)}`, "?statusStr=ing&pageNo=-1", "?statusStr=ing&pageNo=1e308", "?statusStr=ing&pageNo[]=2"]) {
          expectNoServerError(await t.api("GET", `/api/expressTosend/pagingForFontend${q}`, student), `pagingForFontend ${q.slice(0, 40)}`)
        }
        expectNoServerError(await t.api("GET", "/api/user/wxuserInfoForTotakeList?pageNo[]=1", student), "wxuserInfoForTotakeList")
        expect(await payCounts()).toEqual(before)
        expect(await parcelStatus()).toBe(0)
      })
    })

    describe("the body itself", () => {
      const writes: Array<[string, string, () => string | undefined]> = [
        ["POST", "/api/takecash", () => student],
        ["POST", "/api/expressTosend", () => staff],
        ["PUT", "/api/expressTosend/takepart", () => staff],
        ["PUT", "/api/money/scoreToMoney/10", () => pointless],
        ["POST", "/auth/dev/token", () => undefined],
        ["PUT", "/api/expressTosend/return", () => staff],
        ["PUT", "/api/expressTosend/proxy/updateAgent", () => student],
        ["POST", "/api/wx/payNotify", () => undefined]
      ]

      it.each(writes.map(([m, p, tk]) => [`${m} ${p}`, m, p, tk] as const))("%s: invalid JSON → 400", async (_l, method, path, tk) => {
        const before = await rowCounts()
        for (const raw of INVALID_JSON) {
          const r = await t.send(method, path, { token: tk(), rawBody: raw })
          expectRefused(r, `${JSON.stringify(raw)}`)
          expect(r.status, JSON.stringify(raw)).toBe(400)
        }
        expect(await rowCounts()).toEqual(before)
      })

      it.each(writes.map(([m, p, tk]) => [`${m} ${p}`, m, p, tk] as const))("%s: a body over 64 kB → 413", async (_l, method, path, tk) => {
        const before = await rowCounts()
        const big = JSON.stringify({ money: 1000, openid: "demo-student", ...checkInPayload(), pad: "x".repeat(70 * 1024) })
        const headerSets: Array<Record<string, string>> = [{}, { "Idempotency-Key": `big-${unique("k")}` }]
        for (const headers of headerSets) {
          const r = await t.send(method, path, { token: tk(), rawBody: big, headers })
          expectRefused(r, "70 kB")
          expect(r.status).toBe(413)
        }
        expect(await rowCounts()).toEqual(before)
      })

      it.each(writes.map(([m, p, tk]) => [`${m} ${p}`, m, p, tk] as const))("%s: deeply nested JSON, with or without an Idempotency-Key → 4xx", async (_l, method, path, tk) => {
        const before = await rowCounts()
        for (const raw of [DEEP_ARRAY, DEEP_OBJECT, `{"money":${DEEP_ARRAY},"openid":${DEEP_OBJECT}}`]) {
          const headerSets: Array<Record<string, string>> = [{}, { "Idempotency-Key": `deep-${unique("k")}` }]
          for (const headers of headerSets) {
            expectRefused(await t.send(method, path, { token: tk(), rawBody: raw, headers }), `${raw.slice(0, 12)} ${JSON.stringify(headers)}`)
          }
        }
        expect(await rowCounts()).toEqual(before)
      })

      it("a body sent as text/plain, or with a bad Idempotency-Key, is refused", async () => {
        const before = await rowCounts()
        expectRefused(await t.send("POST", "/api/takecash", { token: student, rawBody: '{"money":1000}', headers: { "Content-Type": "text/plain" } }), "text/plain takecash")
        expectRefused(await t.send("POST", "/api/expressTosend", { token: staff, rawBody: JSON.stringify(checkInPayload()), headers: { "Content-Type": "text/plain" } }), "text/plain check-in")
        for (const key of ["short", "x".repeat(129), "has space!", "%00%00%00%00%00"]) {
          expectRefused(await t.api("POST", "/api/takecash", student, { money: 1000 }, { "Idempotency-Key": key }), `key ${key.slice(0, 20)}`)
        }
        expect(await rowCounts()).toEqual(before)
      })
    })

    describe("someone else's token", () => {
      it("another user's parcel, another worksite's staff, another openid → 4xx and nothing changes", async () => {
        const runner = await t.token("demo-runner")
        expectRefused(await t.api("GET", `/api/expressTosend/getById/${parcel.id}`, runner), "runner reads the student's parcel")
        expectRefused(await t.api("GET", `/api/expressTosend/getById/${parcel.id}`, staffDy), "dongyuan staff reads it")
        const body = { worksiteCode: "XY01", expressNo: parcel.expressNo, storageNo: parcel.storageNo, signOpenid: "demo-student", tag: parcel.tag, isPaotui: false }
        expectRefused(await t.api("PUT", "/api/expressTosend/takepart", staffDy, body), "dongyuan staff takes it")
        expectRefused(await t.api("PUT", "/api/expressTosend/takepart", staffDy, { ...body, worksiteCode: undefined }), "dongyuan staff takes it, no code")
        expectRefused(await t.api("PUT", "/api/expressTosend/takepart", student, body), "the receiver takes it themselves")
        expectRefused(await t.api("GET", "/api/user/list/ws-xiyuan/0001", staffDy), "dongyuan staff looks up xiyuan")
        expectRefused(await t.api("POST", "/api/expressTosend", staffDy, checkInPayload({ worksite: "ws-xiyuan" })), "dongyuan staff checks in at xiyuan")
        expectRefused(await t.api("GET", "/auth/employee/getByOpen/demo-staff", student), "student reads staff")
        expectRefused(await t.api("GET", "/auth/employee/wxlogin?phone=13900000003&password=x&openid=demo-staff", student), "bind someone else's openid")
        expect(await parcelStatus()).toBe(0)
      })
    })

    describe("random JSON bodies (fast-check)", () => {
      const text = fc.oneof(fc.string(), fc.string({ unit: "binary", maxLength: 40 }), fc.constantFrom("", " ", "\u0000", TEN_K, TEN_K_RANDOM))
      const anything = fc.oneof(fc.jsonValue({ maxDepth: 3 }), text, fc.double(), fc.integer(), fc.constantFrom(1e308, 2 ** 53, -1, 0, null, true, [], {}))
      const maybe = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: anything })

      it("POST /api/expressTosend: never a 5xx; a refusal writes nothing, an acceptance exactly one parcel", async () => {
        const body = fc.oneof(
          { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
          {
            weight: 4,
            arbitrary: fc.record({
              worksite: maybe(fc.constantFrom("ws-xiyuan", "ws-dongyuan")),
              expressCompany: maybe(fc.constantFrom("ec-sf", "ec-zto", "ec-ems", "ec-nope")),
              storageNo: maybe(fc.constantFrom("A-01", "B,B-02", "C-03")),
              expressNo: maybe(fc.stringMatching(/^[A-Z]{2}[0-9]{6,14}$/)),
              weight: maybe(fc.constantFrom("wf-1", "wf-2", "wf-9")),
              receiverPhone: maybe(fc.constantFrom("13800000001", "13800000002", "15000000000", "1380000")),
              receiver: maybe(fc.string({ maxLength: 20 })),
              receiverId: maybe(fc.constantFrom("u-student", "u-runner", "nobody"))
            }, { requiredKeys: [] })
          }
        )
        await fc.assert(
          fc.asyncProperty(body, async (b) => {
            const before = await rowCounts()
            const r = await t.api("POST", "/api/expressTosend", staff, b)
            expect(r.status, JSON.stringify(r.body)).toBeLessThan(500)
            const after = await rowCounts()
            if (r.status === 201) {
              expect(r.body.success).toBe(true)
              expect(after.parcel).toBe(before.parcel + 1)
              expect(after.opsLog).toBe(before.opsLog + 1)
              expect(after.withdrawal).toBe(before.withdrawal)
            } else {
              expectRefused(r, JSON.stringify(b)?.slice(0, 200) ?? "undefined")
              expect(after).toEqual(before)
            }
          }),
          { numRuns: 100 }
        )
      })

      it("POST /api/takecash: never a 5xx; a refusal writes nothing, an acceptance one application and one ledger row", async () => {
        const money = fc.oneof(
          fc.integer({ min: -1_000, max: 600_000 }), fc.double(), fc.constantFrom(100, 500_000, 1e308, 2 ** 53, -5, 1.5),
          fc.integer({ min: 100, max: 60_000 }).map(String), anything
        )
        const body = fc.oneof({ weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) }, { weight: 4, arbitrary: fc.record({ money, other: anything }, { requiredKeys: [] }) })
        await fc.assert(
          fc.asyncProperty(body, fc.integer({ min: 0, max: 100_000 }), async (b, balance) => {
            const u = await newUser(t.db, { money: balance })
            const token = await t.token(u.openid)
            const before = await rowCounts()
            const r = await t.api("POST", "/api/takecash", token, b)
            expect(r.status, JSON.stringify(r.body)).toBeLessThan(500)
            const after = await rowCounts()
            const wallet = await t.db.selectFrom("wallet").select("money").where("user_id", "=", u.id).executeTakeFirstOrThrow()
            if (r.status === 201) {
              expect(after.withdrawal).toBe(before.withdrawal + 1)
              expect(after.ledger).toBe(before.ledger + 1)
              expect(wallet.money).toBe(balance - r.body.data.money)
            } else {
              expectRefused(r, JSON.stringify(b)?.slice(0, 200) ?? "undefined")
              expect(after).toEqual(before)
              expect(wallet.money).toBe(balance)
            }
            expect(wallet.money).toBeGreaterThanOrEqual(0)
          }),
          { numRuns: 100 }
        )
        expect(await ledgerMismatches(t.db)).toEqual([])
      })
    })
  })
}
