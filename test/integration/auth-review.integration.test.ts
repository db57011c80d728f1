/**
 * The review page's list of real-name submissions (`GET /api/user/authList`): staff see their own worksite's,
 * admins every one, anybody else is refused; a rejection needs a comment. PGlite, and Postgres with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { checkDigit, idCardImage, uploaded } from "../support/account-kit"
import { backends, newUser, startTestApp, type ApiAnswer, type TestApp } from "../support/test-app"

const idNo = (seq: string) => {
  const first17 = `44010620040506${seq}`
  return first17 + checkDigit(first17)
}

const expectFailure = (r: ApiAnswer, status: number, message: string) => {
  expect({ status: r.status, body: r.body }).toEqual({ status, body: { success: false, message } })
}

for (const backend of backends) {
  describe(`real-name review list [${backend}]`, () => {
    let t: TestApp
    let staff: string
    let staffDy: string
    let admin: string
    beforeAll(async () => {
      t = await startTestApp(backend)
      ;[staff, staffDy, admin] = await Promise.all([t.token("demo-staff"), t.token("demo-staff-dy"), t.token("demo-admin")])
    })
    afterAll(async () => {
      await t?.close()
    })

    const submitted = async (worksite: string, realname: string, seq: string) => {
      const u = await newUser(t.db, {}, { worksite })
      const token = await t.token(u.openid)
      const photo = await uploaded(t, token, "idCard", idCardImage(realname, idNo(seq)))
      const r = await t.api("PUT", "/api/user/applyAuth", token, { idCardUrl: photo.url })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return { ...u, token, idCardUrl: photo.url, idCardNo: idNo(seq) }
    }
    const listed = async (token: string) => {
      const r = await t.api("GET", "/api/user/authList", token)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body.data as Array<Record<string, unknown>>
    }

    it("staff list their worksite's submissions, admins all; the ID number is masked", async () => {
      const west = await submitted("ws-xiyuan", "钱一", "113")
      const east = await submitted("ws-dongyuan", "孙二", "125")

      const westList = await listed(staff)
      expect(westList.map((s) => s._id)).toContain(west.id)
      expect(westList.map((s) => s._id)).not.toContain(east.id)
      expect(westList.every((s) => s.worksiteId === "ws-xiyuan")).toBe(true)
      expect(westList.find((s) => s._id === west.id)).toEqual({
        _id: west.id, realname: "钱一", idCardNo: `${west.idCardNo.slice(0, 6)}********${west.idCardNo.slice(-4)}`, sex: 1,
        idCardUrl: west.idCardUrl, studentCardUrl: null, submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), worksiteId: "ws-xiyuan"
      })

      const eastList = await listed(staffDy)
      expect(eastList.map((s) => s._id)).toContain(east.id)
      expect(eastList.map((s) => s._id)).not.toContain(west.id)

      const all = (await listed(admin)).map((s) => s._id)
      expect(all).toEqual(expect.arrayContaining([west.id, east.id]))

      // a decided submission leaves the list
      expect((await t.api("PUT", `/api/user/verifyauth/${west.id}`, staff, { authStatus: 1 })).status).toBe(200)
      expect((await listed(staff)).map((s) => s._id)).not.toContain(west.id)
    })

    it("students, runners and staff without an employee are refused (403); no token is 401", async () => {
      await submitted("ws-xiyuan", "周三", "137")
      const student = await newUser(t.db)
      expectFailure(await t.api("GET", "/api/user/authList", await t.token(student.openid)), 403, "只有网点工作人员或管理员可以审核实名认证")
      expectFailure(await t.api("GET", "/api/user/authList", await t.token("demo-runner")), 403, "只有网点工作人员或管理员可以审核实名认证")
      const unbound = await newUser(t.db, {}, { role: "staff" })
      expectFailure(await t.api("GET", "/api/user/authList", await t.token(unbound.openid)), 403, "请先绑定后台操作用户")
      expect((await t.api("GET", "/api/user/authList", undefined)).status).toBe(401)
    })

    it("a rejection without a comment is refused and leaves the submission under review", async () => {
      const u = await submitted("ws-xiyuan", "吴四", "149")
      for (const rejectComment of [undefined, "", "   "]) {
        expectFailure(await t.api("PUT", `/api/user/verifyauth/${u.id}`, staff, { authStatus: 2, rejectComment }), 400, "请填写不通过的原因")
      }
      expect((await listed(staff)).map((s) => s._id)).toContain(u.id)
      const r = await t.api("PUT", `/api/user/verifyauth/${u.id}`, staff, { authStatus: 2, rejectComment: "照片模糊" })
      expect(r.body).toMatchObject({ success: true, data: { authStatus: 2, rejectComment: "照片模糊" } })
    })
  })
}
