/**
 * `station feedback` as a child process on a data dir with two suggestions (one at each demo worksite): the list
 * (all, open, one worksite), one shown with its thread, a reply and a handling as a person, refusals with the core's
 * messages (exit 1: another worksite's staff, a handled one) and usage errors (2: no such person).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { actorByOpenid } from "#adapters/ops/actors"
import { submitSuggestion } from "#src/feedback/use-cases"
import { json, removeTempDirs, seededDataDir, station, tempDir } from "./station.testkit"

const SLOW = 240_000

afterAll(removeTempDirs)

describe("station feedback", () => {
  const env = { DATA_DIR: tempDir("feedback") }
  const ids: Array<string> = []

  beforeAll(async () => {
    await seededDataDir(env.DATA_DIR, async (database, runtime) => {
      for (const [openid, title] of [["demo-student", "取件太慢"], ["demo-staff-dy", "希望延长营业时间"]] as const) {
        const actor = await actorByOpenid(database.db, openid)
        const exit = await runtime.run(submitSuggestion(actor!, { type: 1, title, content: `${title}，请改进` }))
        if (exit._tag !== "Success") throw new Error(`not submitted: ${JSON.stringify(exit)}`)
        ids.push(exit.value)
      }
    })
  }, SLOW)

  it("lists, shows, replies and handles as a person; refuses with the core's words", async () => {
    const all = await station(["feedback", "list", "--json"], env)
    expect(all.code, all.stderr).toBe(0)
    expect(json<Array<{ id: string; worksiteId: string; title: string; status: number }>>(all).map((s) => [s.worksiteId, s.title, s.status]).sort())
      .toEqual([["ws-dongyuan", "希望延长营业时间", 0], ["ws-xiyuan", "取件太慢", 0]])
    const xy = await station(["feedback", "list", "--worksite", "ws-xiyuan"], env)
    expect(xy.stdout).toMatch(/取件太慢\s+待回复/)
    expect(xy.stdout).not.toMatch(/希望延长营业时间/)

    const elsewhere = await station(["feedback", "reply", ids[0]!, "我们会改进", "--as", "demo-staff-dy"], env)
    expect(elsewhere.code).toBe(1)
    expect(elsewhere.stderr).toMatch("获取意见反馈信息出错")
    const replied = await station(["feedback", "reply", ids[0]!, "我们会增加人手", "--as", "demo-staff"], env)
    expect(replied.code, replied.stderr).toBe(0)
    expect(replied.stdout).toMatch("Replied; the feedback is now 已回复.")
    const shown = await station(["feedback", "show", ids[0]!], env)
    expect(shown.stdout).toMatch(/状态\s+已回复/)
    expect(shown.stdout).toMatch(/staff: 我们会增加人手/)

    expect((await station(["feedback", "handle", ids[0]!, "--as", "demo-admin"], env)).code).toBe(0)
    const again = await station(["feedback", "handle", ids[0]!, "--as", "demo-admin"], env)
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch("该反馈已处理")
    const open = await station(["feedback", "list", "--open", "--json"], env)
    expect(json<Array<{ id: string }>>(open).map((s) => s.id)).toEqual([ids[1]])
    const nobody = await station(["feedback", "handle", ids[1]!, "--as", "no-such-openid"], env)
    expect(nobody.code).toBe(2)
    expect(nobody.stderr).toMatch("no user with openid no-such-openid")
  }, SLOW)
})
