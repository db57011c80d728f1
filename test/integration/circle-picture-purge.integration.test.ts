/**
 * The job `purge-deleted-circle-images`: seven days after a circle post was deleted, the image files only deleted
 * posts used are removed and the post is marked purged, once; a file a listed post still shows stays, a post deleted
 * less than seven days ago keeps its files, and the run is logged and replays.
 */
import { existsSync } from "node:fs"
import { mkdir, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loggedOperations } from "#adapters/ops/ops-log"
import { jobNamed } from "#adapters/scheduler/jobs"
import { newUser, startTestApp, type TestApp } from "../support/test-app"

const DAY = 24 * 60 * 60 * 1000
const now = new Date("2026-11-28T04:00:00Z")
const FOLDER = "20261118"
const file = (n: number) => `${String(n).padStart(32, "a")}.png`
const url = (n: number) => `/sign/${FOLDER}/${file(n)}`

describe("purge-deleted-circle-images", () => {
  let t: TestApp
  let owner: string
  const onDisk = (n: number) => existsSync(join(t.runtime.uploadsDir, FOLDER, file(n)))

  beforeAll(async () => {
    t = await startTestApp("pglite")
    owner = (await newUser(t.db)).id
    await mkdir(join(t.runtime.uploadsDir, FOLDER), { recursive: true })
    for (let n = 1; n <= 6; n++) await writeFile(join(t.runtime.uploadsDir, FOLDER, file(n)), "png")
    const item = (id: string, pics: number[], status: number, deletedAt: Date | null) => ({
      id, owner_id: owner, worksite_id: "ws-xiyuan", biz_type: 20, goods_type: 20, title: "台灯", sum: 1, fee_type: 1, price_fen: 1000,
      pics: JSON.stringify(pics.map((n) => ({ id: `up-${n}`, url: url(n) }))), status, deleted_at: deletedAt, created_at: new Date(now.getTime() - 30 * DAY),
      updated_at: new Date(now.getTime() - 30 * DAY)
    })
    await t.db.insertInto("circle_item").values([
      item("c-old", [1, 2], -1, new Date(now.getTime() - 8 * DAY)),
      item("c-listed", [2], 1, null),
      item("c-recent", [3], -1, new Date(now.getTime() - 2 * DAY))
    ]).execute()
    await t.db.insertInto("circle_social").values({
      id: "s-old", kind: 30, owner_id: owner, worksite_id: "ws-xiyuan", nickname: "小红", sex: 0, word: "你好呀", header: url(4),
      pics: JSON.stringify([url(5)]), status: -1, deleted_at: new Date(now.getTime() - 9 * DAY), created_at: new Date(now.getTime() - 20 * DAY)
    }).execute()
  })
  afterAll(async () => { await t?.close() })

  it("removes only the files no live post shows, of posts deleted 7 days ago, once", async () => {
    const job = jobNamed("purge-deleted-circle-images")!
    expect(await job.run(t.runtime, now)).toMatchObject({ purged: 2, skipped: 0, failed: 0 })
    expect([1, 2, 3, 4, 5, 6].map(onDisk)).toEqual([false, true, true, false, false, true])
    const purged = await t.db.selectFrom("circle_item").select(["id", "pics_purged_at"]).orderBy("id").execute()
    expect(purged.map((p) => [p.id, p.pics_purged_at !== null])).toEqual([["c-listed", false], ["c-old", true], ["c-recent", false]])
    expect(await job.run(t.runtime, now)).toMatchObject({ purged: 0, skipped: 0, failed: 0 })

    const logged = []
    for await (const op of loggedOperations(t.db)) if (op.op === "purgeCirclePictures") logged.push(op)
    expect(logged.map((op) => [op.input, op.outcome])).toEqual([[{ id: "s-old" }, { files: 2 }], [{ id: "c-old" }, { files: 1 }]])
  })

  it("purges the recent one once its seven days are over", async () => {
    const job = jobNamed("purge-deleted-circle-images")!
    expect(await job.run(t.runtime, new Date(now.getTime() + 6 * DAY))).toMatchObject({ purged: 1 })
    expect(onDisk(3)).toBe(false)
  })
})
