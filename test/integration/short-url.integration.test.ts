/**
 * Short URLs over HTTP (`GET /api/wxCommon/shorturl`, `GET /s/{code}`): a signed-in user shortens this site's share
 * pages only, one path keeps one code, the short URL redirects to a path of this site, and `station replay` records
 * the same code again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loggedOperations } from "#adapters/ops/ops-log"
import { replayOperations } from "#adapters/ops/replay"
import { ShortUrl } from "#src/circle/calls"
import { decodedData, newUser, settleOutbox, startTestApp, type TestApp } from "../support/test-app"

describe("short URLs", () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await startTestApp("pglite")
    token = await t.token((await newUser(t.db)).openid)
  })
  afterAll(async () => { await t?.close() })

  const shorten = (longUrl: string, as = token) => t.api("GET", `/api/wxCommon/shorturl?${new URLSearchParams({ longUrl })}`, as)
  const follow = async (path: string) => {
    const res = await fetch(`${t.url}${path}`, { redirect: "manual" })
    expect(res.status).toBe(302)
    return res.headers.get("location")!
  }

  it("gives one code per page, whose short URL leads back to the page", async () => {
    const short = decodedData(ShortUrl.answer, await shorten("/share/circleDetail/c_77"))
    expect(short).toMatch(new RegExp(`^${t.url}/s/[A-Za-z0-9]{8}$`))
    expect(decodedData(ShortUrl.answer, await shorten(`${t.url}/share/circleDetail/c_77`))).toBe(short)
    expect(await follow(new URL(short).pathname)).toBe("/share/circleDetail/c_77")
    const visitor = decodedData(ShortUrl.answer, await shorten("/circleDetail/c_77/oVisitor_1"))
    expect(visitor).not.toBe(short)
    expect(await follow(new URL(visitor).pathname)).toBe("/circleDetail/c_77/oVisitor_1")
    expect(await t.db.selectFrom("short_url").select("path").where("path", "like", "%c_77%").execute()).toHaveLength(2)
  })

  it("refuses any other address with 400 and stores nothing", async () => {
    const before = (await t.db.selectFrom("short_url").select("code").execute()).length
    for (const longUrl of [
      "//evil.example/share/home/-1", "https://evil.example/share/home/-1", "/\\evil.example", "javascript:alert(1)", "https:",
      "%2F%2Fevil.example", "/share/home%2F-1", `/circleDetail/c_77/${token}`, `/home/${token}`, "/share/takecash/-1", ""
    ]) {
      const answer = await shorten(longUrl)
      expect(answer.status, longUrl).toBe(400)
      expect(answer.body.message).toBe("只能生成本站分享页面的短链接")
    }
    expect((await t.db.selectFrom("short_url").select("code").execute()).length).toBe(before)
  })

  it("needs a session to shorten; an unknown or malformed code leads to the not-found page", async () => {
    expect((await t.api("GET", "/api/wxCommon/shorturl?longUrl=/share/home/-1")).status).toBe(401)
    expect(await follow("/s/zzzzzzzz")).toBe("/error/10003")
    expect(await follow("/s/..%2F..%2Fevil")).toBe("/error/10003")
    expect(await follow("/s/%2F%2Fevil.example")).toBe("/error/10003")
  })

  it("replays into a fresh database with the same codes", async () => {
    const code = new URL(decodedData(ShortUrl.answer, await shorten("/share/home/-1"))).pathname.slice(3)
    const lines: Array<{ lineNo: number; text: string }> = []
    await settleOutbox(t)
    for await (const op of loggedOperations(t.db)) if (op.op === "shortenUrl") lines.push({ lineNo: lines.length + 1, text: JSON.stringify(op) })
    expect(lines).toHaveLength(3)
    const fresh = await startTestApp("pglite")
    try {
      await fresh.db.insertInto("app_user").values(await t.db.selectFrom("app_user").selectAll().where("openid", "=", JSON.parse(lines[0]!.text).actorOpenid).executeTakeFirstOrThrow()).execute()
      const summary = await replayOperations(fresh.runtime, (async function* () { yield* lines })())
      expect(summary.problems).toEqual([])
      expect(summary).toMatchObject({ operations: 3, matched: 3 })
      expect((await fresh.db.selectFrom("short_url").select("path").where("code", "=", code).executeTakeFirstOrThrow()).path).toBe("/share/home/-1")
    } finally {
      await fresh.close()
    }
  })
})
