import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { outcome, recordingPorts, refused } from "../shared/ports.testkit"
import type { WorksiteProfile } from "../worksite/directory"
import { Worksites } from "../worksite/worksite-store"
import { isRunning, messages, newestFirst, type Announcement } from "./activity"
import { ContentCleaner } from "./activity-content"
import { ActivityStore, RUNNING_LIMIT } from "./activity-store"
import { STATION_OPERATOR } from "../shared/operation"
import { activityDetail, addActivity, endActivity, listActivities, runningActivities, showsSomething } from "./use-cases"

const site = { id: "ws-1", siteCode: "W1", fullName: "一号驿站", shortName: "一号", schoolCampus: "南校区", schoolCode: "S", servicePhone: "", serviceBegin: "08:00", serviceEnd: "20:00", paotuiAble: false, paotuiApplyAble: false, paotuiApplyNeedInvitation: false, location: null, smsCredit: 0 } satisfies WorksiteProfile

/** The port's contract over a list: what the Postgres store does with its statements. */
const memoryStore = (rows: Array<Announcement>) => ActivityStore.of({
  running: (worksiteId, now) => Effect.sync(() => rows.filter((a) => a.worksiteId === worksiteId && isRunning(a, now)).sort(newestFirst).slice(0, RUNNING_LIMIT)),
  find: (id) => Effect.sync(() => rows.find((a) => a.id === id)),
  list: ({ worksiteId, limit }) => Effect.sync(() => rows.filter((a) => worksiteId === undefined || a.worksiteId === worksiteId).sort(newestFirst).slice(0, limit)),
  add: (a) => Effect.sync(() => void rows.push(a)),
  end: (id, at) => Effect.sync(() => {
    const i = rows.findIndex((a) => a.id === id && a.timeEnd.getTime() > at.getTime())
    if (i < 0) return undefined
    rows[i] = { ...rows[i]!, timeEnd: at }
    return rows[i]
  })
})

/** Stands in for the adapter: drops every tag but <p> and <img>, which is all these tests need of it. */
const tagStripper = ContentCleaner.of({ clean: (html) => Effect.succeed(html.replace(/<(?!\/?(p|img)\b)[^>]*>/g, "")) })

const NOW = new Date("2026-12-01T04:00:00Z")

const setup = (rows: Array<Announcement> = []) => {
  const ports = recordingPorts(NOW, ["a-new"])
  const run = <A, E>(effect: Effect.Effect<A, E, ActivityStore | ContentCleaner | Worksites | import("../shared/ports").Clock | import("../shared/ports").Ids | import("../shared/ports").OpsLog>) =>
    outcome(ports.provide(effect).pipe(
      Effect.provideService(ActivityStore, memoryStore(rows)),
      Effect.provideService(ContentCleaner, tagStripper),
      Effect.provideService(Worksites, { all: () => Effect.succeed([site]), find: (id) => Effect.succeed(id === site.id ? site : undefined) })
    ))
  return { rows, ops: ports.ops, run }
}

const draft = { worksiteId: "ws-1", title: " 双十二公告 ", content: "<p>好消息</p><script>x()</script>", from: "2026-12-01", to: "2026-12-12" }
const announcement = (id: string, begin: string, end: string): Announcement =>
  ({ id, worksiteId: "ws-1", title: id, content: "<p>x</p>", timeBegin: new Date(begin), timeEnd: new Date(end) })

describe("adding an announcement", () => {
  it("stores the cleaned content over the Shanghai days named and logs the draft under the operator", async () => {
    const { rows, ops, run } = setup()
    const added = await run(addActivity(draft))
    expect(added).toEqual({ ok: true, value: {
      id: "a-new", worksiteId: "ws-1", title: "双十二公告", content: "<p>好消息</p>x()",
      timeBegin: new Date("2026-11-30T16:00:00Z"), timeEnd: new Date("2026-12-12T16:00:00Z")
    } })
    expect(rows).toHaveLength(1)
    expect(ops).toEqual([{
      op: "addActivity", actorOpenid: STATION_OPERATOR, at: NOW, input: draft,
      outcome: { id: "a-new", timeBegin: "2026-11-30T16:00:00.000Z", timeEnd: "2026-12-12T16:00:00.000Z" }
    }])
  })

  it("refuses, writing nothing: a missing title, a bad window, an unknown worksite, content that cleans to nothing", async () => {
    const { rows, ops, run } = setup()
    expect(await run(addActivity({ ...draft, title: "" }))).toMatchObject(refused("RuleViolation", messages.titleRequired))
    expect(await run(addActivity({ ...draft, to: "2026-11-30" }))).toMatchObject(refused("RuleViolation", messages.windowWrong))
    expect(await run(addActivity({ ...draft, from: "明天" }))).toMatchObject(refused("RuleViolation", messages.fromWrong))
    expect(await run(addActivity({ ...draft, worksiteId: "ws-x" }))).toMatchObject(refused("NotFound", "获取网点信息失败"))
    expect(await run(addActivity({ ...draft, content: "<div> </div><p>&nbsp;</p>" }))).toMatchObject(refused("RuleViolation", messages.contentRequired))
    expect(rows).toEqual([])
    expect(ops).toEqual([])
  })

  it("counts a picture alone as content", () => {
    expect(showsSomething(`<p><img src="/sign/20261126/0123456789abcdef0123456789abcdef.png" /></p>`)).toBe(true)
    expect(showsSomething("<p> &nbsp;</p><br />")).toBe(false)
  })
})

describe("reading announcements", () => {
  const list = () => [
    announcement("old", "2026-11-01T00:00:00Z", "2026-12-31T00:00:00Z"),
    announcement("new", "2026-11-20T00:00:00Z", "2026-12-31T00:00:00Z"),
    announcement("over", "2026-10-01T00:00:00Z", "2026-12-01T04:00:00Z"),
    announcement("later", "2026-12-02T00:00:00Z", "2026-12-31T00:00:00Z")
  ]

  it("lists the worksite's running ones newest first; an unknown worksite is 404", async () => {
    const { run } = setup(list())
    const running = await run(runningActivities("ws-1"))
    expect(running.ok && running.value.map((a) => a.id)).toEqual(["new", "old"])
    expect(await run(runningActivities("ws-x"))).toMatchObject(refused("NotFound", "获取网点信息失败"))
  })

  it("answers one by id, ended or not; an unknown id is 404", async () => {
    const { run } = setup(list())
    expect(await run(activityDetail("over"))).toMatchObject({ ok: true, value: { id: "over" } })
    expect(await run(activityDetail("nope"))).toMatchObject(refused("NotFound", messages.notFound))
  })

  it("lists every one for the operator with where it stands now", async () => {
    const { run } = setup(list())
    const all = await run(listActivities({ limit: 10 }))
    expect(all.ok && all.value.map((a) => [a.id, a.state])).toEqual([["later", "upcoming"], ["new", "running"], ["old", "running"], ["over", "ended"]])
  })
})

describe("ending an announcement", () => {
  it("ends a running one now and one not begun at its begin, logging each; an ended one is 409 and an unknown one 404", async () => {
    const { ops, run } = setup([
      announcement("run", "2026-11-01T00:00:00Z", "2026-12-31T00:00:00Z"),
      announcement("later", "2026-12-05T00:00:00Z", "2026-12-31T00:00:00Z"),
      announcement("over", "2026-10-01T00:00:00Z", "2026-11-01T00:00:00Z")
    ])
    expect(await run(endActivity("run"))).toMatchObject({ ok: true, value: { id: "run", timeEnd: NOW } })
    expect(await run(endActivity("later"))).toMatchObject({ ok: true, value: { id: "later", timeEnd: new Date("2026-12-05T00:00:00Z") } })
    expect(await run(endActivity("run"))).toMatchObject(refused("StateConflict", messages.alreadyEnded))
    expect(await run(endActivity("later"))).toMatchObject(refused("StateConflict", messages.alreadyEnded))
    expect(await run(endActivity("over"))).toMatchObject(refused("StateConflict", messages.alreadyEnded))
    expect(await run(endActivity("nope"))).toMatchObject(refused("NotFound", messages.notFound))
    expect(ops.map((o) => [o.op, o.actorOpenid, o.input, o.outcome])).toEqual([
      ["endActivity", STATION_OPERATOR, { id: "run" }, { id: "run", timeEnd: NOW.toISOString() }],
      ["endActivity", STATION_OPERATOR, { id: "later" }, { id: "later", timeEnd: "2026-12-05T00:00:00.000Z" }]
    ])
  })
})
