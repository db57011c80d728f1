/**
 * The official account's two ways in, over HTTP, with the local fake and with MESSAGING_APP=wechat at its stand-in:
 * - the server callback `/api/wx/event`: the URL check answers the echostr, an event signed with the account's token
 *   follows or unfollows (a new follower signed up with the unionid the app tells), a repeat changes nothing, a
 *   forged, stale or unreadable call is refused; the log replays into the same users;
 * - the menu entry `/auth/wx/enter/{page}`: a follower lands signed in on the page; someone new is asked for their
 *   profile and, following, signed up with it; anyone else lands on the follow QR. No Location leaves the site but
 *   for the app's authorisation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { FAKE_CALLBACK_TOKEN } from "#adapters/messaging/fake-messaging-app"
import { eventXml, sendEvent, signedCallbackQuery, startWechatStandIn } from "#adapters/messaging/wechat-stand-in"
import { issueTokenFor } from "#adapters/ops/actors"
import { loggedOperations } from "#adapters/ops/ops-log"
import { replayOperations } from "#adapters/ops/replay"
import { startTestApp, type TestApp } from "../support/test-app"
import { watchWrites, type WriteWatch } from "../support/write-watch"

const CALLBACK = "/api/wx/event"

const userOf = (t: TestApp, openid: string) => t.db.selectFrom("app_user").selectAll().where("openid", "=", openid).executeTakeFirst()

const location = async (t: TestApp, path: string) => {
  const res = await fetch(path.startsWith("http") ? path : `${t.url}${path}`, { redirect: "manual" })
  expect(res.status, `${path} → ${res.status}`).toBe(302)
  return res.headers.get("location")!
}
const query = (url: string) => new URL(url, "http://site.invalid").searchParams

describe("the server callback with the fake messaging app", () => {
  let t: TestApp
  let fresh: TestApp
  let watch: WriteWatch
  beforeAll(async () => {
    t = await startTestApp("pglite")
    fresh = await startTestApp("pglite")
    watch = await watchWrites(t.db)
  }, 60_000)
  afterAll(async () => { await Promise.all([t?.close(), fresh?.close()]) })

  const post = (event: Parameters<typeof sendEvent>[2], body?: string) => sendEvent(`${t.url}${CALLBACK}`, FAKE_CALLBACK_TOKEN, event, body)

  it("answers the URL check with its echostr when signed with the account's token, and refuses it otherwise", async () => {
    const signed = signedCallbackQuery(FAKE_CALLBACK_TOKEN)
    const check = await fetch(`${t.url}${CALLBACK}?${new URLSearchParams({ ...signed, echostr: "5838479218127813673" })}`)
    expect([check.status, await check.text()]).toEqual([200, "5838479218127813673"])
    const forged = signedCallbackQuery("another-token")
    const stale = signedCallbackQuery(FAKE_CALLBACK_TOKEN, Math.floor(Date.now() / 1000) - 301)
    for (const q of [forged, stale, { ...signed, nonce: `${signed.nonce}1` }, { timestamp: signed.timestamp, nonce: signed.nonce }]) {
      const refused = await fetch(`${t.url}${CALLBACK}?${new URLSearchParams({ ...q, echostr: "1" })}`)
      expect([refused.status, await refused.json()]).toEqual([403, { success: false, message: "签名错误" }])
    }
  })

  it("a follow signs someone new up; a repeat changes nothing; an unfollow ends it; a follow again starts it from then", async () => {
    expect(await post({ openid: "oa-newcomer", event: "subscribe" })).toEqual({ status: 200, body: "success" })
    const joined = await userOf(t, "oa-newcomer")
    expect(joined).toMatchObject({ subscribe: true, unionid: null, nickname: null, sex: 0 })
    expect(await t.db.selectFrom("wallet").select("money").where("user_id", "=", joined!.id).executeTakeFirst()).toEqual({ money: 0 })
    expect(await post({ openid: "oa-newcomer", event: "subscribe" })).toEqual({ status: 200, body: "success" })
    expect(await t.db.selectFrom("app_user").select("id").where("openid", "=", "oa-newcomer").execute()).toHaveLength(1)

    expect(await post({ openid: "oa-newcomer", event: "unsubscribe" })).toEqual({ status: 200, body: "success" })
    expect(await post({ openid: "oa-newcomer", event: "unsubscribe" })).toEqual({ status: 200, body: "success" })
    expect(await userOf(t, "oa-newcomer")).toMatchObject({ subscribe: false, subscribe_time: joined!.subscribe_time })
    await new Promise((r) => setTimeout(r, 5))
    expect(await post({ openid: "oa-newcomer", event: "subscribe" })).toEqual({ status: 200, body: "success" })
    const again = await userOf(t, "oa-newcomer")
    expect(again!.subscribe).toBe(true)
    expect(again!.subscribe_time!.getTime()).toBeGreaterThan(joined!.subscribe_time!.getTime())
    // an unfollow of someone the station never had is taken and changes nothing
    expect(await post({ openid: "oa-stranger", event: "unsubscribe" })).toEqual({ status: 200, body: "success" })
    expect(await userOf(t, "oa-stranger")).toBeUndefined()
  })

  it("another message is taken and ignored; a forged event, a body that is no message of the app or too big changes nothing", async () => {
    const text = `<xml><ToUserName><![CDATA[gh_1]]></ToUserName><FromUserName><![CDATA[oa-talker]]></FromUserName><CreateTime>1</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[你好]]></Content></xml>`
    expect(await post({ openid: "oa-talker", event: "subscribe" }, text)).toEqual({ status: 200, body: "success" })
    const forged = await sendEvent(`${t.url}${CALLBACK}`, "not-the-token", { openid: "oa-forged", event: "subscribe" })
    expect(forged.status).toBe(403)
    for (const body of ["", "not xml", "{\"xml\":1}", "<xml><FromUserName>../x</FromUserName><MsgType>event</MsgType><Event>subscribe</Event></xml>", "<xml><MsgType>event</MsgType></xml>"]) {
      const refused = await post({ openid: "oa-bad", event: "subscribe" }, body)
      expect([refused.status, JSON.parse(refused.body)], body).toEqual([400, { success: false, message: "请求格式不正确" }])
    }
    const big = await post({ openid: "oa-big", event: "subscribe" }, eventXml({ openid: "oa-big", event: "subscribe" }).replace("</xml>", `<Pad>${"x".repeat(20_000)}</Pad></xml>`))
    expect(big.status).toBe(413)
    for (const openid of ["oa-talker", "oa-forged", "oa-big"]) expect(await userOf(t, openid)).toBeUndefined()
  })

  it("every change was logged, and the log replays into the same users", async () => {
    expect(await watch.unlogged()).toEqual([])
    const lines: Array<{ lineNo: number; text: string }> = []
    for await (const op of loggedOperations(t.db)) lines.push({ lineNo: lines.length + 1, text: JSON.stringify(op) })
    expect(lines.map((l) => JSON.parse(l.text).op)).toEqual(["signUp", "unfollow", "follow"])
    const summary = await replayOperations(fresh.runtime, (async function* () { yield* lines })())
    expect(summary.problems).toEqual([])
    expect(summary).toMatchObject({ operations: 3, matched: 3, mismatched: 0, failed: 0 })
    const row = (a: TestApp) => a.db.selectFrom("app_user").selectAll().where("openid", "=", "oa-newcomer").execute()
    expect(await row(fresh)).toEqual(await row(t))
  })
})

describe("the menu entry with the fake messaging app", () => {
  let t: TestApp
  beforeAll(async () => { t = await startTestApp("pglite") }, 60_000)
  afterAll(async () => { await t?.close() })

  /** Enters the page as this openid through the fake's sign-in page; the authorisations it went through and the landing. */
  const enter = async (page: string, openid: string) => {
    const scopes: string[] = []
    let next = await location(t, `/auth/wx/enter/${page}`)
    while (next.startsWith("/auth/dev/authorize?")) {
      scopes.push(query(next).get("scope")!)
      const signIn = await location(t, next)
      expect(signIn).toMatch(/^\/\?/)
      const callback = await location(t, `/auth/dev/authorize?${new URLSearchParams({ ...Object.fromEntries(query(signIn)), openid })}`)
      expect(callback).toMatch(/^\/auth\/wx\/enter\?/)
      next = await location(t, callback)
    }
    return { scopes, landing: next }
  }

  it("a follower lands signed in on the page at once; a visitor is asked for the profile and lands on the follow QR", async () => {
    const student = await enter("home", "demo-student")
    expect(student.scopes).toEqual(["snsapi_base"])
    expect(student.landing).toMatch(/^\/home\/[A-Za-z0-9_-]{43}$/)
    const me = await t.api("GET", "/api/user/wxuserInfo", student.landing.split("/")[2])
    expect(me.body.data.openid).toBe("demo-student")
    expect((await enter("warehousing", "demo-staff")).landing).toMatch(/^\/warehousing\/[A-Za-z0-9_-]{43}$/)

    const visitor = await enter("home", "demo-visitor")
    expect(visitor).toEqual({ scopes: ["snsapi_base", "snsapi_userinfo"], landing: "/qrcode" })
    expect(await userOf(t, "demo-visitor")).toBeUndefined()
  })

  it("a page off the allowlist lands on /error/10003 before any authorisation; a bad code or state on an error page", async () => {
    for (const page of ["circleDetail", "%2F%2Fevil.com", "Home", "__proto__", "error"]) expect(await location(t, `/auth/wx/enter/${page}`), page).toBe("/error/10003")
    expect(await location(t, `/auth/wx/enter?${new URLSearchParams({ code: "made-up", state: "home" })}`)).toBe("/error/10000")
    expect(await location(t, `/auth/wx/enter?${new URLSearchParams({ code: "made-up", state: "//evil.com" })}`)).toBe("/error/10003")
  })
})

describe("MESSAGING_APP=wechat at its stand-in", () => {
  const appId = "wx00000000entry01"
  const token = "entry-callback-token"
  let t: TestApp
  let standIn: Awaited<ReturnType<typeof startWechatStandIn>>
  beforeAll(async () => {
    standIn = await startWechatStandIn({
      appId, secret: "entry-secret", templates: [], followers: ["ow-follower", "ow-returning", "demo-student"],
      people: { "ow-follower": { unionid: "un-follower", nickname: "小林", sex: 2 }, "ow-returning": { unionid: "un-returning", nickname: null, sex: 0 } }
    })
    t = await startTestApp("pglite", {
      env: {
        MESSAGING_APP: "wechat", WECHAT_APP_ID: appId, WECHAT_APP_SECRET: "entry-secret", WECHAT_TOKEN: token, PUBLIC_URL: "https://station.example",
        WECHAT_API_ENDPOINT: standIn.endpoint, WECHAT_AUTHORIZE_ENDPOINT: "https://open.weixin.qq.com", WECHAT_TIMEOUT_MS: "300"
      }
    })
  }, 60_000)
  afterAll(async () => { await t?.close(); await standIn?.close() })

  /** Enters the page as this openid, the stand-in authorising on the app's page; the scopes asked for and the landing. */
  const enter = async (page: string, openid: string) => {
    const scopes: string[] = []
    let next = await location(t, `/auth/wx/enter/${page}`)
    while (next.startsWith("https://open.weixin.qq.com/")) {
      const asked = query(next)
      expect(asked.get("appid")).toBe(appId)
      expect(asked.get("redirect_uri")).toBe("https://station.example/auth/wx/enter")
      scopes.push(asked.get("scope")!)
      const code = standIn.authorize(openid, asked.get("scope") as "snsapi_base" | "snsapi_userinfo")
      next = await location(t, `/auth/wx/enter?${new URLSearchParams({ code, state: asked.get("state")! })}`)
    }
    return { scopes, landing: next }
  }

  it("the development sign-in is off, and the callback takes only the account's own token", async () => {
    expect((await fetch(`${t.url}/auth/dev/users`)).status).toBe(404)
    expect((await sendEvent(`${t.url}${CALLBACK}`, FAKE_CALLBACK_TOKEN, { openid: "ow-x", event: "subscribe" })).status).toBe(403)
    const check = await fetch(`${t.url}${CALLBACK}?${new URLSearchParams({ ...signedCallbackQuery(token), echostr: "abc" })}`)
    expect(await check.text()).toBe("abc")
  })

  it("a follow event signs the follower up with the unionid the app tells", async () => {
    expect(await sendEvent(`${t.url}${CALLBACK}`, token, { openid: "ow-returning", event: "subscribe" })).toEqual({ status: 200, body: "success" })
    expect(await userOf(t, "ow-returning")).toMatchObject({ subscribe: true, unionid: "un-returning" })
    expect(await sendEvent(`${t.url}${CALLBACK}`, token, { openid: "ow-returning", event: "unsubscribe" })).toEqual({ status: 200, body: "success" })
    expect(await userOf(t, "ow-returning")).toMatchObject({ subscribe: false })
  })

  it("someone new who follows gives their profile and is signed up with it; a non-follower lands on the QR and is not signed up", async () => {
    const newcomer = await enter("robbing", "ow-follower")
    expect(newcomer.scopes).toEqual(["snsapi_base", "snsapi_userinfo"])
    expect(newcomer.landing).toMatch(/^\/robbing\/[A-Za-z0-9_-]{43}$/)
    expect(await userOf(t, "ow-follower")).toMatchObject({ subscribe: true, unionid: "un-follower", nickname: "小林", sex: 2 })
    // the next time: known and following, no profile asked
    expect((await enter("my", "ow-follower")).scopes).toEqual(["snsapi_base"])

    expect(await enter("home", "ow-stranger")).toEqual({ scopes: ["snsapi_base", "snsapi_userinfo"], landing: "/qrcode" })
    expect(await userOf(t, "ow-stranger")).toBeUndefined()
  })

  it("a known user the station has as not following is asked the app again: following again, signed in", async () => {
    // the unsubscribe above was followed by a follow the station missed
    const returning = await enter("home", "ow-returning")
    expect(returning.scopes).toEqual(["snsapi_base"])
    expect(returning.landing).toMatch(/^\/home\//)
    expect(await userOf(t, "ow-returning")).toMatchObject({ subscribe: true })
    standIn.state.followers.delete("ow-returning")
    await t.db.updateTable("app_user").set({ subscribe: false }).where("openid", "=", "ow-returning").execute()
    expect(await enter("home", "ow-returning")).toEqual({ scopes: ["snsapi_base"], landing: "/qrcode" })
  })

  it("an app that does not answer: the entry lands on the authorisation's error page, the JS-SDK configuration is a 503", async () => {
    const code = standIn.authorize("ow-late", "snsapi_base")
    const staff = (await issueTokenFor(t.db, "demo-staff", new Date()))!.token
    const config = () => t.api("GET", `/api/wx/jsconfig?${new URLSearchParams({ url: "https://station.example/warehousing/x" })}`, staff)
    expect((await config()).status).toBe(200)
    // the cached ticket gone (run out): the next configuration must ask the app
    await t.db.deleteFrom("messaging_token").execute()
    standIn.state.hang = true
    try {
      expect(await location(t, `/auth/wx/enter?${new URLSearchParams({ code, state: "home" })}`)).toBe("/error/10000")
      expect(await config()).toMatchObject({ status: 503, body: { success: false, message: "系统繁忙，请稍后再试" } })
    } finally {
      standIn.state.hang = false
    }
  })
})
