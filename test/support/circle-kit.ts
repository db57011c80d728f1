/** Fixtures of the circle's suites: a signed-in student with uploads, valid social forms, a market item row, the template messages sent. */
import { randomBytes, randomUUID } from "node:crypto"
import { drainOutbox } from "#adapters/outbox/outbox-worker"
import { createUser } from "#adapters/postgres/seed"
import { plainPng, uploaded } from "./account-kit"
import { newUser, type TestApp, type TestUser } from "./test-app"

export interface Student extends TestUser {
  readonly token: string
}

/** A new student of the worksite (xiyuan by default; null for none) with a session. */
export const student = async (t: TestApp, worksite: string | null = "ws-xiyuan", nickname = "测试用户"): Promise<Student> => {
  const user = await newUser(t.db, {}, { worksite })
  await t.db.updateTable("app_user").set({ nickname }).where("id", "=", user.id).execute()
  return { ...user, token: await t.token(user.openid) }
}

/** A known messaging-app identity without a session (an openid of at most 32 characters, as visitors' are). */
export const visitor = async (t: TestApp) => {
  const openid = `ov${randomBytes(10).toString("hex")}`
  await createUser(t.db, { id: `u-${randomUUID()}`, openid, nickname: "访客", worksite_id: null, role: "student" }, {})
  return { openid }
}

/** The URL of a fresh image the student uploaded through `fileVal`. */
export const picture = async (t: TestApp, who: Student) => (await uploaded(t, who.token, "fileVal", plainPng())).url

export const teammateForm = async (t: TestApp, who: Student, over: Record<string, unknown> = {}) => ({
  nickname: "阿强", sex: 1, wxNo: "aqiang_wx", motto: "好好学习", flags: ["爱笑", "会做饭"], header: await picture(t, who), pics: [await picture(t, who)], ...over
})

export const confessionForm = async (t: TestApp, who: Student, over: Record<string, unknown> = {}) => ({
  nickname: "小美", sex: 0, word: "我喜欢你很久了", header: await picture(t, who), pics: [], ...over
})

export const messageForm = (over: Record<string, unknown> = {}) => ({ motto: "天天向上", word: "图书馆见", pics: [], ...over })

/** A listed market item of the owner's, written as the market's add would. */
export const marketItem = async (t: TestApp, ownerId: string, over: Record<string, unknown> = {}) => {
  const id = typeof over.id === "string" ? over.id : `c-${randomUUID()}`
  const now = new Date()
  await t.db.insertInto("circle_item").values({
    id, owner_id: ownerId, worksite_id: "ws-xiyuan", biz_type: 20, goods_type: 10, title: "高等数学", sum: 1, fee_type: 1, price_fen: 1250,
    phone: "13812345678", wx_no: "seller_wx", show: null, pics: "[]", created_at: now, updated_at: now, ...over
  }).execute()
  return id
}

/** Sends what the outbox holds and answers the template messages the fake messaging app got for this openid. */
export const templatesTo = async (t: TestApp, openid: string) => {
  await drainOutbox(t.db, t.runtime.sms, t.runtime.messaging, 1000)
  return t.runtime.messaging.templateMessages.filter((m) => m.openid === openid)
}
