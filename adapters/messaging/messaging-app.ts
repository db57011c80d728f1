/**
 * The messaging app as the server uses it (its official account's web pages): the authorisation that tells who
 * opened a page (snsapi_base: code → openid), the JS-SDK configuration a page signs its calls with, and template
 * messages. The local fake and the WeChat official account (wechat-messaging-app.ts) both answer it.
 */
import { createHash } from "node:crypto"

export interface JsConfig {
  readonly appId: string
  readonly timestamp: number
  readonly nonceStr: string
  readonly signature: string
  readonly jsApiList: ReadonlyArray<string>
}

/** The JS APIs the pages call (the staff scanner). */
export const JS_API_LIST = ["scanQRCode"] as const

export interface MessagingApp {
  readonly appId: string
  /** Where a person goes to authorise: the app comes back to `callback` (a path of this site) with a code and `state`. */
  authorizeUrl(callback: string, state: string): string
  /** The openid an authorisation code stands for, once; undefined for an unknown, used or expired code. */
  openidForCode(code: string, now: Date): Promise<string | undefined>
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
