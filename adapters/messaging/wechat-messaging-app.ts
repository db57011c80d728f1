/**
 * The WeChat official account (`MESSAGING_APP=wechat`): web authorisation (code → openid at /sns/oauth2/access_token,
 * and with snsapi_userinfo the profile at /sns/userinfo), whether someone follows (/cgi-bin/user/info), the callback
 * URL's signature (SHA-1 over WECHAT_TOKEN, timestamp and nonce), the JS-SDK configuration signed with the jsapi ticket, and template messages
 * (/cgi-bin/message/template/send) with the app's error codes sorted into retry or give up. The access token
 * and ticket live in the token cache shared by every server process; a call the app answers "token expired"
 * (40001, 40014, 42001) refreshes it once and is made again. Settings from the environment; the secret is never
 * logged or put in an error.
 */
import { randomBytes } from "node:crypto"
import { required, timeoutMs } from "../provider-settings"
import { templateVariable } from "../sms/sms-templates"
import { logger } from "../http/logger"
import { JS_API_LIST, jsapiSignature, MessagingRefused, verifyCallback, type MessagingApp, type PersonInfo } from "./messaging-app"
import type { TokenCache } from "./token-cache"

export interface WechatSettings {
  readonly appId: string
  readonly secret: string
  /** The token registered for the server's callback URL (服务器配置 → 令牌), which signs the app's calls to it. */
  readonly callbackToken: string
  /** Where this site is reached, for the absolute callback the authorisation needs (a registered 网页授权域名). */
  readonly publicUrl: string
  readonly apiEndpoint: string
  readonly authorizeEndpoint: string
  readonly timeoutMs: number
  /** Template name (e.g. suggestionReplied) → the template id registered for it. */
  readonly templates: Readonly<Record<string, string>>
}

const TEMPLATE_PREFIX = "WECHAT_TEMPLATE_"
/** WECHAT_TEMPLATE_SUGGESTION_REPLIED → suggestionReplied. */
const templateName = (variable: string) => variable.slice(TEMPLATE_PREFIX.length).toLowerCase().replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

export const wechatSettings = (env: NodeJS.ProcessEnv): WechatSettings => ({
  appId: required(env, "WECHAT_APP_ID"),
  secret: required(env, "WECHAT_APP_SECRET"),
  callbackToken: required(env, "WECHAT_TOKEN"),
  publicUrl: required(env, "PUBLIC_URL").replace(/\/+$/, ""),
  apiEndpoint: (env.WECHAT_API_ENDPOINT || "https://api.weixin.qq.com").replace(/\/+$/, ""),
  authorizeEndpoint: (env.WECHAT_AUTHORIZE_ENDPOINT || "https://open.weixin.qq.com").replace(/\/+$/, ""),
  timeoutMs: timeoutMs(env, "WECHAT_TIMEOUT_MS", 10_000),
  templates: Object.fromEntries(Object.entries(env).filter(([k, v]) => k.startsWith(TEMPLATE_PREFIX) && v).map(([k, v]) => [templateName(k), v!]))
})

/** The app's answer carried an errcode other than 0. */
export class WechatError extends Error {
  constructor(readonly errcode: number, errmsg: string, readonly call: string) {
    super(`WeChat ${call} refused: ${errcode} ${errmsg}`)
  }
}

/** The access token was refreshed elsewhere or has run out: refresh it and call again. */
const TOKEN_EXPIRED = new Set([40001, 40014, 42001])
/** An authorisation code that is wrong, used or missing: nobody is signed in. */
const CODE_REFUSED = new Set([40029, 40163, 41008])
/** An openid this account does not know (never followed, or of another account): not a follower. */
const OPENID_UNKNOWN = new Set([40003, 46004])

/** A text field of the app's answer, or null. */
const textOf = (value: unknown) => (typeof value === "string" && value !== "" ? value : null)
/** The profile /sns/userinfo gives: sex 1 or 2, anything else unknown. */
const personOf = (a: Record<string, unknown>): PersonInfo => ({ unionid: textOf(a.unionid), nickname: textOf(a.nickname), sex: a.sex === 1 || a.sex === 2 ? a.sex : 0 })
/**
 * Codes a retry of a template message cannot mend: the openid, the template or its data, the person not following
 * (43004) or having refused messages (43101), the account (appid, secret, the server's IP not on the whitelist,
 * the API not granted), and the day's quota (45009), which the outbox's minutes of retries never outlast.
 */
const MESSAGE_PERMANENT = new Set([40003, 40013, 40125, 40164, 40036, 40037, 41028, 41029, 43004, 43101, 45009, 47001, 47003, 48001, 50001, 50002, 61024])

export const wechatMessagingApp = (settings: WechatSettings, tokens: TokenCache): MessagingApp => {
  const call = async (path: string, query: Record<string, string>, body?: unknown): Promise<Record<string, any>> => {
    const url = `${settings.apiEndpoint}${path}?${new URLSearchParams(query)}`
    const name = path.replace(/^\/(cgi-bin|sns)\//, "")
    let res: Response
    try {
      res = await fetch(url, {
        method: body === undefined ? "GET" : "POST",
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
        signal: AbortSignal.timeout(settings.timeoutMs)
      })
    } catch (e) {
      throw new Error(`WeChat ${name} unreachable: ${(e as Error).name === "TimeoutError" ? `no answer in ${settings.timeoutMs} ms` : (e as Error).message}`)
    }
    if (!res.ok) throw new Error(`WeChat ${name} answered HTTP ${res.status}`)
    const answer = (await res.json().catch(() => undefined)) as Record<string, any> | undefined
    if (!answer || typeof answer !== "object") throw new Error(`WeChat ${name} answered no JSON`)
    if (answer.errcode !== undefined && answer.errcode !== 0) throw new WechatError(Number(answer.errcode), String(answer.errmsg ?? ""), name)
    return answer
  }

  const accessToken = (stale?: string) =>
    tokens("access_token", async () => {
      const a = await call("/cgi-bin/token", { grant_type: "client_credential", appid: settings.appId, secret: settings.secret })
      return { value: String(a.access_token), expiresInSeconds: Number(a.expires_in) }
    }, stale)

  /** A call with the access token, made once more with a new token if the app calls this one expired. */
  const withToken = async <A>(use: (token: string) => Promise<A>): Promise<A> => {
    const token = await accessToken()
    try {
      return await use(token)
    } catch (e) {
      if (!(e instanceof WechatError && TOKEN_EXPIRED.has(e.errcode))) throw e
      return use(await accessToken(token))
    }
  }

  /** The ticket, asked for with a token taken first: the cache holds one lock at a time (PGlite has one connection). */
  const jsapiTicket = () =>
    withToken((token) => tokens("jsapi_ticket", async () => {
      const t = await call("/cgi-bin/ticket/getticket", { access_token: token, type: "jsapi" })
      return { value: String(t.ticket), expiresInSeconds: Number(t.expires_in) }
    }))

  return {
    appId: settings.appId,
    authorizeUrl: (callback, state, scope = "snsapi_base") => {
      const query = new URLSearchParams({ appid: settings.appId, redirect_uri: `${settings.publicUrl}${callback}`, response_type: "code", scope, state })
      return `${settings.authorizeEndpoint}/connect/oauth2/authorize?${query}#wechat_redirect`
    },
    identityForCode: async (code) => {
      if (!/^[A-Za-z0-9_-]{1,128}$/.test(code)) return undefined
      let a: Record<string, any>
      try {
        a = await call("/sns/oauth2/access_token", { appid: settings.appId, secret: settings.secret, code, grant_type: "authorization_code" })
      } catch (e) {
        if (e instanceof WechatError && CODE_REFUSED.has(e.errcode)) return undefined
        throw e
      }
      const openid = textOf(a.openid)
      if (openid === null) return undefined
      if (!String(a.scope ?? "").split(",").includes("snsapi_userinfo")) return { openid }
      try {
        return { openid, profile: personOf(await call("/sns/userinfo", { access_token: String(a.access_token), openid, lang: "zh_CN" })) }
      } catch (e) {
        // the person let the app give their profile, yet it could not be read: go on with what the code told
        logger.warn({ err: (e as Error).message }, "WeChat userinfo failed")
        return { openid, profile: { unionid: textOf(a.unionid), nickname: null, sex: 0 } }
      }
    },
    follower: async (openid) => {
      try {
        const a = await withToken((token) => call("/cgi-bin/user/info", { access_token: token, openid, lang: "zh_CN" }))
        return { following: a.subscribe === 1, unionid: textOf(a.unionid) }
      } catch (e) {
        if (e instanceof WechatError && OPENID_UNKNOWN.has(e.errcode)) return { following: false, unionid: null }
        throw e
      }
    },
    signedByTheApp: (query, now) => verifyCallback(settings.callbackToken, query, now),
    jsConfig: async (url, now) => {
      const ticket = await jsapiTicket()
      const timestamp = Math.floor(now.getTime() / 1000)
      const nonceStr = randomBytes(8).toString("hex")
      return { appId: settings.appId, timestamp, nonceStr, signature: jsapiSignature({ ticket, nonceStr, timestamp, url }), jsApiList: JS_API_LIST }
    },
    sendTemplate: async (openid, template, data) => {
      const templateId = settings.templates[template]
      if (templateId === undefined) throw new MessagingRefused(`no template id for ${template} (set ${templateVariable(TEMPLATE_PREFIX, template)})`, true)
      const message = { touser: openid, template_id: templateId, data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, { value: v }])) }
      try {
        await withToken((token) => call("/cgi-bin/message/template/send", { access_token: token }, message))
      } catch (e) {
        if (e instanceof WechatError) throw new MessagingRefused(e.message, MESSAGE_PERMANENT.has(e.errcode))
        throw new MessagingRefused((e as Error).message, false)
      }
    }
  }
}
