import { describe, expect, it } from "vitest"
import { sendStatuses, type SendStatus } from "./status-machine"
import { overdueSendOrder, sendDeadline, type SendClock } from "./stuck"

const HOUR = 3_600_000
/** Booked at 10:00 Shanghai on 20 November. */
const BOOKED = new Date("2026-11-20T02:00:00.000Z")
const at = (ms: number) => new Date(ms)
const plain = (status: SendStatus, over: Partial<SendClock> = {}): SendClock =>
  ({ status, freightPaid: true, createdAt: BOOKED, requireArriveTime: null, eveningEnd: null, ...over })

describe("a send order's paid freight stuck past its deadline", () => {
  it("a plain sending is due by its booking day's evening service end (the worksite's, else 23:00), then has three days", () => {
    expect(sendDeadline(plain(4))).toEqual(new Date("2026-11-20T15:00:00.000Z"))
    expect(sendDeadline(plain(4, { eveningEnd: "21:30" }))).toEqual(new Date("2026-11-20T13:30:00.000Z"))
    const since = new Date("2026-11-20T15:00:00.000Z").getTime() + 72 * HOUR
    expect(overdueSendOrder(plain(4), at(since))).toBeUndefined()
    expect(overdueSendOrder(plain(4), at(since + 1))).toEqual({ deadline: new Date("2026-11-20T15:00:00.000Z"), stuckSince: at(since), waitsFor: ["assignNumber (staff)"] })
    expect(overdueSendOrder(plain(5), at(since + 1))?.waitsFor).toEqual(["sendOut (staff)"])
  })

  it("a door pickup's send order is due by its booked time", () => {
    const booked = new Date("2026-11-21T06:30:00.000Z")
    const door = plain(5, { requireArriveTime: booked, eveningEnd: "21:30" })
    expect(sendDeadline(door)).toEqual(booked)
    expect(overdueSendOrder(door, at(booked.getTime() + 72 * HOUR))).toBeUndefined()
    expect(overdueSendOrder(door, at(booked.getTime() + 72 * HOUR + 1))).toMatchObject({ deadline: booked, waitsFor: ["sendOut (staff)"] })
  })

  it("freight unpaid (cash on delivery, not yet paid) or the parcel out: nothing held, never stuck", () => {
    const later = at(BOOKED.getTime() + 365 * 24 * HOUR)
    for (const status of sendStatuses) expect(overdueSendOrder(plain(status, { freightPaid: false }), later)).toBeUndefined()
    expect(overdueSendOrder(plain(100), later)).toBeUndefined()
  })

  it("cancelled after paying its freight: nothing refunds it, so it is stuck at once", () => {
    expect(overdueSendOrder(plain(400), BOOKED)).toEqual({ deadline: null, stuckSince: BOOKED, waitsFor: [] })
  })
})
