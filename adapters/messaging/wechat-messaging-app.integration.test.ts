/**
 * The WeChat official account adapter against its stand-in: the authorisation URL and its code (once), the
 * JS-SDK configuration signed with the app's ticket, the token and ticket fetched once and shared through the
 * database, a token the app voided refreshed once and the call made again, template messages with the app's
 * refusals sorted into retry or give up. Two server processes sharing the cache: see
 * test/integration/messaging-token-cache.integration.test.ts.
 */
import type { Kysely } from "kysely"
import { afterAll, afterEach, describe, expect, it } from "vitest"
import { migrateToLatest, openDatabase, type Database } from "../postgres/database"
import type { DB } from "../postgres/schema"
import { chooseMessagingApp } from "./choose-messaging-app"
import { FakeMessagingApp } from "./fake-messaging-app"
import { jsapiSignature, MessagingRefused } from "./messaging-app"
import { REFRESH_BEFORE_MS, tokenCache } from "./token-cache"
import { wechatMessagingApp, wechatSettings } from "./wechat-messaging-app"
import { signedCallbackQuery, startWechatStandIn } from "./wechat-stand-in"
import { blankMemory } from "../../test/support/blank-database"

const opened: Array<{ close(): Promise<void> }> = []
afterEach(async () => { await Promise.all(opened.splice(0).map((o) => o.close())) })
// one database for the file (migrating takes seconds); each test's app has an id of its own, so a cache of its own
const database: Promise<Database> = openDatabase(blankMemory()).then(async (d) => { await migrateToLatest(d.db); return d })
afterAll(async () => { await (await database).close() })
let apps = 0

const env = (endpoint: string, appId: string, over: Record<string, string> = {}) => ({
  MESSAGING_APP: "wechat", WECHAT_APP_ID: appId, WECHAT_APP_SECRET: "test-app-secret", WECHAT_TOKEN: "test-callback-token", PUBLIC_URL: "https://station.example/",
  WECHAT_API_ENDPOINT: endpoint, WECHAT_TIMEOUT_MS: "300", WECHAT_TEMPLATE_SUGGESTION_REPLIED: "tpl-suggestion", WECHAT_TEMPLATE_PARCEL_ARRIVED: "tpl-arrival", ...over
})

const setUp = async (clock: { now: number } = { now: Date.now() }) => {
  const appId = `wx0123456789abc${++apps}`
  const standIn = await startWechatStandIn({
    appId, secret: "test-app-secret", templates: ["tpl-suggestion", "tpl-arrival"], followers: ["o-follower"], codes: { "code-1": "o-follower" },
    userinfoCodes: { "code-u": "o-follower", "code-v": "o-nameless" }, people: { "o-follower": { unionid: "un-follower", nickname: "小林", sex: 2 } }
  })
  opened.push(standIn)
  const db = (await database).db as Kysely<DB>
  const make = (over: Record<string, string> = {}) =>
    wechatMessagingApp(wechatSettings(env(standIn.endpoint, appId, over)), tokenCache(db, appId, () => new Date(clock.now)))
  return { standIn, db, appId, app: make(), make }
}

describe("the WeChat official account", () => {
  it("sends the person to the app's authorisation with this site's callback, and takes its code once", async () => {
    const { app, appId } = await setUp()
    const url = new URL(app.authorizeUrl("/auth/wx/share", "circle_42"))
    expect(`${url.origin}${url.pathname}`).toBe("https://open.weixin.qq.com/connect/oauth2/authorize")
    expect(url.hash).toBe("#wechat_redirect")
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: appId, redirect_uri: "https://station.example/auth/wx/share", response_type: "code", scope: "snsapi_base", state: "circle_42"
    })
    expect(await app.identityForCode("code-1", new Date())).toEqual({ openid: "o-follower" })
    expect(await app.identityForCode("code-1", new Date())).toBeUndefined()
    expect(await app.identityForCode("", new Date())).toBeUndefined()
    expect(await app.identityForCode("a&b=c", new Date())).toBeUndefined()
    expect(new URL(app.authorizeUrl("/auth/wx/enter", "home", "snsapi_userinfo")).searchParams.get("scope")).toBe("snsapi_userinfo")
  })

  it("a code given with snsapi_userinfo also gives the person's profile from /sns/userinfo", async () => {
    const { app } = await setUp()
    expect(await app.identityForCode("code-u", new Date())).toEqual({ openid: "o-follower", profile: { unionid: "un-follower", nickname: "小林", sex: 2 } })
    expect(await app.identityForCode("code-v", new Date())).toEqual({ openid: "o-nameless", profile: { unionid: null, nickname: null, sex: 0 } })
  })

  it("asks /cgi-bin/user/info who follows, with the unionid; an openid the account does not know does not follow", async () => {
    const { app, standIn } = await setUp()
    expect(await app.follower("o-follower")).toEqual({ following: true, unionid: "un-follower" })
    expect(await app.follower("o-stranger")).toEqual({ following: false, unionid: null })
    expect(await app.follower("not an openid!")).toEqual({ following: false, unionid: null })
    standIn.voidToken()
    expect(await app.follower("o-follower")).toMatchObject({ following: true })
    expect(standIn.state.tokensIssued).toBe(2)
    standIn.state.hang = true
    await expect(app.follower("o-follower")).rejects.toThrow("no answer in 300 ms")
  })

  it("takes a callback signed with WECHAT_TOKEN only", async () => {
    const { app } = await setUp()
    const now = new Date()
    const q = signedCallbackQuery("test-callback-token", Math.floor(now.getTime() / 1000))
    expect(app.signedByTheApp(q, now)).toBe(true)
    expect(app.signedByTheApp(signedCallbackQuery("other-token", Math.floor(now.getTime() / 1000)), now)).toBe(false)
  })

  it("signs the JS-SDK configuration with the app's ticket, fetching token and ticket once for many pages", async () => {
    const { app, appId, standIn } = await setUp()
    const configs = await Promise.all(["https://station.example/warehousing/a#x", "https://station.example/b"].map((u) => app.jsConfig(u, new Date(1_700_000_000_000))))
    expect(configs[0]!.signature).toBe(jsapiSignature({ ticket: "ticket-1", nonceStr: configs[0]!.nonceStr, timestamp: 1_700_000_000, url: "https://station.example/warehousing/a" }))
    expect(configs[1]!).toMatchObject({ appId, timestamp: 1_700_000_000, jsApiList: ["scanQRCode"] })
    await app.jsConfig("https://station.example/c", new Date())
    expect([standIn.state.tokensIssued, standIn.state.ticketsIssued]).toEqual([1, 1])
  })

  it("refreshes the token five minutes before it runs out, and at once when the app voids it (one refresh, the call made again)", async () => {
    const clock = { now: Date.now() }
    const { app, standIn } = await setUp(clock)
    await app.sendTemplate("o-follower", "suggestionReplied", { title: "灯坏了", content: "已修好" })
    clock.now += 7200_000 - REFRESH_BEFORE_MS - 1_000
    await app.sendTemplate("o-follower", "suggestionReplied", { title: "a", content: "b" })
    expect(standIn.state.tokensIssued).toBe(1)
    clock.now += 2_000
    await app.sendTemplate("o-follower", "suggestionReplied", { title: "a", content: "b" })
    expect(standIn.state.tokensIssued).toBe(2)
    standIn.voidToken() // another app (or a console test) took a new token
    await app.sendTemplate("o-follower", "parcelArrived", { code: "3-1-2" })
    expect(standIn.state.tokensIssued).toBe(3)
    expect(standIn.state.sent.map((m) => m.template_id)).toEqual(["tpl-suggestion", "tpl-suggestion", "tpl-suggestion", "tpl-arrival"])
    expect(standIn.state.sent[0]).toEqual({ touser: "o-follower", template_id: "tpl-suggestion", data: { title: { value: "灯坏了" }, content: { value: "已修好" } } })
  })

  it("gives up on a person who does not follow, a template not registered or not configured; retries a silent app", async () => {
    const { app, make, standIn } = await setUp()
    const refusal = (p: Promise<void>) => p.then(() => { throw new Error("sent") }, (e: unknown) => e as MessagingRefused)
    expect(await refusal(app.sendTemplate("o-stranger", "parcelArrived", {}))).toMatchObject({ permanent: true, message: expect.stringContaining("43004") })
    expect(await refusal(make({ WECHAT_TEMPLATE_PARCEL_ARRIVED: "tpl-unknown" }).sendTemplate("o-follower", "parcelArrived", {})))
      .toMatchObject({ permanent: true, message: expect.stringContaining("40037") })
    expect(await refusal(app.sendTemplate("o-follower", "userAnswer", {})))
      .toMatchObject({ permanent: true, message: "no template id for userAnswer (set WECHAT_TEMPLATE_USER_ANSWER)" })
    standIn.state.hang = true
    const silent = await refusal(app.sendTemplate("o-follower", "parcelArrived", {}))
    expect(silent).toBeInstanceOf(MessagingRefused)
    expect(silent).toMatchObject({ permanent: false, message: expect.stringContaining("no answer in 300 ms") })
  })

  it("a wrong secret stops at the first call without showing it; a missing setting stops the start with its name", async () => {
    const { make } = await setUp()
    const wrong = await make({ WECHAT_APP_SECRET: "not-the-secret" }).jsConfig("https://station.example/", new Date()).catch((e: Error) => e)
    expect(String(wrong)).toContain("40125")
    expect(String(wrong)).not.toContain("not-the-secret")
    const fake = new FakeMessagingApp()
    expect(() => chooseMessagingApp({ MESSAGING_APP: "wechat", WECHAT_APP_ID: "wx1" }, fake, undefined as never)).toThrow("MESSAGING_APP=wechat: WECHAT_APP_SECRET")
    expect(() => chooseMessagingApp({ MESSAGING_APP: "qq" }, fake, undefined as never)).toThrow("MESSAGING_APP=qq is not one of fake, wechat")
    expect(chooseMessagingApp({}, fake, undefined as never)).toBe(fake)
  })
})
