import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  feedbackMessages, feedbackTransition, FeedbackLimits, isSuggestionStatus, replyRefusal, SUGGESTION_STATUSES, suggestionFormRefusal, SuggestionStatus,
  suggestionStatusName, suggestionTypeName,
  type FeedbackAction, type FeedbackRole, type SuggestionForm
} from "./suggestion"

const text = (n: number) => "字".repeat(n)
const valid: SuggestionForm = { type: 1, title: "取件码收不到", content: "昨天的包裹没有收到短信", pics: ["a", "b"] }

describe("the suggestion form", () => {
  it("names the three types", () => {
    expect(suggestionTypeName).toEqual({ 1: "功能建议", 2: "系统问题", 3: "服务投诉" })
  })

  it("names the three statuses, in the inbox's order, and knows no other", () => {
    expect(SUGGESTION_STATUSES.map((s) => [s, suggestionStatusName[s]])).toEqual([[0, "待回复"], [1, "已回复"], [100, "已处理"]])
    expect([0, 1, 100, 2, 99, -1, "0", null].map(isSuggestionStatus)).toEqual([true, true, true, false, false, false, false, false])
  })

  it("accepts a filled form at its limits", () => {
    expect(suggestionFormRefusal(valid)).toBeUndefined()
    expect(suggestionFormRefusal({ type: 3, title: text(32), content: text(512), pics: ["a", "b", "c"] })).toBeUndefined()
  })

  it("answers the first problem in the spec's order, then the limits", () => {
    const problems: ReadonlyArray<[SuggestionForm, string]> = [
      [{ ...valid, type: 0 }, feedbackMessages.type],
      [{ ...valid, type: 4 }, feedbackMessages.type],
      [{ ...valid, type: undefined, title: "" }, feedbackMessages.type],
      [{ ...valid, title: "   ", content: "" }, feedbackMessages.title],
      [{ ...valid, content: " \n" }, feedbackMessages.content],
      [{ ...valid, title: text(33), content: text(513) }, feedbackMessages.titleTooLong],
      [{ ...valid, content: text(513), pics: [1, 2, 3, 4] }, feedbackMessages.contentTooLong],
      [{ ...valid, pics: [1, 2, 3, 4] }, feedbackMessages.tooManyPictures]
    ]
    for (const [form, message] of problems) expect(suggestionFormRefusal(form)?.message).toBe(message)
  })

  it("counts characters, an emoji as one", () => {
    expect(suggestionFormRefusal({ ...valid, title: "😀".repeat(32) })).toBeUndefined()
    expect(suggestionFormRefusal({ ...valid, title: "😀".repeat(33) })?.message).toBe(feedbackMessages.titleTooLong)
  })

  it("takes a reply of 2 to 256 characters", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 300 }), (n) => {
      const refusal = replyRefusal(` ${text(n)} `)
      expect(refusal?.message).toBe(n < FeedbackLimits.minReply ? feedbackMessages.replyTooShort : n > FeedbackLimits.reply ? feedbackMessages.replyTooLong : undefined)
    }))
  })
})

/** The table as a model: who may do what from where, and where it leads. */
class Model {
  status: SuggestionStatus = SuggestionStatus.open
}
interface Real { status: SuggestionStatus }

class Act implements fc.Command<Model, Real> {
  constructor(readonly action: FeedbackAction, readonly role: FeedbackRole) {}
  check = () => true
  run(model: Model, real: Real) {
    const result = feedbackTransition(real.status, this.action, this.role)
    const handled = model.status === SuggestionStatus.handled
    if (this.role === "other" || (this.action === "handle" && this.role === "author")) {
      expect(result).toMatchObject({ _tag: "NotAllowed" })
      return
    }
    if (handled) {
      expect(result).toMatchObject({ _tag: "StateConflict", message: "该反馈已处理" })
      return
    }
    const next = this.action === "handle" ? SuggestionStatus.handled : this.role === "staff" ? SuggestionStatus.answered : SuggestionStatus.open
    expect(result).toBe(next)
    model.status = next
    real.status = result as SuggestionStatus
  }
  toString = () => `${this.role} ${this.action}`
}

describe("the suggestion's status machine", () => {
  it("follows the table: staff answer (0 → 1), the author opens it again (1 → 0), staff handle it (final)", () => {
    const commands = fc.constantFrom<FeedbackAction>("reply", "handle").chain((action) =>
      fc.constantFrom<FeedbackRole>("author", "staff", "other").map((role) => new Act(action, role)))
    fc.assert(fc.property(fc.commands([commands], { maxCommands: 30 }), (cmds) => {
      fc.modelRun(() => ({ model: new Model(), real: { status: SuggestionStatus.open } }), cmds)
    }), { numRuns: 300 })
  })

  it("says which refusal is which", () => {
    expect(feedbackTransition(0, "reply", "other")).toMatchObject({ _tag: "NotAllowed", message: "回复失败" })
    expect(feedbackTransition(1, "handle", "author")).toMatchObject({ _tag: "NotAllowed", message: "处理失败" })
    expect(feedbackTransition(100, "reply", "author")).toMatchObject({ _tag: "StateConflict", message: "该反馈已处理" })
    expect(feedbackTransition(100, "handle", "staff")).toMatchObject({ _tag: "StateConflict" })
    expect(feedbackTransition(0, "reply", "author")).toBe(0)
    expect(feedbackTransition(1, "reply", "staff")).toBe(1)
  })
})
