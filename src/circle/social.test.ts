import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { PostKind, SOCIAL_KINDS } from "./codes"
import { confessionView, draftOf, messageView, teammateContactMessage, teammateView, type SocialCard, type SocialPost } from "./social"

const form = { nickname: " 阿强 ", sex: 1, wxNo: " aq_wx ", motto: " 好好学习 ", flags: [" 爱笑", "", "会做饭 "], header: "ignored", word: " 我喜欢你 ", pics: ["ignored"] }

describe("a social post's draft", () => {
  it("keeps a teammate's nickname, sex, chat account, motto and trimmed tags; no word", () => {
    expect(draftOf(PostKind.teammate, form, "/sign/h.png", ["/sign/p.png"])).toEqual({
      kind: 20, nickname: "阿强", sex: 1, wxNo: "aq_wx", motto: "好好学习", flags: ["爱笑", "会做饭"], header: "/sign/h.png", word: null, pics: ["/sign/p.png"]
    })
  })

  it("keeps a confession's nickname, sex, avatar and word; no chat account, motto or tags", () => {
    expect(draftOf(PostKind.confession, form, "/sign/h.png", [])).toEqual({
      kind: 30, nickname: "阿强", sex: 1, wxNo: null, motto: null, flags: [], header: "/sign/h.png", word: "我喜欢你", pics: []
    })
  })

  it("keeps a message's motto and word only", () => {
    expect(draftOf(PostKind.message, form, "/sign/h.png", ["/sign/p.png"])).toEqual({
      kind: 40, nickname: null, sex: null, wxNo: null, motto: "好好学习", flags: [], header: null, word: "我喜欢你", pics: ["/sign/p.png"]
    })
  })

  test.prop([fc.constantFrom(...SOCIAL_KINDS), fc.constantFrom("", "   ", undefined)])("blank or missing text is kept as null", (kind, blank) => {
    const draft = draftOf(kind, { nickname: blank, wxNo: blank, motto: blank, word: blank }, null, [])
    expect([draft.nickname, draft.sex, draft.wxNo, draft.motto, draft.word]).toEqual([null, null, null, null, null])
  })
})

const post: SocialPost = {
  id: "s1", kind: 20, ownerId: "u-owner", worksiteId: "w1", nickname: "阿强", sex: 0, wxNo: "secret", motto: "好好学习", flags: ["爱笑"],
  header: "/sign/h.png", word: "留言", pics: ["/sign/p.png"], status: 1, zan: 1, cai: 2, calls: 3, interest: 4, flower: 5, createdAt: new Date(0)
}
const card = (over: Partial<SocialPost> = {}): SocialCard => ({
  post: { ...post, ...over }, poster: { nickname: "发帖人", sex: 1, motto: "我的座右铭", headimgBase64: "data" }, myReactions: [20], mine: true
})
const shared = { _id: "s1", pics: ["/sign/p.png"], zan: 1, cai: 2, createdAt: new Date(0), myReactions: [20], mine: true }

describe("a social post as lists show it", () => {
  it("shows a teammate without its poster or chat account", () => {
    expect(teammateView(card())).toEqual({
      ...shared, nickname: "阿强", sex: 0, motto: "好好学习", flags: ["爱笑"], header: "/sign/h.png", calls: 3, interest: 4
    })
  })

  it("shows a confession without its poster", () => {
    expect(confessionView(card({ kind: 30 }))).toEqual({ ...shared, nickname: "阿强", sex: 0, header: "/sign/h.png", word: "留言", flower: 5 })
  })

  it("shows a message with its poster", () => {
    expect(messageView(card({ kind: 40 }))).toEqual({
      ...shared, user: { nickname: "发帖人", sex: 1, motto: "我的座右铭", headimgBase64: "data" }, motto: "好好学习", word: "留言"
    })
  })

  it("shows missing text as empty and a missing sex as unchosen", () => {
    const blank = { nickname: null, sex: null, motto: null, header: null, word: null }
    expect(teammateView(card(blank))).toMatchObject({ nickname: "", sex: -1, motto: "", header: "" })
    expect(confessionView(card(blank))).toMatchObject({ nickname: "", sex: -1, header: "", word: "" })
    expect(messageView(card(blank))).toMatchObject({ motto: "", word: "" })
  })

  it("sends TA's nickname and chat account to the caller as a template message", () => {
    expect(teammateContactMessage(post, "o-caller")).toEqual({ channel: "template", to: "o-caller", template: "circleTeammateContact", params: { nickname: "阿强", wxNo: "secret" } })
    expect(teammateContactMessage({ nickname: null, wxNo: null }, "o").params).toEqual({ nickname: "", wxNo: "" })
  })
})
