import { describe, expect, it } from "vitest"
import { createHash } from "node:crypto"
import { FAKE_CALLBACK_TOKEN, FakeMessagingApp } from "./fake-messaging-app"
import { CALLBACK_WINDOW_S, callbackSignature, jsapiSignature } from "./messaging-app"

describe("JS-SDK config signature", () => {
  it("matches the messaging app's published example", async () => {
    expect(jsapiSignature({
      ticket: "sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg",
      nonceStr: "Wm3WZYTPz0wzccnW",
      timestamp: 1414587457,
      url: "http://mp.weixin.qq.com?params=value"
    })).toBe("0f9de62fce790f9a083d5c99e95740ceb90c27ed")
  })

  it("signs the page URL without its fragment and offers the scanner", async () => {
    const app = new FakeMessagingApp("wx-test", "ticket-1")
    const config = await app.jsConfig("https://station.example/warehousing/abc#top", new Date(1_700_000_000_000))
    expect(config.timestamp).toBe(1_700_000_000)
    expect(config.jsApiList).toContain("scanQRCode")
    expect(config.signature).toBe(jsapiSignature({ ticket: "ticket-1", nonceStr: config.nonceStr, timestamp: config.timestamp, url: "https://station.example/warehousing/abc" }))
  })

  it("refuses a template message without a recipient", async () => {
    await expect(new FakeMessagingApp().sendTemplate("", "parcelArrived", {})).rejects.toThrow()
  })
})

describe("the fake's authorisation", () => {
  const at = (ms: number) => new Date(1_700_000_000_000 + ms)

  it("names the callback and carries the state to the sign-in and back with a code", async () => {
    const app = new FakeMessagingApp("wx-test")
    const url = new URL(app.authorizeUrl("/auth/wx/share", "circleDetail-c1"), "http://site.invalid")
    expect([url.pathname, Object.fromEntries(url.searchParams)]).toEqual(["/auth/dev/authorize", {
      appid: "wx-test", redirect_uri: "/auth/wx/share", response_type: "code", scope: "snsapi_base", state: "circleDetail-c1"
    }])
    const back = new URL(app.authorize("/auth/wx/share", "circleDetail-c1", "o-1", at(0)), "http://site.invalid")
    expect([back.pathname, back.searchParams.get("state")]).toEqual(["/auth/wx/share", "circleDetail-c1"])
    expect(await app.identityForCode(back.searchParams.get("code")!, at(1000))).toEqual({ openid: "o-1" })
  })

  it("a code is good once and for 5 minutes", async () => {
    const app = new FakeMessagingApp()
    const code = (now: Date) => new URL(app.authorize("/auth/wx/share", "home", "o-1", now), "http://site.invalid").searchParams.get("code")!
    const once = code(at(0))
    expect(await app.identityForCode(once, at(0))).toEqual({ openid: "o-1" })
    expect(await app.identityForCode(once, at(0))).toBeUndefined()
    const late = code(at(0))
    expect(await app.identityForCode(late, at(5 * 60_000))).toBeUndefined()
    expect(await app.identityForCode(code(at(0)), at(5 * 60_000 - 1))).toEqual({ openid: "o-1" })
  })

  it("with snsapi_userinfo the code gives the profile the fake has: none but the openid", async () => {
    const app = new FakeMessagingApp("wx-test")
    const url = new URL(app.authorizeUrl("/auth/wx/enter", "home", "snsapi_userinfo"), "http://site.invalid")
    expect(url.searchParams.get("scope")).toBe("snsapi_userinfo")
    const back = new URL(app.authorize("/auth/wx/enter", "home", "o-2", at(0), "snsapi_userinfo"), "http://site.invalid")
    expect(await app.identityForCode(back.searchParams.get("code")!, at(0))).toEqual({ openid: "o-2", profile: { unionid: null, nickname: null, sex: 0 } })
  })

  it("takes only a callback of this site under /auth/wx/, a plain state and a known scope", async () => {
    const app = new FakeMessagingApp()
    expect(app.acceptsAuthorization("/auth/wx/share", "home")).toBe(true)
    expect(app.acceptsAuthorization("/auth/wx/enter", "home", "snsapi_userinfo")).toBe(true)
    expect(app.acceptsAuthorization("/auth/wx/enter", "home", "snsapi_login")).toBe(false)
    for (const [callback, state] of [["https://evil.com/auth/wx/share", "home"], ["//evil.com", "home"], ["/auth/wx/../x", "home"], ["/auth/wx/share", "a/b"]]) {
      expect(app.acceptsAuthorization(callback!, state!), `${callback} ${state}`).toBe(false)
    }
  })
})

describe("the fake's followers and callbacks", () => {
  it("tells who follows from its book, and anyone it never saw follow as not following", async () => {
    const app = new FakeMessagingApp("wx-test", "t", async (openid) => (openid === "o-1" ? { following: true, unionid: "un-1" } : undefined))
    expect(await app.follower("o-1")).toEqual({ following: true, unionid: "un-1" })
    expect(await app.follower("o-2")).toEqual({ following: false, unionid: null })
  })

  it("takes a callback signed with its token within 5 minutes of its timestamp, and nothing else", () => {
    const app = new FakeMessagingApp()
    const now = new Date(1_700_000_000_000)
    const signed = (token: string, timestamp: number, nonce = "1234") => ({ signature: callbackSignature(token, String(timestamp), nonce), timestamp: String(timestamp), nonce })
    expect(app.signedByTheApp(signed(FAKE_CALLBACK_TOKEN, 1_700_000_000), now)).toBe(true)
    expect(app.signedByTheApp(signed(FAKE_CALLBACK_TOKEN, 1_700_000_000 - CALLBACK_WINDOW_S), now)).toBe(true)
    expect(app.signedByTheApp(signed(FAKE_CALLBACK_TOKEN, 1_700_000_000 + CALLBACK_WINDOW_S + 1), now)).toBe(false)
    expect(app.signedByTheApp(signed("other", 1_700_000_000), now)).toBe(false)
    expect(app.signedByTheApp({ ...signed(FAKE_CALLBACK_TOKEN, 1_700_000_000), nonce: "1235" }, now)).toBe(false)
    expect(app.signedByTheApp({ signature: "", timestamp: "", nonce: "" }, now)).toBe(false)
    expect(app.signedByTheApp({ ...signed(FAKE_CALLBACK_TOKEN, 1_700_000_000), timestamp: "1700000000.0" }, now)).toBe(false)
  })
})

describe("the callback signature", () => {
  it("is the SHA-1 of token, timestamp and nonce sorted as strings and joined", () => {
    // sorted: "1409304348" < "xxxxxx" < "zero-token"
    expect(callbackSignature("zero-token", "1409304348", "xxxxxx")).toBe(createHash("sha1").update("1409304348xxxxxxzero-token").digest("hex"))
    expect(callbackSignature("a", "b", "c")).toBe(callbackSignature("c", "a", "b"))
  })
})
