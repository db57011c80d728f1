/**
 * The messaging app as the server uses it (its official account's web pages): the authorisation that tells who
 * opened a page (snsapi_base: code → openid; snsapi_userinfo: and the profile the person lets it give), whether
 * someone follows the account, the JS-SDK configuration a page signs its calls with, template messages, and the
 * signature on the calls the app makes to the server's callback URL (follow and unfollow events). The local fake and
 * the WeChat official account (wechat-messaging-app.ts) both answer it.
 */
import { createHash, timingSafeEqual } from "node:crypto"

export interface JsConfig {
  readonly appId: string
  readonly timestamp: number
  readonly nonceStr: string
  readonly signature: string
  readonly jsApiList: ReadonlyArray<string>
}

/** The JS APIs the pages call (the staff scanner). */
export const JS_API_LIST = ["scanQRCode"] as const

/** `snsapi_base` tells who the person is, silently; `snsapi_userinfo` asks them to let the app give their profile too. */
export type AuthScope = "snsapi_base" | "snsapi_userinfo"

/** What the app tells of a person: the unionid when the account is bound to an open platform, and their profile. */
export interface PersonInfo {
  readonly unionid: string | null
  readonly nickname: string | null
  /** 1 male, 2 female, 0 unknown. */
  readonly sex: number
}

/** Who an authorisation code stands for; `profile` when it was given with snsapi_userinfo. */
export interface Identity {
  readonly openid: string
  readonly profile?: PersonInfo
}

/** Whether someone follows the official account (/cgi-bin/user/info), with their unionid when the app has one. */
export interface FollowerInfo {
  readonly following: boolean
  readonly unionid: string | null
}

/** The signature query the app puts on every call to the server's callback URL. */
export interface CallbackQuery {
  readonly signature: string
  readonly timestamp: string
  readonly nonce: string
}

export interface MessagingApp {
  readonly appId: string
  /** Where a person goes to authorise: the app comes back to `callback` (a path of this site) with a code and `state`. */
  authorizeUrl(callback: string, state: string, scope?: AuthScope): string
  /** Who an authorisation code stands for, once; undefined for an unknown, used or expired code. */
  identityForCode(code: string, now: Date): Promise<Identity | undefined>
  /** Whether this openid follows the official account. */
  follower(openid: string): Promise<FollowerInfo>
  /** Whether a call to the server's callback URL is the app's: signed with the account's token, and of the last 5 minutes. */
  signedByTheApp(query: CallbackQuery, now: Date): boolean
  /** The JS-SDK configuration for a page's URL (the part before '#'). */
  jsConfig(url: string, now: Date): Promise<JsConfig>
  /** Sends a template message; `MessagingRefused` when the app refuses it. */
  sendTemplate(openid: string, template: string, data: Readonly<Record<string, string>>): Promise<void>
}

/** The app refused a message: `permanent` when trying again cannot help (not following, a wrong template). */
export class MessagingRefused extends Error {
  constructor(message: string, readonly permanent: boolean) {
    super(message)
    this.name = "MessagingRefused"
  }
}

/** The JS-SDK signature: SHA-1 over jsapi_ticket, noncestr, timestamp and the URL without its fragment. */
export const jsapiSignature = (input: { ticket: string; nonceStr: string; timestamp: number; url: string }) =>
  createHash("sha1")
    .update(`jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${input.url.split("#")[0]}`)
    .digest("hex")

/** How far a callback's timestamp may be from the server's clock: the app retries an event 3 times in 15 s. */
export const CALLBACK_WINDOW_S = 300

/** The callback signature: SHA-1 over the token, the timestamp and the nonce, sorted and joined. */
export const callbackSignature = (token: string, timestamp: string, nonce: string) =>
  createHash("sha1").update([token, timestamp, nonce].sort().join("")).digest("hex")

/** A callback signed with this token whose timestamp is within the window of `now`. */
export const verifyCallback = (token: string, query: CallbackQuery, now: Date): boolean => {
  if (!/^\d{1,12}$/.test(query.timestamp) || !/^[0-9a-f]{40}$/.test(query.signature)) return false
  if (Math.abs(Number(query.timestamp) - now.getTime() / 1000) > CALLBACK_WINDOW_S) return false
  return timingSafeEqual(Buffer.from(callbackSignature(token, query.timestamp, query.nonce)), Buffer.from(query.signature))
}
