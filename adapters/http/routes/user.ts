/** The student's account calls: user info, profile edits, phones and codes, verification, runner application. */
import type { Exit } from "effect"
import { Router, type Request } from "express"
import { messages as completeMessages } from "../../../src/profile/complete-profile"
import { messages as phoneMessages } from "../../../src/profile/phone"
import { maskIdCardNo, messages as profileMessages, type UserProfile } from "../../../src/profile/profile"
import type { Account } from "../../../src/profile/profile-store"
import { messages as runnerMessages } from "../../../src/profile/runner-application"
import {
  applyAuth, applyPaotui, completeProfile, myAccount, reviewAuth, sendCaptcha, teamOf, unbindPhoneMain, unbindPhoneVice,
  unverifySelf, updateIdCardNo, updateNewPaotuiOrderRemind, updateNickname, updatePhone, updateRealname, updateSex,
  updateStudentCardUrl, updateWorksite
} from "../../../src/profile/use-cases"
import { messages as verificationMessages } from "../../../src/profile/verification"
import type { Runtime } from "../../runtime"
import { actorOf, looseString, looseStrings, sendExit, sendFailure } from "../outcome"
import { MAX_FIELD_LENGTH } from "./address"
import { worksiteView } from "./worksite"

const SAVED = "保存成功"
const DONE = "操作成功"

/** The user as `wxuserInfo` shows it (spec 001 §3); the ID number masked. */
export const userView = (a: Account) => {
  const p: UserProfile = a.profile
  return {
    _id: p.id, openid: p.openid, unionid: p.unionid, nickname: p.nickname, realname: p.realname, sex: p.sex, headimgBase64: p.headimgBase64,
    phoneMain: p.phoneMain, phoneVice: p.phoneVice, idCardNo: maskIdCardNo(p.idCardNo), idCardUrl: p.idCardUrl, studentCardUrl: p.studentCardUrl,
    authStatus: p.authStatus, rejectComment: p.rejectComment, paotuiStatus: p.paotuiStatus, isPaotuiLeader: p.isPaotuiLeader,
    paotuiLeader: p.paotuiLeader, invitation: p.invitation, isXYTAdmin: p.isXYTAdmin, pickupAble: p.pickupAble, creditScore: p.creditScore,
    activeScore: a.activeScore, money: a.money, newPaotuiOrderRemind: p.newPaotuiOrderRemind, subscribeTime: p.subscribeTime, role: p.role,
    worksite: a.worksite && worksiteView(a.worksite)
  }
}

/** The body's text fields; undefined when one is longer than any real value (answered 400). */
const fields = <K extends string>(req: Request, keys: ReadonlyArray<K>): Partial<Record<K, string>> | undefined => {
  const values = looseStrings(req.body, keys)
  return Object.values<string | undefined>(values).some((v) => (v ?? "").length > MAX_FIELD_LENGTH) ? undefined : values
}

const BAD_REQUEST = "请求不正确"

const integerOf = (v: unknown): number | undefined => {
  const s = looseString(v)?.trim()
  if (s === undefined || s === "") return undefined
  const n = Number(s)
  return Number.isInteger(n) ? n : undefined
}

const booleanOf = (v: unknown): boolean | undefined =>
  v === true || v === "true" || v === 1 || v === "1" ? true : v === false || v === "false" || v === 0 || v === "0" ? false : undefined

export const userRoutes = (runtime: Runtime) => {
  const r = Router()

  r.get("/api/user/wxuserInfo", async (req, res) => {
    sendExit(res, await runtime.read(myAccount(actorOf(req))), (a) => ({ data: userView(a) }))
  })

  const textEdit = (path: string, key: string, run: (req: Request, value: string | undefined) => Promise<Exit.Exit<unknown, unknown>>) =>
    r.put(path, async (req, res) => {
      const body = fields(req, [key])
      if (!body) return sendFailure(res, 400, BAD_REQUEST)
      sendExit(res, await run(req, body[key]), () => ({ message: SAVED }))
    })

  textEdit("/api/user/updateRealname", "realname", (req, v) => runtime.run(updateRealname(actorOf(req), v)))
  textEdit("/api/user/updateNickname", "nickname", (req, v) => runtime.run(updateNickname(actorOf(req), v)))
  textEdit("/api/user/updateIdCardNo", "idCardNo", (req, v) => runtime.run(updateIdCardNo(actorOf(req), v)))

  r.put("/api/user/updateSex", async (req, res) => {
    sendExit(res, await runtime.run(updateSex(actorOf(req), integerOf((req.body as Record<string, unknown> | undefined)?.sex))), () => ({ message: SAVED }))
  })

  r.put("/api/user/updateStudentCardUrl", async (req, res) => {
    const body = fields(req, ["studentCardUrl"])
    if (!body) return sendFailure(res, 400, BAD_REQUEST)
    sendExit(res, await runtime.run(updateStudentCardUrl(actorOf(req), body.studentCardUrl)), (url) => ({ message: SAVED, data: url }))
  })

  r.put("/api/user/updateWorksite", async (req, res) => {
    const body = fields(req, ["worksite"])
    if (!body) return sendFailure(res, 400, BAD_REQUEST)
    sendExit(res, await runtime.run(updateWorksite(actorOf(req), body.worksite)), (w) => ({ message: completeMessages.worksiteChanged, data: worksiteView(w) }))
  })

  r.put("/api/user/updateNewPaotuiOrderRemind", async (req, res) => {
    const remind = booleanOf((req.body as Record<string, unknown> | undefined)?.newPaotuiOrderRemind)
    sendExit(res, await runtime.run(updateNewPaotuiOrderRemind(actorOf(req), remind)), () => ({ message: profileMessages.remindSaved }))
  })

  r.get("/api/user/phoneCaptcha/:phone", async (req, res) => {
    sendExit(res, await runtime.run(sendCaptcha(actorOf(req), req.params.phone)), (sent) => ({ message: phoneMessages.captchaSent, data: sent }))
  })

  for (const type of ["main", "vice"] as const) {
    const [phoneKey, captchaKey] = type === "main" ? ["phoneMain", "phoneMainCaptcha"] as const : ["phoneVice", "phoneViceCaptcha"] as const
    r.put(type === "main" ? "/api/user/updatePhoneMain" : "/api/user/updatePhoneVice", async (req, res) => {
      const body = fields(req, [phoneKey, captchaKey])
      if (!body) return sendFailure(res, 400, BAD_REQUEST)
      // a wrong code still counts as a try: the attempt is kept although the change is refused
      const exit = await runtime.run(updatePhone(actorOf(req), type, body[phoneKey], body[captchaKey]), { commitOnFailure: true })
      sendExit(res, exit, (phones) => ({ message: SAVED, data: phones }))
    })
  }

  r.put("/api/user/unbindPhoneMain", async (req, res) => {
    sendExit(res, await runtime.run(unbindPhoneMain(actorOf(req))), (newMain) => ({ message: DONE, data: newMain }))
  })

  r.put("/api/user/unbindPhoneVice", async (req, res) => {
    sendExit(res, await runtime.run(unbindPhoneVice(actorOf(req))), () => ({ message: DONE }))
  })

  r.put("/api/user/unverifySelf", async (req, res) => {
    sendExit(res, await runtime.run(unverifySelf(actorOf(req))), (v) => ({ message: DONE, data: { authStatus: v.authStatus } }))
  })

  r.put("/api/user/complete", async (req, res) => {
    const body = fields(req, ["worksite", "phoneMain", "phoneMainCaptcha", "phoneVice", "phoneViceCaptcha"])
    if (!body) return sendFailure(res, 400, BAD_REQUEST)
    const exit = await runtime.run(completeProfile(actorOf(req), body), { commitOnFailure: true })
    sendExit(res, exit, (done) => ({ message: SAVED, data: { worksite: worksiteView(done.worksite), phoneMain: done.phoneMain, phoneVice: done.phoneVice } }))
  })

  r.put("/api/user/applyAuth", async (req, res) => {
    const body = fields(req, ["type", "idCardUrl", "studentCardUrl"])
    if (!body) return sendFailure(res, 400, BAD_REQUEST)
    sendExit(res, await runtime.run(applyAuth(actorOf(req), body)), (v) => ({
      message: verificationMessages.submitted, data: { authStatus: v.authStatus, realname: v.toAuthRealname, idCardNo: maskIdCardNo(v.toAuthIdCardNo), sex: v.sex }
    }))
  })

  r.put("/api/user/verifyauth/:userId", async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>
    const comment = looseString(body.rejectComment)
    const exit = await runtime.run(reviewAuth(actorOf(req), req.params.userId, integerOf(body.authStatus), comment))
    sendExit(res, exit, (u) => ({ message: DONE, data: { _id: u.id, authStatus: u.authStatus, rejectComment: u.rejectComment } }))
  })

  r.put("/api/user/applypaotui", async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>
    const invitation = looseString(body.invitation)
    if ((invitation ?? "").length > MAX_FIELD_LENGTH) return sendFailure(res, 400, BAD_REQUEST)
    const exit = await runtime.run(applyPaotui(actorOf(req), { invitation, agree: booleanOf(body.agree) === true }))
    sendExit(res, exit, (a) => ({ message: runnerMessages.applied, data: { paotuiStatus: a.paotuiStatus, paotuiLeader: a.paotuiLeader } }))
  })

  r.get("/api/user/getPaotuisByLeader/:leaderId", async (req, res) => {
    sendExit(res, await runtime.read(teamOf(actorOf(req), req.params.leaderId)), (team) => ({
      data: team.map((m) => ({ _id: m.id, realname: m.realname, phoneMain: m.phoneMain, openid: m.openid }))
    }))
  })

  return r
}
