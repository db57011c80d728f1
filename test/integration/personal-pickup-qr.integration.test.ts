/**
 * The personal pick-up QR over HTTP: the student's `GET /api/user/pickupQrcode`, the staff's `checkqr` listing the
 * holder's parcels at their own station only (decoded with the call's Schema), `takepart` with it once, and the
 * refusals: no main phone, a forged QR, someone else signing. Runs on PGlite, and on real Postgres when
 * TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CheckQr, isPersonCheck, PersonalPickupQr } from "#src/parcel/calls"
import { backends, decodedData as decoded, checkInPayload, newUser, startTestApp, unique, type TestApp } from "../support/test-app"

for (const backend of backends) {
  describe(`the personal pick-up QR [${backend}]`, () => {
    let t: TestApp
    let staff: string
    let staffDy: string
    beforeAll(async () => {
      t = await startTestApp(backend)
      ;[staff, staffDy] = await Promise.all([t.token("demo-staff"), t.token("demo-staff-dy")])
    })
    afterAll(async () => {
      await t?.close()
    })

    /** A new xiyuan student with two parcels checked in for them, and their personal QR text. */
    const studentWithParcels = async () => {
      const user = await newUser(t.db)
      const token = await t.token(user.openid)
      const expressNos = [unique("SF"), unique("SF")]
      for (const expressNo of expressNos) {
        const r = await t.api("POST", "/api/expressTosend", staff, checkInPayload({ expressNo, receiverPhone: user.phone, receiver: "测试" }))
        expect(r.status, JSON.stringify(r.body)).toBe(201)
      }
      const qr = decoded(PersonalPickupQr.answer, await t.api("GET", "/api/user/pickupQrcode", token))
      return { user, token, expressNos, qr }
    }
    const check = (token: string, text: string) => t.api("GET", `/api/expressTosend/checkqr?qr=${encodeURIComponent(text)}`, token)

    it("is the caller's id and main phone, signed, with its image", async () => {
      const { user, qr } = await studentWithParcels()
      expect(JSON.parse(qr.content)).toMatchObject({ k: "p", uid: user.id, ph: user.phone, ts: expect.any(Number), sig: expect.any(String) })
      expect(qr.qrimgBase64).toMatch(/^data:image\/png;base64,/)
    })

    it("lists the holder's parcels at the scanning staff's station, and none at another station", async () => {
      const { user, expressNos, qr } = await studentWithParcels()
      const answer = decoded(CheckQr.answer, await check(staff, qr.content))
      if (!isPersonCheck(answer)) throw new Error("expected a personal QR's answer")
      expect(answer.holder).toEqual({ name: "测试", phone: user.phone })
      expect(answer.parcels.map((p) => p.expressNo).sort()).toEqual([...expressNos].sort())
      expect(answer.parcels.every((p) => p.canTakeaway && p.signOpenid === user.openid && !p.isPaotui)).toBe(true)
      const elsewhere = decoded(CheckQr.answer, await check(staffDy, qr.content))
      expect(elsewhere).toEqual({ holder: answer.holder, parcels: [] })
    })

    it("hands one parcel over with it, once; the other stays on the shelf", async () => {
      const { user, token, qr } = await studentWithParcels()
      const answer = decoded(CheckQr.answer, await check(staff, qr.content))
      if (!isPersonCheck(answer)) throw new Error("expected a personal QR's answer")
      const [first, second] = answer.parcels
      const body = { worksiteCode: "XY01", expressNo: first!.expressNo, storageNo: first!.storageNo, tag: first!.tag, signOpenid: user.openid, isPaotui: false, qr: qr.content }
      const taken = await t.api("PUT", "/api/expressTosend/takepart", staff, body)
      expect(taken.body).toEqual({ success: true, message: "确认取件成功" })
      expect((await t.api("PUT", "/api/expressTosend/takepart", staff, body)).status).toBe(409)
      const rows = await t.db.selectFrom("parcel").select(["express_no", "status", "sign_openid"]).where("receiver_id", "=", user.id).orderBy("express_no").execute()
      expect(rows).toEqual(expect.arrayContaining([
        { express_no: first!.expressNo, status: 100, sign_openid: user.openid },
        { express_no: second!.expressNo, status: 0, sign_openid: null }
      ]))
      const after = decoded(CheckQr.answer, await check(staff, (decoded(PersonalPickupQr.answer, await t.api("GET", "/api/user/pickupQrcode", token))).content))
      expect(isPersonCheck(after) && after.parcels.map((p) => p.expressNo)).toEqual([second!.expressNo])
    })

    it("refuses another station's staff, someone else signing, a runner's pickup and a forged QR; nothing moves", async () => {
      const { user, qr } = await studentWithParcels()
      const answer = decoded(CheckQr.answer, await check(staff, qr.content))
      if (!isPersonCheck(answer)) throw new Error("expected a personal QR's answer")
      const p = answer.parcels[0]!
      const body = { worksiteCode: "XY01", expressNo: p.expressNo, storageNo: p.storageNo, tag: p.tag, signOpenid: user.openid, isPaotui: false, qr: qr.content }
      expect((await t.api("PUT", "/api/expressTosend/takepart", staffDy, body)).status).toBe(403)
      expect((await t.api("PUT", "/api/expressTosend/takepart", staff, { ...body, signOpenid: "demo-student" })).status).toBe(403)
      expect((await t.api("PUT", "/api/expressTosend/takepart", staff, { ...body, isPaotui: true })).status).toBe(403)
      const forged = JSON.stringify({ ...JSON.parse(qr.content), uid: "demo-student-id" })
      expect((await t.api("PUT", "/api/expressTosend/takepart", staff, { ...body, qr: forged })).body).toEqual({ success: false, message: "二维码校验失败" })
      expect((await check(staff, forged)).body).toEqual({ success: false, message: "二维码校验失败" })
      const statuses = await t.db.selectFrom("parcel").select("status").where("receiver_id", "=", user.id).execute()
      expect(statuses.map((s) => s.status)).toEqual([0, 0])
    })

    it("asks a student without a main phone to bind one (409); without a token it is 401", async () => {
      const user = await newUser(t.db)
      await t.db.updateTable("app_user").set({ phone_main: null }).where("id", "=", user.id).execute()
      const r = await t.api("GET", "/api/user/pickupQrcode", await t.token(user.openid))
      expect({ status: r.status, body: r.body }).toEqual({ status: 409, body: { success: false, message: "请先绑定手机号" } })
      expect((await t.api("GET", "/api/user/pickupQrcode")).status).toBe(401)
    })
  })
}
