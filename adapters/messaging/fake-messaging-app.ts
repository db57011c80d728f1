/**
 * The messaging app, faked locally: the JS-SDK config signed with the real algorithm (SHA-1 over
 * jsapi_ticket, noncestr, timestamp and url), template messages kept in memory, and identities
 * picked from the demo users on its sign-in page instead of OAuth: its authorisation comes back with a one-time
 * code (5 minutes) and the state it was given; with snsapi_userinfo the code gives the profile the fake has (none
 * but the openid). Who follows is what the station's own records say (its follow events), asked through `followers`;
 * callbacks are signed with the fake's own token, by the real algorithm.
 */
import { randomBytes } from "node:crypto"
import {
  JS_API_LIST, jsapiSignature, MessagingRefused, verifyCallback, type AuthScope, type CallbackQuery, type FollowerInfo, type Identity, type JsConfig,
  type MessagingApp
} from "./messaging-app"

/** Where the fake's authorisation sends back: a path of this site under /auth/wx/ (the real app checks the registered domain). */
const CALLBACK = /^\/auth\/wx\/[A-Za-z]+$/
/** The state the app carries through: at most 128 characters of letters, digits, '_' and '-'. */
const STATE = /^[A-Za-z0-9_-]{0,128}$/
/** An authorisation code is good once, for 5 minutes, as the real app's. */
const CODE_TTL_MS = 5 * 60_000
/** The token the fake signs its callbacks with (the real one is WECHAT_TOKEN). */
export const FAKE_CALLBACK_TOKEN = "local-fake-callback-token"

/** Who follows the account, as the fake knows it; undefined for someone it never saw follow. */
export type FollowerBook = (openid: string) => Promise<FollowerInfo | undefined>

export class FakeMessagingApp implements MessagingApp {
  readonly templateMessages: Array<{ openid: string; template: string; data: Record<string, string> }> = []
  private readonly codes = new Map<string, { readonly openid: string; readonly scope: AuthScope; readonly expiresAt: number }>()

  constructor(
    readonly appId = "wx-local-fake",
    private readonly ticket = "local-fake-jsapi-ticket",
    private readonly followers: FollowerBook = async () => undefined,
    readonly callbackToken = FAKE_CALLBACK_TOKEN
  ) {}

  async jsConfig(url: string, now: Date): Promise<JsConfig> {
    const timestamp = Math.floor(now.getTime() / 1000)
    const nonceStr = randomBytes(8).toString("hex")
    return {
      appId: this.appId, timestamp, nonceStr,
      signature: jsapiSignature({ ticket: this.ticket, nonceStr, timestamp, url }),
      jsApiList: JS_API_LIST
    }
  }

  /** The authorisation page that comes back to `callback` with a code and the state. */
  authorizeUrl(callback: string, state: string, scope: AuthScope = "snsapi_base"): string {
    const query = new URLSearchParams({ appid: this.appId, redirect_uri: callback, response_type: "code", scope, state })
    return `/auth/dev/authorize?${query}`
  }

  /** Whether the fake takes this authorisation request: a callback under /auth/wx/, a plain state and a known scope. */
  acceptsAuthorization(callback: string, state: string, scope = "snsapi_base"): boolean {
    return CALLBACK.test(callback) && STATE.test(state) && (scope === "snsapi_base" || scope === "snsapi_userinfo")
  }

  /** The person signed in on the authorisation page: a one-time code for them, and where it goes with the state. */
  authorize(callback: string, state: string, openid: string, now: Date, scope: AuthScope = "snsapi_base"): string {
    for (const [code, issued] of this.codes) if (issued.expiresAt <= now.getTime()) this.codes.delete(code)
    const code = randomBytes(16).toString("hex")
    this.codes.set(code, { openid, scope, expiresAt: now.getTime() + CODE_TTL_MS })
    return `${callback}?${new URLSearchParams({ code, state })}`
  }

  /** Who an authorisation code stands for, once; undefined for an unknown, used or expired code. */
  async identityForCode(code: string, now: Date): Promise<Identity | undefined> {
    const issued = this.codes.get(code)
    this.codes.delete(code)
    if (!issued || issued.expiresAt <= now.getTime()) return undefined
    return issued.scope === "snsapi_userinfo" ? { openid: issued.openid, profile: { unionid: null, nickname: null, sex: 0 } } : { openid: issued.openid }
  }

  async follower(openid: string): Promise<FollowerInfo> {
    return (await this.followers(openid)) ?? { following: false, unionid: null }
  }

  signedByTheApp(query: CallbackQuery, now: Date): boolean {
    return verifyCallback(this.callbackToken, query, now)
  }

  async sendTemplate(openid: string, template: string, data: Readonly<Record<string, string>>) {
    if (!openid) throw new MessagingRefused("template message needs an openid", true)
    this.templateMessages.push({ openid, template, data: { ...data } })
  }
}
