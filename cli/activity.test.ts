/**
 * `station activity` as a child process on a fresh data dir: add from an HTML file (cleaned), list, end; refusals
 * exit 1 with the core's message, usage errors 2; the add and end are logged and `station replay` reproduces them.
 */
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { messages } from "#src/home/activity"
import { json, removeTempDirs, station, tempDir } from "./station.testkit"

const SLOW = 240_000

afterAll(removeTempDirs)

interface Listed {
  readonly id: string
  readonly worksiteId: string
  readonly title: string
  readonly timeBegin: string
  readonly timeEnd: string
  readonly content: string
  readonly state: string
}

describe("station activity", () => {
  const env = { DATA_DIR: tempDir("activity") }
  const fresh = { DATA_DIR: tempDir("activity-replayed") }

  it("adds, lists and ends announcements; refuses with the core's messages; the log replays", async () => {
    const content = join(env.DATA_DIR, "notice.html")
    writeFileSync(content, `<h3>停水通知</h3><p onclick="x()">明天驿站照常营业。</p><script>alert(1)</script>`)

    const added = await station(["activity", "add", "--worksite", "ws-dongyuan", "--title", "停水通知", "--from", "2020-01-01", "--to", "2099-12-31", "--content", content, "--json"], env)
    expect(added.code, added.stderr).toBe(0)
    const notice = json<Listed>(added)
    expect(notice).toMatchObject({
      worksiteId: "ws-dongyuan", title: "停水通知", content: "<h3>停水通知</h3><p>明天驿站照常营业。</p>",
      timeBegin: "2019-12-31T16:00:00.000Z", timeEnd: "2099-12-31T16:00:00.000Z"
    })

    const list = await station(["activity", "list", "--worksite", "ws-dongyuan", "--json"], env)
    expect(list.code, list.stderr).toBe(0)
    expect(json<Listed[]>(list).map((a) => [a.id, a.state])).toEqual([[notice.id, "running"]])
    const table = await station(["activity", "list"], env)
    expect(table.stdout).toMatch(/act-xy-welcome\s+ws-xiyuan\s+西园驿站服务升级公告/)
    expect(table.stdout).toMatch(new RegExp(`${notice.id}\\s+ws-dongyuan\\s+停水通知\\s+2020-01-01 00:00:00 \\+08:00\\s+2100-01-01 00:00:00 \\+08:00\\s+进行中`))

    const ended = await station(["activity", "end", notice.id], env)
    expect(ended.code, ended.stderr).toBe(0)
    expect(ended.stdout).toMatch(/^Ended\./)
    const again = await station(["activity", "end", notice.id, "--json"], env)
    expect(again.code).toBe(1)
    expect(json(again)).toEqual({ error: { tag: "StateConflict", message: messages.alreadyEnded } })

    const refusals: Array<[ReadonlyArray<string>, number, RegExp]> = [
      [["activity", "end", "nope"], 1, new RegExp(messages.notFound)],
      [["activity", "add", "--worksite", "ws-xiyuan", "--title", "x", "--from", "2026-12-02", "--to", "2026-12-01", "--content", content], 1, new RegExp(messages.windowWrong)],
      [["activity", "add", "--worksite", "ws-xiyuan", "--title", "x", "--from", "2026-12-01T08:00", "--to", "2026-12-02", "--content", content], 1, new RegExp(messages.fromWrong)],
      [["activity", "add", "--worksite", "ws-nowhere", "--title", "x", "--from", "2026-12-01", "--to", "2026-12-02", "--content", content], 1, /获取网点信息失败/],
      [["activity", "add", "--worksite", "ws-xiyuan", "--title", "x", "--from", "2026-12-01", "--to", "2026-12-02", "--content", join(env.DATA_DIR, "none.html")], 2, /no content file/],
      [["activity", "add", "--worksite", "ws-xiyuan", "--title", "x", "--from", "2026-12-01"], 2, /required option '--to <time>'/]
    ]
    for (const [args, code, message] of refusals) {
      const run = await station(args, env)
      expect({ code: run.code, args }).toEqual({ code, args })
      expect(run.stderr).toMatch(message)
    }

    const exported = await station(["ops", "export"], env)
    expect(exported.code, exported.stderr).toBe(0)
    const lines = exported.stdout.trimEnd().split("\n").map((l) => JSON.parse(l) as { op: string; actorOpenid: string }).filter((l) => "op" in l)
    expect(lines.map((l) => [l.op, l.actorOpenid])).toEqual([["addActivity", "station-operator"], ["endActivity", "station-operator"]])
    const file = join(env.DATA_DIR, "ops.jsonl")
    writeFileSync(file, exported.stdout)
    const replayed = await station(["replay", file, "--json"], fresh)
    expect(replayed.code, replayed.stderr).toBe(0)
    expect(json(replayed)).toMatchObject({ reproduced: true, digest: { equal: true, tables: [] }, operations: 2, matched: 2 })
    const replayedList = await station(["activity", "list", "--worksite", "ws-dongyuan", "--json"], fresh)
    expect(json<Listed[]>(replayedList).map((a) => ({ ...a, state: a.state }))).toEqual(json<Listed[]>(await station(["activity", "list", "--worksite", "ws-dongyuan", "--json"], env)))
  }, SLOW)
})
