/**
 * The call contracts of the address book, region pickers, worksite chooser, staff sign-in, scanner config and
 * upload: the core's limits refuse one character more (400 '请求不正确', nothing written), a value of the wrong
 * kind gets the spec's message, and every answer decodes with the call's own answer Schema (as the web does).
 * Runs on PGlite, and on real Postgres when TEST_DATABASE_URL is set.
 */
import { constants, publicEncrypt } from "node:crypto"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DETAIL_MAX_LENGTH, messages as addressMessages, NAME_MAX_LENGTH } from "#src/address/address"
import { AddAddress, Addresses, Cities, CityByCode, Counties, Provinces } from "#src/address/calls"
import { BAD_REQUEST, SHORT_TEXT } from "#src/shared/wire"
import {
  BindEmployee, DevToken, DevUsers, EmployeeByOpenid, messages as signInMessages, PAGE_URL_MAX_LENGTH, PublicKey, ScannerConfig,
  SEALED_PASSWORD_MAX_LENGTH
} from "#src/staff/calls"
import { messages as employeeMessages } from "#src/staff/employee"
import { UploadFile } from "#src/upload/calls"
import { messages as worksiteMessages } from "#src/worksite/directory"
import { ServicePhoneNow, WorksiteDetail, WorksitesByGroup, WorksitesNear } from "#src/worksite/calls"
import { idCardImage, plainPng, upload } from "../support/account-kit"
import { backends, newEmployee, newUser, startTestApp, type ApiAnswer, type TestApp } from "../support/test-app"

const valid = {
  name: "张三", phone: "13812345678", province: "44", city: "4403", county: "440305",
  provinceName: "广东省", cityName: "深圳市", countyName: "南山区", detail: "科技园1号"
}

const expectFailure = (r: ApiAnswer, status: number, message: string) => {
  expect({ status: r.status, body: r.body }).toEqual({ status, body: { success: false, message } })
}

/** The answer's `data`, decoded as the web's `send` decodes it. */
const dataOf = <S extends Schema.Top>(answer: S, r: ApiAnswer): S["Type"] => {
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300)
  return Schema.decodeUnknownSync(answer as unknown as Schema.Decoder<S["Type"]>)(r.body.data)
}

/** The whole answer, decoded as the web's `send` decodes the calls that answer beside `success`. */
const besideOf = <S extends Schema.Top>(answer: S, r: ApiAnswer): S["Type"] => {
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300)
  return Schema.decodeUnknownSync(answer as unknown as Schema.Decoder<S["Type"]>)(r.body)
}

const oaep = (publicKey: string, plain: string) =>
  publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(plain)).toString("base64")

for (const backend of backends) {
  describe(`call contracts of addresses, worksites, sign-in and uploads [${backend}]`, () => {
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
    const rowsOf = (userId: string) => t.db.selectFrom("address").selectAll().where("user_id", "=", userId).execute()

    describe("address book", () => {
      it(`name at most ${NAME_MAX_LENGTH} and detail at most ${DETAIL_MAX_LENGTH} characters; one more is 400 and nothing is stored`, async () => {
        const u = await someone()
        for (const over of [{ name: "名".repeat(NAME_MAX_LENGTH + 1) }, { detail: "址".repeat(DETAIL_MAX_LENGTH + 1) }, { province: "4".repeat(SHORT_TEXT + 1) }]) {
          expectFailure(await t.api("POST", "/api/address/wxadd", u.token, { ...valid, ...over }), 400, BAD_REQUEST)
        }
        expect(await rowsOf(u.id)).toHaveLength(0)
        const atLimit = { ...valid, name: "名".repeat(NAME_MAX_LENGTH), detail: "址".repeat(DETAIL_MAX_LENGTH) }
        const r = await t.api("POST", "/api/address/wxadd", u.token, atLimit)
        expect(r.status).toBe(201)
        expect(dataOf(AddAddress.answer, r)).toMatchObject({ name: atLimit.name, detail: atLimit.detail, isDefault: true })
        expect(await rowsOf(u.id)).toHaveLength(1)
      })

      it("a value of the wrong kind reads as absent: the spec's message for that field", async () => {
        const u = await someone()
        const cases: Array<[Record<string, unknown>, string]> = [
          [{ ...valid, name: { first: "张" } }, addressMessages.nameRequired],
          [{ ...valid, name: true }, addressMessages.nameRequired],
          [{ ...valid, phone: [13812345678] }, addressMessages.phoneWrong],
          [{ ...valid, phone: "1".repeat(SHORT_TEXT) }, addressMessages.phoneWrong],
          [{ ...valid, county: { code: "440305" } }, addressMessages.regionIncomplete],
          [{ ...valid, detail: null }, addressMessages.detailRequired]
        ]
        for (const [body, message] of cases) expectFailure(await t.api("POST", "/api/address/wxadd", u.token, body), 400, message)
        expect(await rowsOf(u.id)).toHaveLength(0)
        const numericPhone = await t.api("POST", "/api/address/wxadd", u.token, { ...valid, phone: 13812345678 })
        expect(dataOf(AddAddress.answer, numericPhone).phone).toBe("13812345678")
      })

      it("list, delete and the region calls answer what their Schemas say", async () => {
        const token = await t.token("demo-student")
        expect(dataOf(Addresses.answer, await t.api("GET", "/api/address/wxlist", token))[0]).toMatchObject({ _id: "addr-student-1", isDefault: true })
        expect(dataOf(Provinces.answer, await t.api("GET", "/api/province/list", token))).toContainEqual({ code: "44", name: "广东省" })
        expect(dataOf(Cities.answer, await t.api("GET", "/api/city/list?provinceCode=44", token))).toContainEqual({ code: "4403", name: "深圳市", provinceCode: "44" })
        expect(dataOf(Counties.answer, await t.api("GET", "/api/county/list?cityCode=4403", token))).toContainEqual({ code: "440305", name: "南山区", cityCode: "4403" })
        expect(dataOf(CityByCode.answer, await t.api("GET", "/api/city/getByCode/4403", token))).toEqual({ code: "4403", name: "深圳市", provinceCode: "44" })
        expectFailure(await t.api("GET", `/api/city/list?provinceCode=${"4".repeat(SHORT_TEXT + 1)}`, token), 400, BAD_REQUEST)
        expectFailure(await t.api("DELETE", `/api/address/wxdelete/${"x".repeat(SHORT_TEXT + 1)}`, token), 400, BAD_REQUEST)
        const u = await someone()
        await t.api("POST", "/api/address/wxadd", u.token, valid)
        const second = dataOf(AddAddress.answer, await t.api("POST", "/api/address/wxadd", u.token, { ...valid, name: "李四" }))
        const gone = await t.api("DELETE", `/api/address/wxdelete/${second._id}`, u.token)
        expect(gone.body).toEqual({ success: true, message: addressMessages.deleted })
      })
    })

    describe("worksite chooser", () => {
      it("coordinates are plain decimals: '1e2', '0x64' and ' 23 ' are refused with the spec's message", async () => {
        const token = await t.token("demo-student")
        const near = dataOf(WorksitesNear.answer, await t.api("GET", "/api/worksite/listByLoc?lon=113.2986&lat=23.0962", token))
        expect(near[0]).toMatchObject({ _id: "ws-xiyuan", distance: 0 })
        for (const q of ["lon=1e2&lat=23", "lon=0x64&lat=23", "lon=113&lat=%2023%20", "lon=113&lat=23e0"]) {
          expectFailure(await t.api("GET", `/api/worksite/listByLoc?${q}`, token), 400, worksiteMessages.locationWrong)
        }
      })

      it("index list, detail and service phone answer what their Schemas say; an over-long id is 400", async () => {
        const token = await t.token("demo-student")
        const groups = dataOf(WorksitesByGroup.answer, await t.api("GET", "/api/worksite/listByGroup", token))
        expect(groups.flatMap((g) => g.items.map((w) => w._id))).toEqual(expect.arrayContaining(["ws-xiyuan", "ws-dongyuan"]))
        const detail = dataOf(WorksiteDetail.answer, await t.api("GET", "/api/worksite/detail/ws-xiyuan", token))
        expect(detail).toMatchObject({ _id: "ws-xiyuan", serviceBegin: "08:00", location: { lon: 113.2986, lat: 23.0962 } })
        expect(typeof dataOf(ServicePhoneNow.answer, await t.api("GET", "/api/worksite/getServicePhoneByTime/ws-xiyuan", token))).toBe("string")
        expectFailure(await t.api("GET", `/api/worksite/detail/${"w".repeat(SHORT_TEXT + 1)}`, token), 400, BAD_REQUEST)
      })
    })

    describe("staff sign-in", () => {
      const publicKey = async () => dataOf(PublicKey.answer, await t.api("GET", "/auth/employee/publicKey"))

      it("binding answers a token and the employee beside success; getByOpen answers user", async () => {
        const user = await newUser(t.db)
        const employee = await newEmployee(t.db, "s3cret-pass")
        const token = await t.token(user.openid)
        const { publicKey: key, nonce } = await publicKey()
        const query = new URLSearchParams({ phone: employee.phone, password: oaep(key, JSON.stringify({ password: "s3cret-pass", nonce })), openid: user.openid })
        const bound = besideOf(BindEmployee.answer, await t.api("GET", `/auth/employee/wxlogin?${query}`, token))
        expect(bound.data).toMatchObject({ _id: employee.id, openid: user.openid })
        const byOpenid = besideOf(EmployeeByOpenid.answer, await t.api("GET", `/auth/employee/getByOpen/${user.openid}`, bound.token))
        expect(byOpenid.user).toEqual(bound.data)
      })

      it(`a sealed password over ${SEALED_PASSWORD_MAX_LENGTH} characters is 400 and is not counted as a failed attempt`, async () => {
        const user = await newUser(t.db)
        const employee = await newEmployee(t.db, "s3cret-pass")
        const token = await t.token(user.openid)
        const junk = new URLSearchParams({ phone: employee.phone, password: "A".repeat(SEALED_PASSWORD_MAX_LENGTH + 1), openid: user.openid })
        for (let i = 0; i < 6; i++) expectFailure(await t.api("GET", `/auth/employee/wxlogin?${junk}`, token), 400, BAD_REQUEST)
        const { publicKey: key, nonce } = await publicKey()
        const good = new URLSearchParams({ phone: employee.phone, password: oaep(key, JSON.stringify({ password: "s3cret-pass", nonce })), openid: user.openid })
        expect((await t.api("GET", `/auth/employee/wxlogin?${good}`, token)).status).toBe(200)
      })

      it("the bind phone keeps the spec's messages for a missing or wrong-length one, whatever its kind", async () => {
        const token = (await someone()).token
        expectFailure(await t.api("GET", "/auth/employee/wxlogin?password=x", token), 400, employeeMessages.phoneRequired)
        expectFailure(await t.api("GET", `/auth/employee/wxlogin?phone=${"1".repeat(SHORT_TEXT)}&password=x`, token), 400, employeeMessages.phoneFormat)
        expectFailure(await t.api("GET", "/auth/employee/wxlogin?phone[a]=1&password=x", token), 400, employeeMessages.phoneRequired)
      })

      it("getByOpen with an over-long openid is 400", async () => {
        expectFailure(await t.api("GET", `/auth/employee/getByOpen/${"o".repeat(SHORT_TEXT + 1)}`, await t.token("demo-admin")), 400, BAD_REQUEST)
      })

      it("dev sign-in: users and token answer what their Schemas say; a wrong-kind or over-long openid is refused", async () => {
        const users = dataOf(DevUsers.answer, await t.api("GET", "/auth/dev/users"))
        expect(users.map((u) => u.openid)).toContain("demo-student")
        expect(besideOf(DevToken.answer, await t.api("POST", "/auth/dev/token", undefined, { openid: "demo-student" })).token).toEqual(expect.any(String))
        expectFailure(await t.api("POST", "/auth/dev/token", undefined, { openid: { $ne: "" } }), 400, signInMessages.openidRequired)
        expectFailure(await t.api("POST", "/auth/dev/token", undefined, { openid: "d".repeat(SHORT_TEXT + 1) }), 400, BAD_REQUEST)
      })
    })

    describe("scanner config", () => {
      it(`an http(s) URL of at most ${PAGE_URL_MAX_LENGTH} characters; else 'url 不正确' or 400`, async () => {
        const token = await t.token("demo-staff")
        const url = (tail: number) => `https://station.example/${"p".repeat(tail)}`
        const base = url(0).length
        const config = dataOf(ScannerConfig.answer, await t.api("GET", `/api/wx/jsconfig?url=${encodeURIComponent(url(PAGE_URL_MAX_LENGTH - base))}`, token))
        expect(config.jsApiList).toContain("scanQRCode")
        expectFailure(await t.api("GET", `/api/wx/jsconfig?url=${encodeURIComponent(url(PAGE_URL_MAX_LENGTH - base + 1))}`, token), 400, BAD_REQUEST)
        for (const q of ["", "?url=ftp://x", "?url[]=https://x", "?url=%20https://x"]) {
          expectFailure(await t.api("GET", `/api/wx/jsconfig${q}`, token), 400, signInMessages.urlWrong)
        }
      })
    })

    describe("upload", () => {
      it("the answer decodes with the call's Schema: a plain file, and an ID card with what recognition read", async () => {
        const token = (await someone()).token
        const plain = dataOf(UploadFile.answer, await upload(t, token, [{ field: "fileVal", bytes: plainPng() }]))
        expect(plain.url).toBe(`/sign/${plain.dateFolder}/${plain.destFileName}`)
        expect(plain.ocrResult).toBeUndefined()
        const card = dataOf(UploadFile.answer, await upload(t, token, [{ field: "idCard", bytes: idCardImage("王小明", "110105199003071239") }]))
        expect(card.uploadData).toEqual({ _id: card._id, dateFolder: card.dateFolder, destFileName: card.destFileName, url: card.url })
        expect(card.ocrResult).toMatchObject({ realname: "王小明", idCardNo: "110105199003071239" })
      })
    })
  })
}
