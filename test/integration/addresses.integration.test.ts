/**
 * The address book and the region pickers over HTTP: list, add (the spec's messages, codes checked
 * against the division data, the first address the default), delete (never the default, never someone
 * else's), province/city/county lists, one default under concurrent adds, and junk input.
 * Runs on PGlite, and on real Postgres when TEST_DATABASE_URL is set.
 */
import { fc } from "@fast-check/vitest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, newUser, startTestApp, type ApiAnswer, type TestApp } from "../support/test-app"

const M = {
  name: "联系人员不能为空",
  phone: "联系电话为空或格式不正确",
  region: "请选择完整的省市区",
  detail: "详细地址不能为空",
  defaultNotDeletable: "默认地址不能删除",
  notFound: "地址不存在",
  deleted: "删除成功"
}

const valid = {
  name: "张三", phone: "13812345678", province: "44", city: "4403", county: "440305",
  provinceName: "广东省", cityName: "深圳市", countyName: "南山区", detail: "科技园1号"
}

const expectFailure = (r: ApiAnswer, status: number, message: string) => {
  expect({ status: r.status, body: r.body }).toEqual({ status, body: { success: false, message } })
}

for (const backend of backends) {
  describe(`addresses and regions over HTTP [${backend}]`, () => {
    let t: TestApp
    beforeAll(async () => {
      t = await startTestApp(backend)
    })
    afterAll(async () => {
      await t?.close()
    })

    const someone = async () => {
      const u = await newUser(t.db)
      return { ...u, token: await t.token(u.openid) }
    }
    const list = async (token: string) => (await t.api("GET", "/api/address/wxlist", token)).body.data as Array<Record<string, unknown>>
    const rowsOf = (userId: string) => t.db.selectFrom("address").selectAll().where("user_id", "=", userId).execute()

    it("the demo student has the seeded default address", async () => {
      const r = await t.api("GET", "/api/address/wxlist", await t.token("demo-student"))
      expect(r.status).toBe(200)
      expect(r.body.data).toEqual([{
        _id: "addr-student-1", name: "李明", phone: "13800000001", province: "44", city: "4401", county: "440105",
        provinceName: "广东省", cityName: "广州市", countyName: "海珠区", detail: "新港西路135号西园12栋305", isDefault: true
      }])
    })

    it("add: the spec's four checks in order, nothing stored on a refusal", async () => {
      const u = await someone()
      const cases: Array<[Record<string, unknown>, string]> = [
        [{}, M.name],
        [{ ...valid, name: "  " }, M.name],
        [{ ...valid, name: ["张三"] }, M.name],
        [{ ...valid, phone: undefined }, M.phone],
        [{ ...valid, phone: "1381234567" }, M.phone],
        [{ ...valid, phone: "138123456789" }, M.phone],
        [{ ...valid, phone: "23812345678" }, M.phone],
        [{ ...valid, province: "" }, M.region],
        [{ ...valid, city: undefined }, M.region],
        [{ ...valid, county: null }, M.region],
        [{ ...valid, detail: "" }, M.detail],
        // codes that are not a county of that city of that province
        [{ ...valid, county: "440105" }, M.region],
        [{ ...valid, city: "4401" }, M.region],
        [{ ...valid, province: "45" }, M.region],
        [{ ...valid, province: "99", city: "9901", county: "990101" }, M.region]
      ]
      for (const [body, message] of cases) expectFailure(await t.api("POST", "/api/address/wxadd", u.token, body), 400, message)
      expectFailure(await t.api("POST", "/api/address/wxadd", u.token, { ...valid, detail: "长".repeat(200) }), 400, "请求不正确")
      expect(await rowsOf(u.id)).toHaveLength(0)
    })

    it("the first address is the default; names come from the division data, not the request", async () => {
      const u = await someone()
      expect(await list(u.token)).toEqual([])
      const first = await t.api("POST", "/api/address/wxadd", u.token, { ...valid, provinceName: "乱写", cityName: "", countyName: "x", name: " 张三 " })
      expect(first.status).toBe(201)
      expect(first.body).toMatchObject({ success: true, message: "保存成功", data: { ...valid, isDefault: true } })
      const second = await t.api("POST", "/api/address/wxadd", u.token, {
        ...valid, name: "李四", province: "11", city: "1101", county: "110108", provinceName: "北京市", cityName: "市辖区", countyName: "海淀区", detail: "中关村"
      })
      expect(second.body.data).toMatchObject({ provinceName: "北京市", cityName: "市辖区", countyName: "海淀区", isDefault: false })
      const mine = await list(u.token)
      expect(mine.map((a) => [a.name, a.isDefault])).toEqual([["张三", true], ["李四", false]])
    })

    it("delete: never the default (409); another's address is 404 and stays; gone after deletion", async () => {
      const [u, other] = [await someone(), await someone()]
      const def = (await t.api("POST", "/api/address/wxadd", u.token, valid)).body.data._id as string
      const extra = (await t.api("POST", "/api/address/wxadd", u.token, { ...valid, detail: "另一处" })).body.data._id as string
      expectFailure(await t.api("DELETE", `/api/address/wxdelete/${def}`, u.token), 409, M.defaultNotDeletable)
      expectFailure(await t.api("DELETE", `/api/address/wxdelete/${extra}`, other.token), 404, M.notFound)
      expectFailure(await t.api("DELETE", "/api/address/wxdelete/addr-student-1", other.token), 404, M.notFound)
      expect(await list(other.token)).toEqual([])
      expect(await rowsOf(u.id)).toHaveLength(2)
      expect((await t.api("DELETE", `/api/address/wxdelete/${extra}`, u.token)).body).toEqual({ success: true, message: M.deleted })
      expectFailure(await t.api("DELETE", `/api/address/wxdelete/${extra}`, u.token), 404, M.notFound)
      expect((await list(u.token)).map((a) => a._id)).toEqual([def])
      expect((await t.api("GET", "/api/address/wxlist", await t.token("demo-student"))).body.data).toHaveLength(1)
    })

    it("concurrent first adds: exactly one default", async () => {
      const u = await someone()
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => t.api("POST", "/api/address/wxadd", u.token, { ...valid, detail: `楼${i}` })))
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201))
      const rows = await rowsOf(u.id)
      expect(rows).toHaveLength(8)
      expect(rows.filter((r) => r.is_default)).toHaveLength(1)
    })

    it("an Idempotency-Key replays the first answer and stores one address", async () => {
      const u = await someone()
      const key = `addr-${u.id.slice(-12)}`
      const a = await t.api("POST", "/api/address/wxadd", u.token, valid, { "Idempotency-Key": key })
      const b = await t.api("POST", "/api/address/wxadd", u.token, valid, { "Idempotency-Key": key })
      expect(b.status).toBe(201)
      expect(b.headers.get("idempotent-replayed")).toBe("true")
      expect(b.body).toEqual(a.body)
      expect(await rowsOf(u.id)).toHaveLength(1)
    })

    describe("region pickers", () => {
      it("provinces, cities of a province, counties of a city, a city by code", async () => {
        const token = (await someone()).token
        const provinces = (await t.api("GET", "/api/province/list", token)).body.data as Array<{ code: string; name: string }>
        expect(provinces.length).toBeGreaterThanOrEqual(31)
        expect(provinces).toContainEqual({ code: "44", name: "广东省" })
        const cities = (await t.api("GET", "/api/city/list?provinceCode=44", token)).body.data
        expect(cities).toContainEqual({ code: "4403", name: "深圳市", provinceCode: "44" })
        expect((await t.api("GET", "/api/city/list?provinceCode=11", token)).body.data).toEqual([{ code: "1101", name: "市辖区", provinceCode: "11" }])
        const counties = (await t.api("GET", "/api/county/list?cityCode=4403", token)).body.data
        expect(counties).toContainEqual({ code: "440305", name: "南山区", cityCode: "4403" })
        expect((await t.api("GET", "/api/city/getByCode/4403", token)).body.data).toEqual({ code: "4403", name: "深圳市", provinceCode: "44" })
        expectFailure(await t.api("GET", "/api/city/getByCode/9999", token), 404, "未找到该城市")
        for (const q of ["", "?provinceCode=", "?provinceCode=99", "?provinceCode[]=44", "?provinceCode=%F0%9F%92%A9"]) {
          const r = await t.api("GET", `/api/city/list${q}`, token)
          expect(r.body).toEqual({ success: true, data: [] })
        }
        expect((await t.api("GET", "/api/county/list", token)).body).toEqual({ success: true, data: [] })
      })

      it("need a session", async () => {
        expect((await t.api("GET", "/api/province/list")).status).toBe(401)
        expect((await t.api("GET", "/api/address/wxlist")).status).toBe(401)
      })
    })

    describe("junk input is a 4xx, never a 5xx", () => {
      it("path junk on delete and getByCode", async () => {
        const token = (await someone()).token
        for (const junk of ["%00", "a%00b", "%ED%A0%80", "%E0%A4%A", "..%2F..%2Fetc", "null", "x".repeat(5_000), "%F0%9F%92%A9"]) {
          for (const path of [`/api/address/wxdelete/${junk}`, `/api/city/getByCode/${junk}`]) {
            const method = path.includes("wxdelete") ? "DELETE" : "GET"
            const r = await t.api(method, path, token)
            expect(r.status, `${path.slice(0, 60)} → ${r.status}`).toBeGreaterThanOrEqual(400)
            expect(r.status).toBeLessThan(500)
            expect(r.body).toEqual({ success: false, message: expect.any(String) })
          }
        }
      })

      it("POST /api/address/wxadd with random bodies: a refusal stores nothing, an acceptance one address", async () => {
        const u = await someone()
        const anything = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string(), fc.constantFrom("", "\u0000", "字".repeat(10_000), 1e308, -1, null, true, [], {}))
        const maybe = <T>(a: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: a }, { weight: 1, arbitrary: anything })
        const body = fc.oneof(
          { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
          {
            weight: 4,
            arbitrary: fc.record({
              name: maybe(fc.constantFrom("张三", "A")), phone: maybe(fc.constantFrom("13812345678", "1381234567")),
              province: maybe(fc.constantFrom("44", "11", "99")), city: maybe(fc.constantFrom("4403", "1101")),
              county: maybe(fc.constantFrom("440305", "110108")), detail: maybe(fc.constantFrom("科技园1号", " "))
            }, { requiredKeys: [] })
          }
        )
        await fc.assert(fc.asyncProperty(body, async (b) => {
          const before = (await rowsOf(u.id)).length
          const r = await t.api("POST", "/api/address/wxadd", u.token, b)
          expect(r.status, JSON.stringify(r.body)).toBeLessThan(500)
          const after = (await rowsOf(u.id)).length
          if (r.status === 201) expect(after).toBe(before + 1)
          else {
            expect(r.body).toEqual({ success: false, message: expect.any(String) })
            expect(after).toBe(before)
          }
        }), { numRuns: 60 })
      })

      it("invalid JSON and text bodies are 400", async () => {
        const token = (await someone()).token
        for (const raw of ["{", "[1,]", "\u0000", "{\"name\":\"\\u0000\"}"]) {
          const r = await t.send("POST", "/api/address/wxadd", { token, rawBody: raw })
          expect(r.status).toBe(400)
        }
      })
    })
  })
}
