/**
 * The messaging app, faked locally: the JS-SDK config signed with the real algorithm (SHA-1 over
 * jsapi_ticket, noncestr, timestamp and url), template messages kept in memory, and identities
 * picked from the demo users instead of OAuth.
 */
import { createHash, randomBytes } from "node:crypto"

export interface JsConfig {
  readonly appId: string
  readonly timestamp: number
  readonly nonceStr: string
  readonly signature: string
  readonly jsApiList: ReadonlyArray<string>
}

export const jsapiSignature = (input: { ticket: string; nonceStr: string; timestamp: number; url: string }) =>
  createHash("sha1")
    .update(`jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${input.url.split("#")[0]}`)
    .digest("hex")

export class FakeMessagingApp {
  readonly templateMessages: Array<{ openid: string; template: string; data: Record<string, string> }> = []

  constructor(readonly appId = "wx-local-fake", private readonly ticket = "local-fake-jsapi-ticket") {}

  jsConfig(url: string, now: Date): JsConfig {
    const timestamp = Math.floor(now.getTime() / 1000)
    const nonceStr = randomBytes(8).toString("hex")
    return {
      appId: this.appId, timestamp, nonceStr,
      signature: jsapiSignature({ ticket: this.ticket, nonceStr, timestamp, url }),
      jsApiList: ["scanQRCode"]
    }
  }

  async sendTemplate(openid: string, template: string, data: Record<string, string>) {
    if (!openid) throw new Error("template message needs an openid")
    this.templateMessages.push({ openid, template, data })
  }
}
