import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { outcome, recordingPorts } from "../shared/ports.testkit"
import { ImageFiles } from "../upload/upload-store"
import { duePicturePurges, PURGE_AFTER_MS, purgePictures, purgePostPictures } from "./picture-purge"
import { CirclePictures } from "./picture-store"

const NOW = new Date("2026-11-28T04:00:00Z")

const setup = (posts: Record<string, ReadonlyArray<string> | undefined>) => {
  const ports = recordingPorts(NOW)
  const removed: Array<string> = []
  const purged: Array<[string, Date]> = []
  const asked: Array<[Date, number]> = []
  const run = <A, E>(effect: Effect.Effect<A, E, any>) => outcome(ports.provide(effect).pipe(
    Effect.provideService(CirclePictures, {
      deletedBefore: (before, limit) => Effect.sync(() => { asked.push([before, limit]); return Object.keys(posts) }),
      onlyDeletedUse: (id) => Effect.sync(() => posts[id]),
      markPurged: (id, at) => Effect.sync(() => void purged.push([id, at]))
    }),
    Effect.provideService(ImageFiles, { save: () => Effect.void, remove: (folder, name) => Effect.sync(() => void removed.push(`${folder}/${name}`)) })
  ) as Effect.Effect<A, E, never>)
  return { ports, removed, purged, asked, run }
}

const A = `/sign/20261118/${"a".repeat(32)}.png`
const B = `https://img.example/sign/20261118/${"b".repeat(32)}.jpg`

describe("the purge of deleted posts' pictures", () => {
  it("asks for posts deleted more than seven days before now, 500 at most", async () => {
    const { run, asked } = setup({ p1: [A] })
    expect(await run(duePicturePurges())).toEqual({ ok: true, value: ["p1"] })
    expect(asked).toEqual([[new Date(NOW.getTime() - PURGE_AFTER_MS), 500]])
    expect(PURGE_AFTER_MS).toBe(7 * 24 * 3600 * 1000)
  })

  it("removes each stored file once, marks the post and logs how many under the system actor", async () => {
    const { run, removed, purged, ports } = setup({ p1: [A, B, A, "not-a-stored-url"] })
    expect(await run(purgePictures("p1"))).toEqual({ ok: true, value: { outcome: "purged", files: 2 } })
    expect(removed).toEqual([`20261118/${"a".repeat(32)}.png`, `20261118/${"b".repeat(32)}.jpg`])
    expect(purged).toEqual([["p1", NOW]])
    expect(ports.ops).toEqual([{ op: "purgeCirclePictures", actorOpenid: "station-system", at: NOW, input: { id: "p1" }, outcome: { files: 2 } }])
  })

  it("skips a post that is not deleted or already purged: nothing removed, nothing logged", async () => {
    const { run, removed, purged, ports } = setup({ p1: undefined })
    expect(await run(purgePostPictures("p1"))).toEqual({ ok: true, value: "skipped" })
    expect([removed, purged, ports.ops]).toEqual([[], [], []])
  })

  it("marks a post whose pictures others still show as purged, removing none", async () => {
    const { run, removed, purged } = setup({ p1: [] })
    expect(await run(purgePostPictures("p1"))).toEqual({ ok: true, value: "purged" })
    expect(removed).toEqual([])
    expect(purged).toHaveLength(1)
  })
})
