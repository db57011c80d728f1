import type { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { actor, outcome, recordingPorts, refused } from "../shared/ports.testkit"
import type { Clock, Events, Ids, OpsLog, Outbox } from "../shared/ports"
import { NOTICE_KINDS, settingsFrom } from "./notice"
import type { NoticePreferences } from "./notice-store"
import { memoryNoticePreferences } from "./notice-store.testkit"
import { noticeSettings, notify, setNotice } from "./use-cases"

const NOW = new Date("2026-11-28T04:00:00Z")
const me = actor({ userId: "u1", openid: "o1" })

const setup = (off: Parameters<typeof memoryNoticePreferences>[0] = {}) => {
  const ports = recordingPorts(NOW)
  const prefs = memoryNoticePreferences(off)
  const run = <A, E>(e: Effect.Effect<A, E, Clock | Ids | Events | Outbox | OpsLog | NoticePreferences>) => outcome(ports.provide(prefs.provide(e)))
  return { ports, prefs, run }
}

describe("notice switches", () => {
  it("are all on for a user who never turned one", async () => {
    const { run } = setup()
    expect(await run(noticeSettings(me))).toEqual({ ok: true, value: { arrival: true, returnReminder: true, errandStatus: true, sendStatus: true } })
  })

  it("turn one kind off and on again, each logged with the settings it left", async () => {
    const { run, ports } = setup()
    expect(await run(setNotice(me, "returnReminder", false))).toEqual({ ok: true, value: { ...settingsFrom([]), returnReminder: false } })
    expect(await run(noticeSettings(me))).toMatchObject({ value: { returnReminder: false, arrival: true } })
    expect(await run(setNotice(me, "returnReminder", true))).toEqual({ ok: true, value: settingsFrom([]) })
    expect(ports.ops.map((o) => [o.op, o.actorOpenid, o.input])).toEqual([
      ["setNotice", "o1", { kind: "returnReminder", on: false }], ["setNotice", "o1", { kind: "returnReminder", on: true }]
    ])
  })

  it("refuse an unknown kind or a missing choice, writing nothing", async () => {
    const { run, ports, prefs } = setup()
    expect(await run(setNotice(me, "marketing", false))).toMatchObject(refused("RuleViolation", "请选择提醒类型"))
    expect(await run(setNotice(me, undefined, false))).toMatchObject(refused("RuleViolation", "请选择提醒类型"))
    expect(await run(setNotice(me, "arrival", undefined))).toMatchObject(refused("RuleViolation", "请选择是否开启提醒"))
    expect(ports.ops).toEqual([])
    expect(prefs.state.size).toBe(0)
  })
})

describe("notify", () => {
  const to = { userId: "u1", openid: "o1" }

  it.each(NOTICE_KINDS)("puts a %s template message in the outbox while the kind is on", async (kind) => {
    const { run, ports } = setup({ u1: NOTICE_KINDS.filter((k) => k !== kind) })
    const at = new Date(NOW.getTime() - 5_000)
    expect(await run(notify(to, kind, "t", { a: "1" }, at))).toEqual({ ok: true, value: true })
    expect(ports.outbox).toEqual([{ channel: "template", to: "o1", template: "t", params: { a: "1" } }])
    expect(ports.queuedAt).toEqual([at])
  })

  it.each(NOTICE_KINDS)("writes nothing when the recipient turned %s off", async (kind) => {
    const { run, ports } = setup({ u1: [kind] })
    expect(await run(notify(to, kind, "t", {}, NOW))).toEqual({ ok: true, value: false })
    expect(ports.outbox).toEqual([])
  })

  it("writes nothing for nobody or a user without an openid; another user's switch does not count", async () => {
    const { run, ports } = setup({ u2: ["arrival"] })
    expect(await run(notify(undefined, "arrival", "t", {}, NOW))).toEqual({ ok: true, value: false })
    expect(await run(notify({ userId: "u1", openid: "" }, "arrival", "t", {}, NOW))).toEqual({ ok: true, value: false })
    expect(await run(notify(to, "arrival", "t", {}, NOW))).toEqual({ ok: true, value: true })
    expect(ports.outbox).toHaveLength(1)
  })
})
