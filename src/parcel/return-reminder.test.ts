import { fc, test } from "@fast-check/vitest"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { NoticeKind } from "../notice/notice"
import { memoryNoticePreferences } from "../notice/notice-store.testkit"
import { outcome, recordingPorts } from "../shared/ports.testkit"
import { ParcelStatus } from "./parcel-status"
import { ParcelStore, type ParcelRecord } from "./parcel-store"
import { parcelRecord, parcelStoreWith } from "./parcel-store.testkit"
import { dueReturnReminders, inReminderWindow, remindReturn, REMIND_BEFORE_MS, ReturnReminders, shanghaiMinute } from "./return-reminder"
import { RETURN_AFTER_MS, SYSTEM_ACTOR } from "./returns"

const HOUR = 3_600_000
const now = new Date("2026-03-10T04:00:00Z")
const checkedIn = (hoursAgo: number, over: Partial<ParcelRecord> = {}) => parcelRecord(new Date(now.getTime() - hoursAgo * HOUR), over)

const station = (parcel: ParcelRecord | undefined, off: Record<string, ReadonlyArray<NoticeKind>> = {}) => {
  const marked = new Map<string, boolean>()
  const asked: Array<readonly [ReadonlyArray<number>, Date, Date, number]> = []
  const ports = recordingPorts(now)
  const prefs = memoryNoticePreferences(off)
  const run = <A, E>(effect: Effect.Effect<A, E, any>) =>
    outcome(ports.provide(prefs.provide(effect)).pipe(
      Effect.provideService(ParcelStore, parcelStoreWith({ findById: (id) => Effect.succeed(parcel?.id === id ? parcel : undefined) })),
      Effect.provideService(ReturnReminders, {
        due: (statuses, from, to, limit) => Effect.sync(() => (asked.push([statuses, from, to, limit]), ["p1"])),
        claim: (id) => Effect.sync(() => marked.has(id) ? false : (marked.set(id, false), true)),
        markSent: (id) => Effect.sync(() => void marked.set(id, true))
      })
    ) as Effect.Effect<A, E, never>)
  return { ports, marked, asked, run }
}

describe("the return reminder", () => {
  it("writes the receiver one template message with the pickup code and the return time, 24 h before, logged", async () => {
    const s = station(checkedIn(50))
    expect(await s.run(remindReturn("p1"))).toEqual({ ok: true, value: "reminded" })
    const returnAt = new Date(now.getTime() - 50 * HOUR + RETURN_AFTER_MS)
    expect(s.ports.outbox).toEqual([{ channel: "template", to: "o1", template: "parcelReturnSoon", params: { company: "顺丰", code: "A-03-0007", returnAt: shanghaiMinute(returnAt) } }])
    expect(shanghaiMinute(returnAt)).toBe("03-11 10:00")
    expect(s.marked.get("p1")).toBe(true)
    expect(s.ports.ops.map((o) => [o.op, o.actorOpenid, o.input, o.outcome])).toEqual([["remindReturn", SYSTEM_ACTOR, { id: "p1" }, { sent: true }]])
  })

  it("reminds each parcel once: a second run writes nothing", async () => {
    const s = station(checkedIn(50))
    await s.run(remindReturn("p1"))
    expect(await s.run(remindReturn("p1"))).toEqual({ ok: true, value: "skipped" })
    expect(s.ports.outbox).toHaveLength(1)
    expect(s.ports.ops).toHaveLength(1)
  })

  it("is marked but silent when the receiver turned 退回前提醒 off, or nobody with an openid is known", async () => {
    const off = station(checkedIn(50), { u1: ["returnReminder"] })
    expect(await off.run(remindReturn("p1"))).toEqual({ ok: true, value: "silenced" })
    const nobody = station(checkedIn(50, { receiverId: null, receiverOpenid: null }))
    expect(await nobody.run(remindReturn("p1"))).toEqual({ ok: true, value: "silenced" })
    // an openid without a known user (whose switches could not be read) gets none either
    const unknown = station(checkedIn(50, { receiverId: null }))
    expect(await unknown.run(remindReturn("p1"))).toEqual({ ok: true, value: "silenced" })
    for (const s of [off, nobody, unknown]) {
      expect(s.ports.outbox).toEqual([])
      expect(s.marked.get("p1")).toBe(false)
      expect(s.ports.ops.map((o) => o.outcome)).toEqual([{ sent: false }])
    }
    // another kind turned off does not silence it
    const other = station(checkedIn(50), { u1: ["arrival", "errandStatus", "sendStatus"] })
    expect(await other.run(remindReturn("p1"))).toEqual({ ok: true, value: "reminded" })
  })

  it.each([
    ["picked up", checkedIn(50, { status: ParcelStatus.signed })],
    ["already due", checkedIn(73)],
    ["not yet two days", checkedIn(47)],
    ["gone", undefined]
  ])("skips a parcel %s, writing nothing", async (_, parcel) => {
    const s = station(parcel)
    expect(await s.run(remindReturn("p1"))).toEqual({ ok: true, value: "skipped" })
    expect([s.ports.outbox, s.ports.ops, s.marked.size]).toEqual([[], [], 0])
  })

  it("opens exactly two days after check-in and closes at three, when the parcel is due", () => {
    const aged = (ms: number) => inReminderWindow(new Date(now.getTime() - ms), now)
    const opens = RETURN_AFTER_MS - REMIND_BEFORE_MS
    expect([aged(opens - 1), aged(opens), aged(RETURN_AFTER_MS - 1), aged(RETURN_AFTER_MS)]).toEqual([false, true, true, false])
  })

  it("asks the store for waiting parcels checked in within the window, up to 500", async () => {
    const s = station(undefined)
    expect(await s.run(dueReturnReminders())).toEqual({ ok: true, value: ["p1"] })
    expect(s.asked).toEqual([[
      [ParcelStatus.awaitingPickup, ParcelStatus.friendPicking],
      new Date(now.getTime() - RETURN_AFTER_MS), new Date(now.getTime() - RETURN_AFTER_MS + REMIND_BEFORE_MS + 1), 500
    ]])
  })

  test.prop([fc.integer({ min: 0, max: 5 * 24 * 60 })])("the window is the last 24 h before the parcel is due", (minutesAgo) => {
    const createdAt = new Date(now.getTime() - minutesAgo * 60_000)
    const age = minutesAgo * 60_000
    expect(inReminderWindow(createdAt, now)).toBe(age >= RETURN_AFTER_MS - REMIND_BEFORE_MS && age < RETURN_AFTER_MS)
  })
})
