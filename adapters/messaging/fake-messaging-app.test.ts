import { describe, expect, it } from "vitest"
import { FakeMessagingApp, jsapiSignature } from "./fake-messaging-app"

describe("JS-SDK config signature", () => {
  it("matches the messaging app's published example", () => {
    expect(jsapiSignature({
      ticket: "sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg",
      nonceStr: "Wm3WZYTPz0wzccnW",
      timestamp: 1414587457,
      url: "http://mp.weixin.qq.com?params=value"
    })).toBe("0f9de62fce790f9a083d5c99e95740ceb90c27ed")
  })

  it("signs the page URL without its fragment and offers the scanner", () => {
    const app = new FakeMessagingApp("wx-test", "ticket-1")
    const config = app.jsConfig("https://station.example/warehousing/abc#top", new Date(1_700_000_000_000))
    expect(config.timestamp).toBe(1_700_000_000)
    expect(config.jsApiList).toContain("scanQRCode")
    expect(config.signature).toBe(jsapiSignature({ ticket: "ticket-1", nonceStr: config.nonceStr, timestamp: config.timestamp, url: "https://station.example/warehousing/abc" }))
  })

  it("refuses a template message without a recipient", async () => {
    await expect(new FakeMessagingApp().sendTemplate("", "parcelArrived", {})).rejects.toThrow()
  })
})
