/**
 * The circle's social side over HTTP: the three forms (their first problems, the poster's own uploads, the worksite,
 * 20 a day, the message's motto kept), the lists (from page 1, the viewer's worksite, listed only, newest first,
 * the poster hidden but for `mine`), the discovery reads and the sex split; reactions once each with the spec's
 * toasts; `hu` and `contact` sent as template messages, never answered, contact 20 a day; reports (the third hides);
 * a visitor's like and report by openid and their refused contact; deleting one's own post only; the operator's
 * moderation; each answer decoded with its call's Schema. The logged operations replay into a fresh database.
 */
import { Exit } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loggedOperations } from "#adapters/ops/ops-log"
import { replayOperations } from "#adapters/ops/replay"
import {
  AddConfession, AddMessage, AddTeammate, ConfessionPaging, ConfessionSexSplit, LatestConfession, LatestMessages, LatestTeammate, MessagePaging, React,
  TeammatePaging, TeammateSexSplit
} from "#src/circle/calls"
import { circleReports, hidePost, restorePost, showPost } from "#src/circle/moderation"
import { react } from "#src/circle/post-use-cases"
import { signedIn } from "#src/circle/viewer"
import { confessionForm, marketItem, messageForm, student, teammateForm, templatesTo, visitor, type Student } from "../support/circle-kit"
import { backends, decodedData as decoded, failureOf, settleOutbox, startTestApp, valueOf, type ApiAnswer, type TestApp } from "../support/test-app"

const failed = (r: ApiAnswer) => ({ status: r.status, body: r.body })
const refusal = (status: number, message: string) => ({ status, body: { success: false, message } })

for (const backend of backends) {
  describe(`the circle's social posts [${backend}]`, () => {
    let t: TestApp
    let poster: Student
    let reader: Student
    let dongyuan: Student
    beforeAll(async () => {
      t = await startTestApp(backend)
      ;[poster, reader, dongyuan] = await Promise.all([student(t, "ws-xiyuan", "发帖人"), student(t), student(t, "ws-dongyuan")])
    })
    afterAll(async () => {
      await t?.close()
    })

    const post = async (who: Student, path: "sfadd" | "bbadd" | "jyadd", body: unknown) => {
      const call = { sfadd: AddTeammate, bbadd: AddConfession, jyadd: AddMessage }[path]
      return decoded(call.answer, await t.api("POST", `/api/circle/${path}`, who.token, body))
    }

    it("answers each form's first problem in the spec's words; images must be the poster's own uploads", async () => {
      expect(failed(await t.api("POST", "/api/circle/sfadd", poster.token, {}))).toEqual(refusal(400, "TA的昵称不能为空"))
      expect(failed(await t.api("POST", "/api/circle/sfadd", poster.token, await teammateForm(t, poster, { flags: ["爱笑"] })))).toEqual(refusal(400, "请至少添加2个标签"))
      expect(failed(await t.api("POST", "/api/circle/bbadd", poster.token, { nickname: "小美" }))).toEqual(refusal(400, "请选择TA的性别"))
      expect(failed(await t.api("POST", "/api/circle/bbadd", poster.token, { nickname: "小美", sex: 0, word: "爱" }))).toEqual(refusal(400, "表白宣言长度不能小于2"))
      expect(failed(await t.api("POST", "/api/circle/jyadd", poster.token, { motto: "a", word: "图书馆见" }))).toEqual(refusal(400, "座右铭长度不能小于2"))
      expect(failed(await t.api("POST", "/api/circle/jyadd", poster.token, { motto: "天天向上", word: "见" }))).toEqual(refusal(400, "留言长度不能小于2"))
      const others = await teammateForm(t, reader)
      expect(failed(await t.api("POST", "/api/circle/sfadd", poster.token, others))).toEqual(refusal(400, "请上传TA的头像"))
      const madeUp = await teammateForm(t, poster, { pics: ["/sign/20261128/0123456789abcdef0123456789abcdef.png"] })
      expect(failed(await t.api("POST", "/api/circle/sfadd", poster.token, madeUp))).toEqual(refusal(400, "请上传图片"))
      expect(await t.db.selectFrom("circle_social").select("id").where("owner_id", "=", poster.id).execute()).toEqual([])
    })

    it("posts a teammate, a confession and a message at the poster's worksite; the message keeps the motto; no worksite is refused", async () => {
      const who = await student(t, "ws-xiyuan", "留言人")
      const teammate = await post(who, "sfadd", await teammateForm(t, who, { nickname: " 阿强 ", flags: [" 爱笑", "会做饭", ""] }))
      const confession = await post(who, "bbadd", await confessionForm(t, who))
      const message = await post(who, "jyadd", messageForm({ motto: " 天天向上 " }))
      const rows = await t.db.selectFrom("circle_social").select(["id", "kind", "worksite_id", "nickname", "flags", "motto", "status"])
        .where("owner_id", "=", who.id).orderBy("kind").execute()
      expect(rows).toEqual([
        { id: teammate, kind: 20, worksite_id: "ws-xiyuan", nickname: "阿强", flags: ["爱笑", "会做饭"], motto: "好好学习", status: 1 },
        { id: confession, kind: 30, worksite_id: "ws-xiyuan", nickname: "小美", flags: [], motto: null, status: 1 },
        { id: message, kind: 40, worksite_id: "ws-xiyuan", nickname: null, flags: [], motto: "天天向上", status: 1 }
      ])
      expect((await t.db.selectFrom("app_user").select("motto").where("id", "=", who.id).executeTakeFirstOrThrow()).motto).toBe("天天向上")
      const nowhere = await student(t, null)
      expect(failed(await t.api("POST", "/api/circle/jyadd", nowhere.token, messageForm()))).toEqual(refusal(409, "请选择您所在的网点"))
      expect((await t.api("POST", "/api/circle/jyadd", undefined, messageForm())).status).toBe(401)
    })

    it("posts once per Idempotency-Key, and 20 of a kind a Shanghai day (the 21st is 429)", async () => {
      const who = await student(t)
      const headers = { "Idempotency-Key": `jy-${who.id}` }
      const [a, b] = [await t.api("POST", "/api/circle/jyadd", who.token, messageForm(), headers), await t.api("POST", "/api/circle/jyadd", who.token, messageForm(), headers)]
      expect(decoded(AddMessage.answer, b)).toBe(decoded(AddMessage.answer, a))
      for (let i = 1; i < 20; i++) await post(who, "jyadd", messageForm({ word: `第${i}条留言` }))
      expect(failed(await t.api("POST", "/api/circle/jyadd", who.token, messageForm()))).toEqual(refusal(429, "今天发布太多了，请明天再来"))
      expect(await post(who, "bbadd", await confessionForm(t, who))).toEqual(expect.any(String))
      expect(await t.db.selectFrom("circle_social").select("id").where("owner_id", "=", who.id).where("kind", "=", 40).execute()).toHaveLength(20)
    })

    it("lists the worksite's listed posts newest first from page 1, the poster hidden but `mine`, a message with its poster; no chat account", async () => {
      const who = await student(t, "ws-xiyuan", "列表人")
      const older = await post(who, "sfadd", await teammateForm(t, who, { nickname: "旧室友" }))
      const newer = await post(who, "sfadd", await teammateForm(t, who, { nickname: "新室友", sex: 0 }))
      const asAuthor = await t.api("GET", "/api/circle/sfPaging?pageNo=1", who.token)
      expect(JSON.stringify(asAuthor.body)).not.toContain("aqiang_wx")
      const mine = decoded(TeammatePaging.answer, asAuthor)
      expect(mine.pageNumber).toBe(1)
      const ids = mine.results.map((p) => p._id)
      expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older))
      expect(mine.results.find((p) => p._id === newer)).toMatchObject({ nickname: "新室友", sex: 0, mine: true, myReactions: [], zan: 0, calls: 0, interest: 0 })
      const readerAnswer = await t.api("GET", "/api/circle/sfPaging", reader.token)
      for (const secret of [who.id, who.openid, "aqiang_wx"]) expect(JSON.stringify(readerAnswer.body)).not.toContain(secret)
      const asReader = decoded(TeammatePaging.answer, readerAnswer)
      expect(asReader.results.find((p) => p._id === newer)?.mine).toBe(false)
      expect(decoded(TeammatePaging.answer, await t.api("GET", "/api/circle/sfPaging", dongyuan.token)).results.map((p) => p._id)).not.toContain(newer)
      expect(decoded(LatestTeammate.answer, await t.api("GET", "/api/circle/sfFirst", reader.token))?._id).toBe(newer)
      expect(decoded(LatestTeammate.answer, await t.api("GET", "/api/circle/sfFirst", dongyuan.token))).toBeNull()

      await post(who, "jyadd", messageForm({ word: "留言一" }))
      const words = ["留言二", "留言三", "留言四"]
      for (const word of words) await post(who, "jyadd", messageForm({ word, motto: "新的座右铭" }))
      const three = decoded(LatestMessages.answer, await t.api("GET", "/api/circle/jyThree", reader.token))
      expect(three.map((m) => m.word)).toEqual([...words].reverse())
      expect(three[0]).toMatchObject({ user: { nickname: "列表人", motto: "新的座右铭", headimgBase64: null }, motto: "新的座右铭", mine: false })
      expect(decoded(MessagePaging.answer, await t.api("GET", "/api/circle/jyPaging?pageNo=1", reader.token)).results.length).toBeGreaterThanOrEqual(4)
      const confession = await post(who, "bbadd", await confessionForm(t, who))
      const latest = decoded(LatestConfession.answer, await t.api("GET", "/api/circle/bbFirst", reader.token))
      expect(latest).toMatchObject({ _id: confession, nickname: "小美", flower: 0, mine: false })
      expect(decoded(ConfessionPaging.answer, await t.api("GET", "/api/circle/bbPaging?pageNo=2", reader.token))).toMatchObject({ pageNumber: 2, results: [] })
    })

    it("splits the worksite's listed teammates and confessions by sex, whole percents adding up to 100", async () => {
      const fresh = await startTestApp(backend)
      try {
        const who = await student(fresh)
        const empty = decoded(TeammateSexSplit.answer, await fresh.api("GET", "/api/circle/sfPercent", who.token))
        expect(empty).toEqual({ nanSum: 0, nvSum: 0, nanPercent: 0, nvPercent: 0 })
        for (const sex of [1, 0, 0]) decoded(AddTeammate.answer, await fresh.api("POST", "/api/circle/sfadd", who.token, await teammateForm(fresh, who, { sex })))
        expect(decoded(TeammateSexSplit.answer, await fresh.api("GET", "/api/circle/sfPercent", who.token))).toEqual({ nanSum: 1, nvSum: 2, nanPercent: 33, nvPercent: 67 })
        decoded(AddConfession.answer, await fresh.api("POST", "/api/circle/bbadd", who.token, await confessionForm(fresh, who, { sex: 1 })))
        expect(decoded(ConfessionSexSplit.answer, await fresh.api("GET", "/api/circle/bbPercent", who.token))).toEqual({ nanSum: 1, nvSum: 0, nanPercent: 100, nvPercent: 0 })
      } finally {
        await fresh.close()
      }
    })

    it("takes each reaction once per person with the spec's toasts; a reaction the kind does not take is 400; unseen posts 404", async () => {
      const teammate = await post(poster, "sfadd", await teammateForm(t, poster))
      const confession = await post(poster, "bbadd", await confessionForm(t, poster))
      const message = await post(poster, "jyadd", messageForm())
      const item = await marketItem(t, poster.id)
      const active = (who: Student, id: string, bizType: number, type: number) => t.api("PUT", `/api/circle/active/${id}`, who.token, { bizType, type, openid: who.openid })
      for (const [id, bizType, type, toast] of [
        [teammate, 20, 20, "您已赞过"], [teammate, 20, 30, "您已踩过"], [teammate, 20, 40, "您已呼过TA"], [confession, 30, 50, "您已送过花"],
        [message, 40, 20, "您已赞过"], [item, 10, 20, "您已赞过"]
      ] as const) {
        const first = await active(reader, id, bizType, type)
        expect(decoded(React.answer, first)).toBe(1)
        expect(decoded(React.answer, await active(poster, id, bizType, type))).toBe(2)
        const again = await active(reader, id, bizType, type)
        expect(again.body).toEqual({ success: true, message: toast, data: 0 })
      }
      const counters = await t.db.selectFrom("circle_social").select(["id", "zan", "cai", "calls", "flower"]).where("id", "in", [teammate, confession, message]).execute()
      expect(counters.find((c) => c.id === teammate)).toMatchObject({ zan: 2, cai: 2, calls: 2, flower: 0 })
      expect(counters.find((c) => c.id === confession)).toMatchObject({ zan: 0, flower: 2 })
      expect((await t.db.selectFrom("circle_item").select("zan").where("id", "=", item).executeTakeFirstOrThrow()).zan).toBe(2)
      for (const [id, bizType, type] of [[teammate, 20, 50], [confession, 30, 40], [message, 40, 40], [item, 10, 30], [teammate, 20, 60], [teammate, 50, 20]] as const) {
        expect(failed(await active(reader, id, bizType, type))).toEqual(refusal(400, "该内容不支持此操作"))
      }
      expect(failed(await active(reader, teammate, 30, 20))).toEqual(refusal(404, "获取详情失败"))
      expect(failed(await active(dongyuan, teammate, 20, 20))).toEqual(refusal(404, "获取详情失败"))
      expect(failed(await active(reader, "no-such-post", 20, 20))).toEqual(refusal(404, "获取详情失败"))
      const listed = decoded(TeammatePaging.answer, await t.api("GET", "/api/circle/sfPaging", reader.token)).results.find((p) => p._id === teammate)
      expect(listed).toMatchObject({ zan: 2, cai: 2, calls: 2, myReactions: [20, 30, 40] })
    })

    it("hu sends TA's chat account to a caller who called TA, once, as a template message and never in the answer", async () => {
      const teammate = await post(poster, "sfadd", await teammateForm(t, poster, { wxNo: "secret_wx" }))
      const caller = await student(t)
      expect(failed(await t.api("GET", `/api/circle/hu/${teammate}`, caller.token))).toEqual(refusal(409, "请先呼TA"))
      decoded(React.answer, await t.api("PUT", `/api/circle/active/${teammate}`, caller.token, { bizType: 20, type: 40 }))
      const sent = await t.api("GET", `/api/circle/hu/${teammate}`, caller.token)
      expect(sent.status).toBe(200)
      expect(JSON.stringify(sent.body)).not.toContain("secret_wx")
      expect(failed(await t.api("GET", `/api/circle/hu/${teammate}`, caller.token))).toEqual(refusal(409, "TA的微信号已发送给您，请查看公众号消息"))
      expect(await templatesTo(t, caller.openid)).toEqual([{ openid: caller.openid, template: "circleTeammateContact", data: { nickname: "阿强", wxNo: "secret_wx" } }])
      expect((await t.db.selectFrom("circle_social").select("interest").where("id", "=", teammate).executeTakeFirstOrThrow()).interest).toBe(1)
      expect(failed(await t.api("GET", `/api/circle/hu/${teammate}`, dongyuan.token))).toEqual(refusal(404, "获取详情失败"))
      expect((await t.api("GET", `/api/circle/hu/${teammate}?openid=${caller.openid}`)).status).toBe(401)
    })

    it("contact sends an item's contact by its `show` as a template message, 20 a day (the 21st is 429); a visitor is asked to follow", async () => {
      const skill = await marketItem(t, poster.id, { biz_type: 70, goods_type: 0, title: "吉他教学", show: 2, phone: "13812345678", wx_no: "guitar_wx" })
      const asker = await student(t)
      const r = await t.api("GET", `/api/circle/contact/${skill}?openid=${asker.openid}`, asker.token)
      expect(r.body).toEqual({ success: true, message: "联系方式已通过公众号消息发送给您" })
      expect(await templatesTo(t, asker.openid)).toEqual([{ openid: asker.openid, template: "circleItemContact", data: { title: "吉他教学", contact: "微信号：guitar_wx" } }])
      const book = await marketItem(t, poster.id)
      for (let i = 1; i < 20; i++) expect((await t.api("GET", `/api/circle/contact/${book}`, asker.token)).status).toBe(200)
      expect(failed(await t.api("GET", `/api/circle/contact/${book}`, asker.token))).toEqual(refusal(429, "今天获取联系方式次数已达上限，请明天再来"))
      const last = (await templatesTo(t, asker.openid)).at(-1)
      expect(last?.data).toEqual({ title: "高等数学", contact: "手机号：13812345678，微信号：seller_wx" })
      const outsider = await visitor(t)
      expect(failed(await t.api("GET", `/api/circle/contact/${book}?openid=${outsider.openid}`))).toEqual(refusal(403, "请先关注公众号"))
      expect(failed(await t.api("GET", `/api/circle/contact/${book}`, dongyuan.token))).toEqual(refusal(404, "获取联系方式失败，请联系平台客服"))
      const teammate = await post(poster, "sfadd", await teammateForm(t, poster))
      expect(failed(await t.api("GET", `/api/circle/contact/${teammate}`, reader.token))).toEqual(refusal(404, "获取联系方式失败，请联系平台客服"))
    })

    it("takes one report per reporter ('已提交'); the third distinct reporter hides the post, which leaves every list", async () => {
      const confession = await post(poster, "bbadd", await confessionForm(t, poster))
      const reporters = await Promise.all([student(t), student(t), student(t)])
      const complain = (who: Student, type = 10) => t.api("GET", `/api/circle/complain/${confession}?openid=${who.openid}&complain=${type}`, who.token)
      expect(failed(await complain(reporters[0]!, 99))).toEqual(refusal(400, "提交失败，请联系平台客服"))
      expect((await complain(reporters[0]!)).body).toEqual({ success: true, message: "已提交" })
      expect((await complain(reporters[0]!, 20)).body).toEqual({ success: true, message: "已提交" })
      expect((await complain(reporters[1]!)).status).toBe(200)
      const status = async () => (await t.db.selectFrom("circle_social").select(["status", "status_before_hidden"]).where("id", "=", confession).executeTakeFirstOrThrow())
      expect(await status()).toEqual({ status: 1, status_before_hidden: null })
      expect((await complain(reporters[2]!)).status).toBe(200)
      expect(await status()).toEqual({ status: 2, status_before_hidden: 1 })
      expect(await t.db.selectFrom("circle_report").select("complain").where("target_id", "=", confession).orderBy("created_at").execute()).toEqual([{ complain: 10 }, { complain: 10 }, { complain: 10 }])
      expect(decoded(ConfessionPaging.answer, await t.api("GET", "/api/circle/bbPaging", poster.token)).results.map((p) => p._id)).not.toContain(confession)
      expect(failed(await t.api("PUT", `/api/circle/active/${confession}`, reader.token, { bizType: 30, type: 20 }))).toEqual(refusal(404, "获取详情失败"))
      expect((await complain(reader)).body).toEqual({ success: true, message: "已提交" })
      expect(await status()).toEqual({ status: 2, status_before_hidden: 1 })
      expect(failed(await complain(dongyuan))).toEqual(refusal(404, "提交失败，请联系平台客服"))
    })

    it("lets a visitor like and report by openid without a session, never contact; an unknown openid is 404", async () => {
      const message = await post(dongyuan, "jyadd", messageForm())
      const outsider = await visitor(t)
      const liked = await t.api("PUT", `/api/circle/active/${message}`, undefined, { bizType: 40, type: 20, openid: outsider.openid })
      expect(decoded(React.answer, liked)).toBe(1)
      expect((await t.api("PUT", `/api/circle/active/${message}`, undefined, { bizType: 40, type: 20, openid: outsider.openid })).body.message).toBe("您已赞过")
      expect((await t.api("GET", `/api/circle/complain/${message}?openid=${outsider.openid}&complain=0`)).body).toEqual({ success: true, message: "已提交" })
      expect(failed(await t.api("PUT", `/api/circle/active/${message}`, undefined, { bizType: 40, type: 20, openid: "nobody-knows-me" }))).toEqual(refusal(404, "获取详情失败"))
      expect(failed(await t.api("GET", `/api/circle/complain/${message}?complain=0`))).toEqual(refusal(404, "获取详情失败"))
      expect((await t.api("POST", "/api/circle/jyadd", outsider.openid, messageForm())).status).toBe(401)
      expect(await t.db.selectFrom("circle_reaction").select(["openid", "type"]).where("target_id", "=", message).execute()).toEqual([{ openid: outsider.openid, type: 20 }])
    })

    it("deletes only the owner's own post, item or social, for good; another's is 403 '操作失败'", async () => {
      const teammate = await post(poster, "sfadd", await teammateForm(t, poster))
      const item = await marketItem(t, poster.id)
      for (const id of [teammate, item]) expect(failed(await t.api("DELETE", `/api/circle/${id}`, reader.token))).toEqual(refusal(403, "操作失败"))
      for (const id of [teammate, item]) expect((await t.api("DELETE", `/api/circle/${id}`, poster.token)).body).toEqual({ success: true })
      expect(await t.db.selectFrom("circle_social").select(["status", "deleted_at"]).where("id", "=", teammate).executeTakeFirstOrThrow())
        .toEqual({ status: -1, deleted_at: expect.any(Date) })
      expect((await t.db.selectFrom("circle_item").select("status").where("id", "=", item).executeTakeFirstOrThrow()).status).toBe(-1)
      expect(failed(await t.api("DELETE", `/api/circle/${teammate}`, poster.token))).toEqual(refusal(409, "操作失败"))
      expect(failed(await t.api("DELETE", "/api/circle/no-such-post", poster.token))).toEqual(refusal(404, "操作失败"))
      expect(decoded(TeammatePaging.answer, await t.api("GET", "/api/circle/sfPaging", poster.token)).results.map((p) => p._id)).not.toContain(teammate)
    })

    it("lets the operator list reports, hide with a reason, restore to the status before and show a post with its reports", async () => {
      const message = await post(poster, "jyadd", messageForm({ word: "可疑的留言" }))
      await t.api("GET", `/api/circle/complain/${message}?complain=20`, reader.token)
      const open = valueOf(await t.runtime.read(circleReports({ open: true })))
      expect(open.find((p) => p.id === message)).toMatchObject({ kind: 40, status: 1, headline: "可疑的留言", reports: 1, open: true, ownerOpenid: poster.openid })
      expect(failureOf(await t.runtime.run(hidePost(message, " ")))).toMatchObject({ _tag: "RuleViolation", message: "请填写屏蔽原因" })
      expect(valueOf(await t.runtime.run(hidePost(message, "广告")))).toEqual({ id: message, status: 2 })
      expect(failureOf(await t.runtime.run(hidePost(message, "再次")))).toMatchObject({ _tag: "StateConflict", message: "只能屏蔽上架或下架的内容" })
      expect(valueOf(await t.runtime.read(circleReports({ open: true }))).map((p) => p.id)).not.toContain(message)
      expect(valueOf(await t.runtime.read(circleReports({ open: false }))).find((p) => p.id === message)).toMatchObject({ status: 2, hiddenReason: "广告", open: false })
      expect(decoded(MessagePaging.answer, await t.api("GET", "/api/circle/jyPaging", reader.token)).results.map((m) => m._id)).not.toContain(message)
      expect(valueOf(await t.runtime.run(restorePost(message)))).toEqual({ id: message, status: 1 })
      expect(failureOf(await t.runtime.run(restorePost(message)))).toMatchObject({ _tag: "StateConflict", message: "这条内容没有被屏蔽" })
      const shown = valueOf(await t.runtime.read(showPost(message)))
      expect(shown.post).toMatchObject({ id: message, status: 1, hiddenReason: null })
      expect(shown.reports).toEqual([expect.objectContaining({ reporterOpenid: reader.openid, complain: 20 })])
      expect(shown.decisions.map((d) => [d.action, d.reason])).toEqual([["hide", "广告"], ["restore", null]])
      expect(failureOf(await t.runtime.read(showPost("no-such-post")))).toMatchObject({ _tag: "NotFound" })
    })

    it("keeps every counter equal to its reaction rows under random reactions by a few people (model)", async () => {
      const people = await Promise.all([1, 2, 3].map(() => student(t)))
      const teammate = await post(poster, "sfadd", await teammateForm(t, poster))
      const confession = await post(poster, "bbadd", await confessionForm(t, poster))
      const targets = [[teammate, 20], [confession, 30]] as const
      await fc.assert(fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...people), fc.constantFrom(...targets), fc.constantFrom(20, 30, 40, 50)), { maxLength: 12 }),
        async (reactions) => {
          for (const [who, [id, kind], type] of reactions) {
            const exit = await t.runtime.run(react(signedIn(who.actor), { id, bizType: kind, type }))
            if (Exit.isFailure(exit)) expect(failureOf(exit).message).toBe("该内容不支持此操作")
          }
          for (const [id] of targets) {
            const row = await t.db.selectFrom("circle_social").select(["zan", "cai", "calls", "flower"]).where("id", "=", id).executeTakeFirstOrThrow()
            const count = async (type: number) => (await t.db.selectFrom("circle_reaction").select("openid").where("target_id", "=", id).where("type", "=", type).execute()).length
            expect(row).toEqual({ zan: await count(20), cai: await count(30), calls: await count(40), flower: await count(50) })
          }
        }
      ), { numRuns: 15 })
    })
  })
}

describe("station replay of the circle's social operations", () => {
  let recorded: TestApp
  let fresh: TestApp
  beforeAll(async () => {
    ;[recorded, fresh] = await Promise.all([startTestApp("pglite"), startTestApp("pglite")])
  }, 60_000)
  afterAll(async () => {
    await recorded?.close()
    await fresh?.close()
  })

  it("posts, reacts, calls, contacts, reports, deletes and moderates the same way in a fresh database", async () => {
    const [a, b] = [await student(recorded, "ws-xiyuan", "甲"), await student(recorded, "ws-xiyuan", "乙")]
    for (const who of [a, b]) {
      await fresh.db.insertInto("app_user").values((await recorded.db.selectFrom("app_user").selectAll().where("id", "=", who.id).executeTakeFirstOrThrow())).execute()
    }
    const form = await teammateForm(recorded, a)
    const teammate = decoded(AddTeammate.answer, await recorded.api("POST", "/api/circle/sfadd", a.token, form))
    const message = decoded(AddMessage.answer, await recorded.api("POST", "/api/circle/jyadd", a.token, messageForm()))
    const item = await marketItem(recorded, a.id)
    await marketItem(fresh, a.id, { id: item })
    await recorded.api("PUT", `/api/circle/active/${teammate}`, b.token, { bizType: 20, type: 40 })
    await recorded.api("PUT", `/api/circle/active/${teammate}`, b.token, { bizType: 20, type: 40 })
    expect((await recorded.api("GET", `/api/circle/hu/${teammate}`, b.token)).status).toBe(200)
    expect((await recorded.api("GET", `/api/circle/contact/${item}`, b.token)).status).toBe(200)
    expect((await recorded.api("GET", `/api/circle/complain/${message}?complain=10`, b.token)).status).toBe(200)
    valueOf(await recorded.runtime.run(hidePost(message, "测试")))
    valueOf(await recorded.runtime.run(restorePost(message)))
    expect((await recorded.api("DELETE", `/api/circle/${message}`, a.token)).status).toBe(200)

    const lines: Array<{ lineNo: number; text: string }> = []
    await settleOutbox(recorded)
    for await (const op of loggedOperations(recorded.db)) lines.push({ lineNo: lines.length + 1, text: JSON.stringify(op) })
    // the posts' pictures were uploaded first: their uploads are logged and replayed too
    expect(lines.map((l) => JSON.parse(l.text).op)).toEqual([
      "uploadImage", "uploadImage", "addSocialPost", "addSocialPost", "reactToPost", "callTeammate", "askContact", "reportPost", "hidePost", "restorePost", "deletePost"
    ])
    const summary = await replayOperations(fresh.runtime, (async function* () { yield* lines })())
    expect(summary.problems).toEqual([])
    expect(summary).toMatchObject({ operations: 11, matched: 11 })
    const state = (t: TestApp) => t.db.selectFrom("circle_social").select(["id", "kind", "status", "calls", "interest", "header", "pics", "motto"]).orderBy("id").execute()
    expect(await state(fresh)).toEqual(await state(recorded))
    expect(await fresh.db.selectFrom("circle_reaction").select(["target_id", "type", "openid"]).execute()).toEqual([{ target_id: teammate, type: 40, openid: b.openid }])
    expect(form.header).toContain("/sign/")
  })
})
