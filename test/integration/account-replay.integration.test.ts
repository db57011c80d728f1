/**
 * `station replay` of a newcomer's account through the HTTP app: someone follows the official account (the fake
 * messaging app) and is signed up, completes the profile with a phone confirmed by its code, adds a vice phone, edits
 * the profile, changes worksite, keeps an address book, is verified, applies as a runner and is approved. The exported
 * log holds no code and no token, and replays into a fresh seeded database with no problems and the same user, wallet
 * and address rows, ids and times included.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loggedOperations } from "#adapters/ops/ops-log"
import { replayOperations } from "#adapters/ops/replay"
import { captchaFor, checkDigit, idCardImage, plainPng, uploaded } from "../support/account-kit"
import { backends, settleOutbox, shanghaiNoonClock, startTestApp, type TestApp } from "../support/test-app"
import { watchWrites, type WriteWatch } from "../support/write-watch"

const NEWCOMER = { openid: "acct-newcomer", nickname: "新同学" }
const PHONE_MAIN = "13600000031"
const PHONE_VICE = "13600000032"

/** A valid ID number of a woman born on the given day (the 17th digit is even). */
const idNo = (birth: string) => {
  const body = `110105${birth}124`
  return body + checkDigit(body)
}

const form = (detail: string) => ({
  name: "林新", phone: PHONE_MAIN, province: "44", city: "4401", county: "440105", provinceName: "广东省", cityName: "广州市", countyName: "海珠区", detail
})

describe.each(backends)("station replay of an account [%s]", (backend) => {
  let recorded: TestApp
  let watch: WriteWatch
  let fresh: TestApp
  const clock = shanghaiNoonClock()
  beforeAll(async () => {
    recorded = await startTestApp(backend, { clock })
    fresh = await startTestApp(backend, { clock })
    watch = await watchWrites(recorded.db)
  }, 120_000)
  afterAll(async () => {
    await recorded?.close()
    await fresh?.close()
  })

  it("signs up, confirms phones, edits, changes worksite, keeps addresses, becomes a runner, and replays it all into the same rows", async () => {
    const t = recorded
    const ok = (r: { status: number; body: unknown }, status = 200) => expect(r.status, JSON.stringify(r.body)).toBe(status)
    const codes: string[] = []
    const codeFor = async (token: string, phone: string) => {
      ok(await t.api("GET", `/api/user/phoneCaptcha/${phone}`, token))
      const code = (await captchaFor(t.db, phone))!
      codes.push(code)
      return code
    }

    // the first follow signs the newcomer up; a second one is the same user and logs nothing
    const followed = await t.api("POST", "/auth/dev/follow", undefined, { ...NEWCOMER, sex: 0 })
    ok(followed)
    const { token, userId } = followed.body as { token: string; userId: string }
    expect((await t.api("POST", "/auth/dev/follow", undefined, { ...NEWCOMER, sex: 0 })).body).toMatchObject({ success: true, userId })

    // the profile completed with the main phone and its code, then a vice phone; a wrong code logs nothing
    ok(await t.api("PUT", "/api/user/complete", token, { worksite: "ws-dongyuan", phoneMain: PHONE_MAIN, phoneMainCaptcha: await codeFor(token, PHONE_MAIN) }))
    const viceCode = await codeFor(token, PHONE_VICE)
    expect((await t.api("PUT", "/api/user/updatePhoneVice", token, { phoneVice: PHONE_VICE, phoneViceCaptcha: viceCode === "0000" ? "0001" : "0000" })).status)
      .toBe(400)
    ok(await t.api("PUT", "/api/user/updatePhoneVice", token, { phoneVice: PHONE_VICE, phoneViceCaptcha: viceCode }))

    // plain edits, then the worksite with errands
    ok(await t.api("PUT", "/api/user/updateNickname", token, { nickname: " 阿新 " }))
    ok(await t.api("PUT", "/api/user/updateSex", token, { sex: 2 }))
    ok(await t.api("PUT", "/api/user/updateRealname", token, { realname: "林新" }))
    const number = idNo("20010203")
    ok(await t.api("PUT", "/api/user/updateIdCardNo", token, { idCardNo: number.toLowerCase() }))
    ok(await t.api("PUT", "/api/user/updateNewPaotuiOrderRemind", token, { newPaotuiOrderRemind: true }))
    ok(await t.api("PUT", "/api/user/updateWorksite", token, { worksite: "ws-xiyuan" }))

    // the address book: two added (the first is the default), the other deleted; the default cannot be
    const first = await t.api("POST", "/api/address/wxadd", token, form("西园3栋101"))
    ok(first, 201)
    const second = await t.api("POST", "/api/address/wxadd", token, form("西园5栋502"))
    ok(second, 201)
    expect((await t.api("DELETE", `/api/address/wxdelete/${first.body.data._id}`, token)).status).toBe(409)
    ok(await t.api("DELETE", `/api/address/wxdelete/${second.body.data._id}`, token))
    ok(await t.api("POST", "/api/address/wxadd", token, form("西园7栋703")), 201)

    // verified for errands with both photos, passed by the admin
    const idCard = await uploaded(t, token, "idCard", idCardImage("林新", number))
    const studentCard = await uploaded(t, token, "studentCard", plainPng())
    ok(await t.api("PUT", "/api/user/updateStudentCardUrl", token, { studentCardUrl: studentCard.url }))
    ok(await t.api("PUT", "/api/user/applyAuth", token, { type: 1, idCardUrl: idCard.url, studentCardUrl: studentCard.url }))
    const admin = await t.token("demo-admin")
    ok(await t.api("PUT", `/api/user/verifyauth/${userId}`, admin, { authStatus: 1 }))

    // the runner application with the leader's invitation; the applicant cannot approve it, the admin does
    ok(await t.api("PUT", "/api/user/applypaotui", token, { needInvitation: true, invitation: "XY2026", agree: true }))
    expect((await t.api("PUT", `/api/user/verifypaotui/${userId}`, token, { paotuiStatus: 1 })).status).toBe(403)
    ok(await t.api("PUT", `/api/user/verifypaotui/${userId}`, admin, { paotuiStatus: 1 }))
    expect((await t.api("PUT", `/api/user/verifypaotui/${userId}`, admin, { paotuiStatus: 2 })).status).toBe(409)
    ok(await t.api("PUT", "/api/user/unbindPhoneVice", token))

    const lines: Array<{ lineNo: number; text: string }> = []
    // every change went with its operation
    expect(await watch.unlogged()).toEqual([])
    await settleOutbox(t)
    for await (const op of loggedOperations(t.db)) lines.push({ lineNo: lines.length + 1, text: JSON.stringify(op) })
    // the day's operations, beside the outbox sender's SMS charges (chargeSms)
    expect(lines.map((l) => JSON.parse(l.text).op).filter((op) => op !== "chargeSms")).toEqual([
      "signUp", "completeProfile", "confirmPhone", "editProfile", "editProfile", "editProfile", "editProfile", "editProfile", "changeWorksite",
      "addAddress", "addAddress", "deleteAddress", "addAddress", "uploadImage", "uploadImage", "editProfile", "submitVerification", "reviewVerification",
      "applyRunner", "reviewRunner",
      "unbindPhone"
    ])
    const ops = lines.map((l) => JSON.parse(l.text) as { op: string; actorOpenid: string; input: Record<string, unknown>; outcome: Record<string, unknown> })
      .filter((o) => o.op !== "chargeSms")
    expect(ops[0]).toMatchObject({ actorOpenid: NEWCOMER.openid, input: { openid: NEWCOMER.openid, nickname: NEWCOMER.nickname, subscribe: true }, outcome: { id: userId } })
    expect(ops[1]!.input).toEqual({ worksiteId: "ws-dongyuan", phoneMain: PHONE_MAIN, phoneVice: null, confirmed: [PHONE_MAIN], captcha: "confirmed" })
    expect(ops[2]!.input).toEqual({ type: "vice", phone: PHONE_VICE, captcha: "confirmed" })
    expect(ops[3]!.input).toEqual({ field: "nickname", value: "阿新" })
    expect(ops[6]!.input).toEqual({ field: "idCardNo", value: number })
    expect(ops[19]).toMatchObject({ actorOpenid: "demo-admin", input: { userId, decision: 1 }, outcome: { userId, paotuiStatus: 1 } })
    // no secret in the log: neither a code nor a session token
    const log = lines.map((l) => l.text).join("\n")
    for (const code of codes) expect(log).not.toContain(`"${code}"`)
    expect(log).not.toContain(token)
    expect(log).not.toContain(admin)
    expect(log).not.toMatch(/Captcha"/)

    const summary = await replayOperations(fresh.runtime, (async function* () { yield* lines })())
    expect(summary.problems).toEqual([])
    expect(summary).toMatchObject({ operations: lines.length, matched: lines.length, mismatched: 0, failed: 0, badLines: 0 })

    const same = async <R>(read: (app: TestApp) => Promise<R>) => {
      const [again, original] = [await read(fresh), await read(t)]
      expect(again).toEqual(original)
      return original
    }
    const [user] = await same((a) => a.db.selectFrom("app_user").selectAll().where("id", "=", userId).execute())
    expect(user).toMatchObject({
      openid: NEWCOMER.openid, nickname: "阿新", sex: 2, realname: "林新", phone_main: PHONE_MAIN, phone_vice: null, worksite_id: "ws-xiyuan",
      auth_status: 1, paotui_status: 1, paotui_leader: "u-runner", new_paotui_order_remind: true, subscribe: true, student_card_url: studentCard.url
    })
    for (const at of ["created_at", "subscribe_time", "worksite_bound_at", "auth_submitted_at", "auth_passed_at", "paotui_joined_at"] as const) {
      expect(user![at], at).toBeInstanceOf(Date)
    }
    await same((a) => a.db.selectFrom("wallet").selectAll().where("user_id", "=", userId).execute())
    const addresses = await same((a) => a.db.selectFrom("address").selectAll().where("user_id", "=", userId).orderBy("id").execute())
    expect(addresses.map((a) => [a.detail, a.is_default]).sort()).toEqual([["西园3栋101", true], ["西园7栋703", false]])
    // the leader's team holds the newcomer in both
    await same((a) => a.db.selectFrom("app_user").select("id").where("paotui_leader", "=", "u-runner").where("paotui_status", "=", 1).orderBy("id").execute())
  }, 120_000)
})
