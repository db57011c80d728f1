import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { outcome, recordingPorts, refused } from "../shared/ports.testkit"
import { PLATFORM_SERVICE_PHONE, type WorksiteProfile } from "./directory"
import { servicePhoneNow, worksiteDetail, worksitesByGroup, worksitesNear } from "./use-cases"
import { Worksites } from "./worksite-store"

const site = (id: string, over: Partial<WorksiteProfile> = {}): WorksiteProfile => ({
  id, siteCode: id.toUpperCase(), fullName: `${id} station`, shortName: id, schoolCampus: "北校区", schoolCode: "S1",
  servicePhone: "020-1234", serviceBegin: "08:00", serviceEnd: "20:00", paotuiAble: false, paotuiApplyAble: false,
  paotuiApplyNeedInvitation: false, location: null, smsCredit: 0, ...over
})

const near = site("near", { location: { lon: 113.30, lat: 23.10 } })
const far = site("far", { location: { lon: 113.40, lat: 23.20 }, schoolCampus: "Apple 校区" })
const nowhere = site("nowhere")

const run = <A, E>(effect: Effect.Effect<A, E, Worksites | import("../shared/ports").Clock>, at = new Date("2026-03-02T04:00:00Z")) =>
  outcome(recordingPorts(at).provide(effect).pipe(
    Effect.provideService(Worksites, {
      all: () => Effect.succeed([far, nowhere, near]),
      find: (id) => Effect.succeed([far, nowhere, near].find((w) => w.id === id))
    })
  ))

describe("worksite chooser use cases", () => {
  it("lists worksites nearest first from a real point and refuses an impossible one", async () => {
    const answer = await run(worksitesNear({ lon: 113.30, lat: 23.10 }))
    expect(answer.ok && answer.value.map((w) => [w.id, w.distance])).toEqual([["near", 0], ["far", expect.any(Number)], ["nowhere", null]])
    expect(await run(worksitesNear({ lon: 200, lat: 23 }))).toMatchObject(refused("RuleViolation", "获取地理位置出错"))
    expect(await run(worksitesNear({ lon: Number.NaN, lat: 23 }))).toMatchObject(refused("RuleViolation", "获取地理位置出错"))
  })

  it("groups every worksite by its index letter", async () => {
    const answer = await run(worksitesByGroup())
    expect(answer.ok && answer.value.map((g) => [g.group, g.items.map((w) => w.id)])).toEqual([["A", ["far"]], ["B", ["near", "nowhere"]]])
  })

  it("answers a worksite's detail, and the spec's message for an unknown one", async () => {
    expect(await run(worksiteDetail("far"))).toEqual({ ok: true, value: far })
    expect(await run(worksiteDetail("gone"))).toMatchObject(refused("NotFound", "获取网点信息失败"))
    expect(await run(servicePhoneNow("gone"))).toMatchObject(refused("NotFound", "获取网点信息失败"))
  })

  it("gives the worksite's phone within its hours and the platform's outside them", async () => {
    expect(await run(servicePhoneNow("near"), new Date("2026-03-02T04:00:00Z"))).toEqual({ ok: true, value: "020-1234" })
    expect(await run(servicePhoneNow("near"), new Date("2026-03-02T13:00:00Z"))).toEqual({ ok: true, value: PLATFORM_SERVICE_PHONE })
  })
})
