/**
 * The messaging app, faked locally: the JS-SDK config signed with the real algorithm (SHA-1 over
 * jsapi_ticket, noncestr, timestamp and url), template messages kept in memory, and identities
 * picked from the demo users on its sign-in page instead of OAuth: its authorisation comes back with a one-time
 * code (5 minutes) and the state it was given.
 */
import { randomBytes } from "node:crypto"
import { JS_API_LIST, jsapiSignature, MessagingRefused, type JsConfig, type MessagingApp } from "./messaging-app"

/** Where the fake's authorisation sends back: a path of this site under /auth/wx/ (the real app checks the registered domain). */
const CALLBACK = /^\/auth\/wx\/[A-Za-z]+$/
/** The state the app carries through: at most 128 characters of letters, digits, '_' and '-'. */
const STATE = /^[A-Za-z0-9_-]{0,128}$/
/** An authorisation code is good once, for 5 minutes, as the real app's. */
const CODE_TTL_MS = 5 * 60_000

export class FakeMessagingApp implements MessagingApp {
  readonly templateMessages: Array<{ openid: string; template: string; data: Record<string, string> }> = []
  private readonly codes = new Map<string, { readonly openid: string; readonly expiresAt: number }>()

  constructor(readonly appId = "wx-local-fake", private readonly ticket = "local-fake-jsapi-ticket") {}

  async jsConfig(url: string, now: Date): Promise<JsConfig> {
    const timestamp = Math.floor(now.getTime() / 1000)
    const nonceStr = randomBytes(8).toString("hex")
    return {
      appId: this.appId, timestamp, nonceStr,
      signature: jsapiSignature({ ticket: this.ticket, nonceStr, timestamp, url }),
      jsApiList: JS_API_LIST
    }
  }

  /** The authorisation page (snsapi_base) that comes back to `callback` with a code and the state. */
  authorizeUrl(callback: string, state: string): string {
    const query = new URLSearchParams({ appid: this.appId, redirect_uri: callback, response_type: "code", scope: "snsapi_base", state })
    return `/auth/dev/authorize?${query}`
  }

  /** Whether the fake takes this authorisation request: a callback under /auth/wx/ and a plain state. */
  acceptsAuthorization(callback: string, state: string): boolean {
    return CALLBACK.test(callback) && STATE.test(state)
  }

  /** The person signed in on the authorisation page: a one-time code for them, and where it goes with the state. */
  authorize(callback: string, state: string, openid: string, now: Date): string {
    for (const [code, issued] of this.codes) if (issued.expiresAt <= now.getTime()) this.codes.delete(code)
    const code = randomBytes(16).toString("hex")
    this.codes.set(code, { openid, expiresAt: now.getTime() + CODE_TTL_MS })
    return `${callback}?${new URLSearchParams({ code, state })}`
  }

  /** The openid an authorisation code stands for, once; undefined for an unknown, used or expired code. */
  async openidForCode(code: string, now: Date): Promise<string | undefined> {
    const issued = this.codes.get(code)
    this.codes.delete(code)
    return issued && issued.expiresAt > now.getTime() ? issued.openid : undefined
  }

  async sendTemplate(openid: string, template: string, data: Readonly<Record<string, string>>) {
    if (!openid) throw new MessagingRefused("template message needs an openid", true)
    this.templateMessages.push({ openid, template, data: { ...data } })
  }
}
