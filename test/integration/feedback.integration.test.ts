/**
 * Feedback over HTTP: a student submits a suggestion with two of their own pictures, its worksite's staff read it in
 * their inbox and reply (a template message and a live `suggestionReplied` to the author), the author answers back,
 * staff handle it (final); other students, another worksite's staff and foreign pictures are refused, 10 a day; staff
 * write notes to users of their worksite only, 30 an hour. On real Postgres two staff handling at once: one succeeds,
 * the other 409. Every answer is decoded with its call's Schema; the operations replay into a fresh database.
 */
import { io, type Socket } from "socket.io-client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loggedOperations } from "#adapters/ops/ops-log"
import { replayOperations } from "#adapters/ops/replay"
import { AnswerRecipient, HandleSuggestion, ReplySuggestion, SubmitSuggestion, SuggestionDetail, SuggestionInbox } from "#src/feedback/calls"
import { plainPng, uploaded } from "../support/account-kit"
import { backends, decodedData as decoded, newUser, settleOutbox, startTestApp, type TestApp } from "../support/test-app"

const connect = (t: TestApp, token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(t.url, { auth: { token }, transports: ["websocket"], reconnection: false })
    socket.once("connect", () => resolve(socket))
    socket.once("connect_error", (e) => { socket.close(); reject(e) })
  })

const form = { type: 2, title: "取件码短信没收到", content: "昨天到的包裹没有收到取件短信" }

for (const backend of backends) {
  describe(`feedback [${backend}]`, () => {
    let t: TestApp
    let staff: string
    let staffDy: string
    let admin: string
    beforeAll(async () => {
      t = await startTestApp(backend)
      ;[staff, staffDy, admin] = await Promise.all([t.token("demo-staff"), t.token("demo-staff-dy"), t.token("demo-admin")])
    })
    afterAll(async () => { await t?.close() })

    const student = async () => {
      const user = await newUser(t.db)
      return { user, token: await t.token(user.openid) }
    }
    const submit = async (token: string, body: Record<string, unknown> = form) => t.api("POST", "/api/suggestion", token, body)

    it("goes from the student to the staff's inbox and back, then is handled for good", async () => {
      const { user, token } = await student()
      const pics = [(await uploaded(t, token, "fileVal", plainPng())).url, (await uploaded(t, token, "fileVal", plainPng())).url]
      const created = await submit(token, { ...form, pics })
      expect(created.body.message).toBe("提交成功")
      const { _id: id } = decoded(SubmitSuggestion.answer, created)

      const inbox = decoded(SuggestionInbox.answer, await t.api("GET", "/api/suggestion/list?status=0", staff))
      expect(inbox.results.find((s) => s._id === id)).toMatchObject({ typeName: "系统问题", title: form.title, status: 0, pics })
      expect(decoded(SuggestionInbox.answer, await t.api("GET", "/api/suggestion/list", staffDy)).results.some((s) => s._id === id)).toBe(false)
      expect(decoded(SuggestionInbox.answer, await t.api("GET", "/api/suggestion/list", admin)).results.some((s) => s._id === id)).toBe(true)

      const socket = await connect(t, token)
      try {
        const live = new Promise((resolve) => socket.once("suggestionReplied", resolve))
        const reply = await t.api("POST", `/api/suggestion/reply/${id}`, staff, { content: "已联系快递员补发短信" })
        expect(reply.body.message).toBe("回复成功")
        expect(decoded(ReplySuggestion.answer, reply)).toEqual({ _id: id, status: 1 })
        expect(await live).toEqual({ _id: id, status: 1 })
      } finally {
        socket.close()
      }
      expect(await t.db.selectFrom("outbox").select(["recipient", "template"]).where("template", "=", "suggestionReplied").where("recipient", "=", user.openid).execute())
        .toHaveLength(1)

      expect(decoded(ReplySuggestion.answer, await t.api("POST", `/api/suggestion/reply/${id}`, token, { content: "收到了，谢谢" }))).toEqual({ _id: id, status: 0 })
      const thread = decoded(SuggestionDetail.answer, await t.api("GET", `/api/suggestion/getById/${id}`, token))
      expect(thread.replies.map((r) => [r.content, r.byStaff, r.mine])).toEqual([["已联系快递员补发短信", true, false], ["收到了，谢谢", false, true]])
      expect(thread.staff).toBe(false)
      expect(decoded(SuggestionDetail.answer, await t.api("GET", `/api/suggestion/getById/${id}`, staff)).staff).toBe(true)

      const handled = await t.api("PUT", `/api/suggestion/handle/${id}`, staff)
      expect(handled.body.message).toBe("处理成功")
      expect(decoded(HandleSuggestion.answer, handled)).toEqual({ _id: id, status: 100 })
      for (const [who, path, method] of [[token, `/api/suggestion/reply/${id}`, "POST"], [staff, `/api/suggestion/handle/${id}`, "PUT"]] as const) {
        const late = await t.api(method, path, who, { content: "还有问题" })
        expect({ status: late.status, message: late.body.message }).toEqual({ status: 409, message: "该反馈已处理" })
      }
    })

    it("refuses others, foreign pictures and bad forms with the spec's words, storing nothing", async () => {
      const { token } = await student()
      const other = await student()
      const { _id: id } = decoded(SubmitSuggestion.answer, await submit(token))
      for (const who of [other.token, staffDy]) {
        const read = await t.api("GET", `/api/suggestion/getById/${id}`, who)
        expect({ status: read.status, message: read.body.message }).toEqual({ status: 404, message: "获取意见反馈信息出错" })
        expect((await t.api("POST", `/api/suggestion/reply/${id}`, who, { content: "我也是" })).status).toBe(404)
        expect((await t.api("PUT", `/api/suggestion/handle/${id}`, who)).status).toBe(404)
      }
      const handledByAuthor = await t.api("PUT", `/api/suggestion/handle/${id}`, token)
      expect({ status: handledByAuthor.status, message: handledByAuthor.body.message }).toEqual({ status: 403, message: "处理失败" })
      expect((await t.api("GET", "/api/suggestion/list", token)).status).toBe(403)

      const before = await t.db.selectFrom("suggestion").select("id").execute()
      const foreign = (await uploaded(t, other.token, "fileVal", plainPng())).url
      const cases: ReadonlyArray<[Record<string, unknown>, string]> = [
        [{ ...form, type: 0 }, "请选择意见反馈类型"],
        [{ ...form, title: "  " }, "标题不能为空"],
        [{ ...form, content: "" }, "内容不能为空"],
        [{ ...form, title: "题".repeat(33) }, "标题不能超过32个字"],
        [{ ...form, pics: ["a", "b", "c", "d"] }, "最多只能上传3张图片"],
        [{ ...form, pics: [foreign] }, "请上传图片"]
      ]
      for (const [body, message] of cases) {
        const refused = await submit(token, body)
        expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 400, message })
      }
      expect(await t.db.selectFrom("suggestion").select("id").execute()).toHaveLength(before.length)
      const short = await t.api("POST", `/api/suggestion/reply/${id}`, token, { content: "好" })
      expect({ status: short.status, message: short.body.message }).toEqual({ status: 400, message: "回复内容不能少于2个字" })
    })

    it("takes 10 suggestions a day from one student", async () => {
      const { token } = await student()
      for (let i = 0; i < 10; i++) expect((await submit(token)).status).toBe(200)
      const eleventh = await submit(token)
      expect(eleventh.status).toBe(429)
    })

    it("lets staff write to a user of their worksite only, as a template message, 30 an hour", async () => {
      const { user } = await student()
      expect(decoded(AnswerRecipient.answer, await t.api("GET", `/api/common/answer/${user.openid}`, staff)))
        .toEqual({ nickname: "测试用户", phone: `${user.phone.slice(0, 3)}****${user.phone.slice(-4)}` })
      const elsewhere = await t.api("POST", "/api/common/answer", staffDy, { openid: user.openid, content: "你好" })
      expect({ status: elsewhere.status, message: elsewhere.body.message }).toEqual({ status: 403, message: "回复失败" })
      expect((await t.api("POST", "/api/common/answer", (await student()).token, { openid: user.openid, content: "你好" })).status).toBe(403)
      const sent = await t.api("POST", "/api/common/answer", staff, { openid: user.openid, content: "您的包裹已到站" })
      expect({ status: sent.status, message: sent.body.message }).toEqual({ status: 200, message: "回复成功" })
      expect(await t.db.selectFrom("outbox").select("params").where("template", "=", "userAnswer").where("recipient", "=", user.openid).execute())
        .toEqual([{ params: { content: "您的包裹已到站" } }])
      const sender = await newUser(t.db, {}, { role: "admin" })
      const adminToken = await t.token(sender.openid)
      for (let i = 0; i < 30; i++) expect((await t.api("POST", "/api/common/answer", adminToken, { openid: user.openid, content: `第${i}条消息` })).status).toBe(200)
      expect((await t.api("POST", "/api/common/answer", adminToken, { openid: user.openid, content: "第31条消息" })).status).toBe(429)
    })

    if (backend === "postgres") {
      it("two staff handling at once: one succeeds, the other is told it was handled", async () => {
        const { token } = await student()
        const { _id: id } = decoded(SubmitSuggestion.answer, await submit(token))
        const both = await Promise.all([t.api("PUT", `/api/suggestion/handle/${id}`, staff), t.api("PUT", `/api/suggestion/handle/${id}`, admin)])
        expect(both.map((r) => r.status).sort()).toEqual([200, 409])
        expect((await t.db.selectFrom("suggestion_reply").select("id").where("suggestion_id", "=", id).execute())).toEqual([])
      })
    }

    it("replays into a fresh database", async () => {
      const { token } = await student()
      const { _id: id } = decoded(SubmitSuggestion.answer, await submit(token))
      await t.api("POST", `/api/suggestion/reply/${id}`, staff, { content: "正在处理" })
      await t.api("PUT", `/api/suggestion/handle/${id}`, staff)
      const lines: Array<{ lineNo: number; text: string }> = []
      await settleOutbox(t)
      for await (const op of loggedOperations(t.db)) {
        if (["submitSuggestion", "replySuggestion", "handleSuggestion"].includes(op.op) && JSON.stringify(op).includes(id)) lines.push({ lineNo: lines.length + 1, text: JSON.stringify(op) })
      }
      expect(lines.map((l) => JSON.parse(l.text).op)).toEqual(["submitSuggestion", "replySuggestion", "handleSuggestion"])
      const fresh = await startTestApp("pglite")
      try {
        const author = await t.db.selectFrom("app_user").selectAll().where("openid", "=", JSON.parse(lines[0]!.text).actorOpenid).executeTakeFirstOrThrow()
        await fresh.db.insertInto("app_user").values(author).execute()
        const summary = await replayOperations(fresh.runtime, (async function* () { yield* lines })())
        expect(summary.problems).toEqual([])
        expect(summary).toMatchObject({ operations: 3, matched: 3 })
        const row = (db: TestApp["db"]) => db.selectFrom("suggestion").select(["id", "user_id", "worksite_id", "type", "title", "content", "status", "created_at"])
          .where("id", "=", id).executeTakeFirstOrThrow()
        expect(await row(fresh.db)).toEqual(await row(t.db))
        expect(await fresh.db.selectFrom("suggestion_reply").select(["id", "content", "by_staff"]).where("suggestion_id", "=", id).execute())
          .toEqual(await t.db.selectFrom("suggestion_reply").select(["id", "content", "by_staff"]).where("suggestion_id", "=", id).execute())
      } finally {
        await fresh.close()
      }
    })
  })
}
