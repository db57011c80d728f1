import { describe, expect, it } from "vitest"
import { FakeMessagingApp } from "./fake-messaging-app"
import { jsapiSignature } from "./messaging-app"

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
    expect(await app.openidForCode(back.searchParams.get("code")!, at(1000))).toBe("o-1")
  })

  it("a code is good once and for 5 minutes", async () => {
    const app = new FakeMessagingApp()
    const code = (now: Date) => new URL(app.authorize("/auth/wx/share", "home", "o-1", now), "http://site.invalid").searchParams.get("code")!
    const once = code(at(0))
    expect(await app.openidForCode(once, at(0))).toBe("o-1")
    expect(await app.openidForCode(once, at(0))).toBeUndefined()
    const late = code(at(0))
    expect(await app.openidForCode(late, at(5 * 60_000))).toBeUndefined()
    expect(await app.openidForCode(code(at(0)), at(5 * 60_000 - 1))).toBe("o-1")
  })

  it("takes only a callback of this site under /auth/wx/ and a plain state", async () => {
    const app = new FakeMessagingApp()
    expect(app.acceptsAuthorization("/auth/wx/share", "home")).toBe(true)
    for (const [callback, state] of [["https://evil.com/auth/wx/share", "home"], ["//evil.com", "home"], ["/auth/wx/../x", "home"], ["/auth/wx/share", "a/b"]]) {
      expect(app.acceptsAuthorization(callback!, state!), `${callback} ${state}`).toBe(false)
    }
  })
})
