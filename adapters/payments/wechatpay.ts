/**
 * The PayIn port over WeChat Pay API v3 (JSAPI, `PAYMENTS=wechatpay`): every request signed with the merchant's API
 * key (WECHATPAY2-SHA256-RSA2048), every answer and notice verified with a platform certificate — downloaded from
 * /v3/certificates, decrypted with the APIv3 key and kept, downloaded again when an unknown serial turns up (a
 * rotation), an expired one refused — and the notices' resources decrypted (AEAD_AES_256_GCM). Amounts are fen
 * throughout, as the API's are. Signing, verification and AES-GCM come from wechatpay-axios-plugin (Rsa, Aes,
 * Formatter); the HTTP calls are our own fetch with a timeout.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto"
import { readFileSync } from "node:fs"
import { Effect } from "effect"
import { Aes, Formatter, Rsa } from "wechatpay-axios-plugin"
import { PayIn, type PaySign, type PostedNotice, type RefundNotice } from "#src/payment/pay-in"
import type { PaidNotice } from "#src/payment/trade"
import type { Kysely } from "kysely"
import type { DB } from "../postgres/schema"
import { providerChoice, required, timeoutMs } from "../provider-settings"
import { noticeNonces, type NonceBook } from "./notice-nonces"

export interface WechatPaySettings {
  readonly mchId: string
  readonly appId: string
  /** The serial number of the merchant's API certificate (商户API证书序列号). */
  readonly serialNo: string
  readonly privateKey: KeyObject
  readonly apiV3Key: string
  readonly notifyUrl: string
  readonly endpoint: string
  readonly timeoutMs: number
}

/** The settings from the environment; a missing or malformed one stops the start with its name (never its value). */
export const wechatPaySettings = (env: NodeJS.ProcessEnv): WechatPaySettings => {
  const pem = env.WECHATPAY_PRIVATE_KEY?.trim()
    ? env.WECHATPAY_PRIVATE_KEY.replace(/\\n/g, "\n")
    : env.WECHATPAY_PRIVATE_KEY_FILE?.trim() ? readFileSync(env.WECHATPAY_PRIVATE_KEY_FILE.trim(), "utf8") : undefined
  if (!pem) throw new Error("WECHATPAY_PRIVATE_KEY or WECHATPAY_PRIVATE_KEY_FILE is not set")
  let privateKey: KeyObject
  try { privateKey = createPrivateKey(pem) } catch { throw new Error("WECHATPAY_PRIVATE_KEY is not a PEM private key (apiclient_key.pem)") }
  const apiV3Key = required(env, "WECHATPAY_API_V3_KEY")
  if (Buffer.byteLength(apiV3Key) !== 32) throw new Error("WECHATPAY_API_V3_KEY must be 32 characters")
  const timeout = timeoutMs(env, "WECHATPAY_TIMEOUT_MS", 10_000)
  return {
    mchId: required(env, "WECHATPAY_MCH_ID"), appId: required(env, "WECHATPAY_APP_ID"), serialNo: required(env, "WECHATPAY_SERIAL_NO"),
    privateKey, apiV3Key, notifyUrl: required(env, "WECHATPAY_NOTIFY_URL"),
    endpoint: (env.WECHATPAY_ENDPOINT?.trim() || "https://api.mch.weixin.qq.com").replace(/\/$/, ""), timeoutMs: timeout
  }
}

/** How far a signed answer's or notice's timestamp may be from our clock. */
const FIVE_MINUTES_MS = 5 * 60_000
/** An unknown serial downloads the certificates again at most this often (a forged notice cannot make us call out for each). */
const REFRESH_AT_MOST_EVERY_MS = 60_000
/** The certificates are downloaded again this often anyway: WeChat Pay publishes a new one before it signs with it. */
const REFRESH_EVERY_MS = 12 * 3_600_000

interface PlatformKey {
  readonly key: KeyObject
  readonly expiresAt: number
}

interface Encrypted {
  readonly ciphertext: string
  readonly nonce: string
  readonly associated_data?: string
}

type Json = Record<string, unknown>
type Answer = { readonly status: number; readonly json: Json } | { readonly failed: string }

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v)

/** WeChat Pay's time: RFC 3339 in Beijing time. */
const beijingTime = (at: Date) => `${new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`

/** A header by its lower-case name (a notice's headers may come in any case). */
const headerOf = (headers: Headers | PostedNotice["headers"], name: string) =>
  (headers instanceof Headers ? headers.get(name) : Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1]) ?? undefined

const reasonOf = (answer: Answer) =>
  "failed" in answer ? answer.failed : String(answer.json.message ?? answer.json.code ?? `微信支付应答 ${answer.status}`)

export const wechatPay = (settings: WechatPaySettings, now: () => number = Date.now) => {
  const decrypt = (e: Encrypted) => Aes.AesGcm.decrypt(e.ciphertext, settings.apiV3Key, e.nonce, e.associated_data ?? "")

  let platformKeys = new Map<string, PlatformKey>()
  let downloadedAt = Number.NEGATIVE_INFINITY
  let downloading: Promise<void> | undefined
  // the adapter's own memory of nonces, for a port used without a database (the contract tests)
  const seenNonces = new Map<string, number>()

  const send = async (method: "GET" | "POST", path: string, body?: Json): Promise<{ status: number; headers: Headers; text: string } | { failed: string }> => {
    const text = body === undefined ? "" : JSON.stringify(body)
    const timestamp = Math.floor(now() / 1000)
    const nonce = Formatter.nonce(32)
    const signature = Rsa.sign(Formatter.request(method, path, timestamp, nonce, text), settings.privateKey)
    try {
      const res = await fetch(`${settings.endpoint}${path}`, {
        method, body: text || undefined, signal: AbortSignal.timeout(settings.timeoutMs),
        headers: {
          Accept: "application/json", "Content-Type": "application/json", "User-Agent": "campus-station",
          Authorization: Formatter.authorization(settings.mchId, nonce, signature, timestamp, settings.serialNo)
        }
      })
      return { status: res.status, headers: res.headers, text: await res.text() }
    } catch (e) {
      return { failed: (e as Error).name === "TimeoutError" ? "微信支付超时" : "微信支付无法连接" }
    }
  }

  /** Whether a signed message (an answer or a notice) is WeChat Pay's: fresh, by a known unexpired certificate, its signature good. */
  const signedByPlatform = async (headers: Headers | PostedNotice["headers"], body: string, keys?: Map<string, PlatformKey>) => {
    const serial = headerOf(headers, "wechatpay-serial")
    const timestamp = headerOf(headers, "wechatpay-timestamp")
    const nonce = headerOf(headers, "wechatpay-nonce")
    const signature = headerOf(headers, "wechatpay-signature")
    if (!serial || !timestamp || !nonce || !signature || !/^\d+$/.test(timestamp)) return false
    if (Math.abs(now() - Number(timestamp) * 1000) > FIVE_MINUTES_MS) return false
    const platform = keys ? keys.get(serial) : await platformKey(serial)
    if (!platform || platform.expiresAt <= now()) return false
    return Rsa.verify(Formatter.response(timestamp, nonce, body), signature, platform.key)
  }

  /** The platform certificates, downloaded, decrypted and checked against the answer's own signature, replace the kept ones. */
  const download = async () => {
    downloadedAt = now()
    const answer = await send("GET", "/v3/certificates")
    if ("failed" in answer || answer.status !== 200) return
    const json: unknown = JSON.parse(answer.text)
    if (!isObject(json) || !Array.isArray(json.data)) return
    const keys = new Map<string, PlatformKey>()
    for (const entry of json.data as Array<{ serial_no: string; expire_time: string; encrypt_certificate: Encrypted }>) {
      // a real answer holds an X.509 certificate, the stand-in's a PEM public key: createPublicKey reads both
      keys.set(entry.serial_no, { key: createPublicKey(decrypt(entry.encrypt_certificate)), expiresAt: Date.parse(entry.expire_time) })
    }
    if (await signedByPlatform(answer.headers, answer.text, keys)) platformKeys = keys
  }

  const platformKey = async (serial: string) => {
    const stale = now() - downloadedAt >= REFRESH_EVERY_MS
    if (stale || (!platformKeys.has(serial) && now() - downloadedAt >= REFRESH_AT_MOST_EVERY_MS)) {
      downloading ??= download().catch(() => undefined).finally(() => { downloading = undefined })
      await downloading
    }
    return platformKeys.get(serial)
  }

  /** A signed request and its verified answer (an unverified one counts as no answer). */
  const call = async (method: "GET" | "POST", path: string, body?: Json): Promise<Answer> => {
    const sent = await send(method, path, body)
    if ("failed" in sent) return sent
    if (!(await signedByPlatform(sent.headers, sent.text))) return { failed: "微信支付应答签名验证失败" }
    try {
      const json: unknown = sent.text ? JSON.parse(sent.text) : {}
      return isObject(json) ? { status: sent.status, json } : { failed: "微信支付应答格式错误" }
    } catch {
      return { failed: "微信支付应答格式错误" }
    }
  }

  const tradePath = (tradeNo: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(tradeNo)}`

  /** An order as WeChat Pay knows it (GET …/out-trade-no/{no}): its trade_state, or `missing`. */
  const query = async (tradeNo: string) => {
    const answer = await call("GET", `${tradePath(tradeNo)}?mchid=${encodeURIComponent(settings.mchId)}`)
    if (!("failed" in answer) && answer.status === 200) {
      const amount = answer.json.amount as { total?: number } | undefined
      return { ok: true as const, state: String(answer.json.trade_state), amountFen: Number(amount?.total), transactionId: answer.json.transaction_id as string | undefined }
    }
    if (!("failed" in answer) && answer.json.code === "ORDER_NOT_EXIST") return { ok: true as const, state: "missing" as const }
    return { ok: false as const, reason: reasonOf(answer) }
  }

  const paidNotice = (resource: Json): PaidNotice | undefined => {
    const amount = resource.amount as { total?: unknown } | undefined
    if (resource.mchid !== settings.mchId || resource.appid !== settings.appId || resource.trade_state !== "SUCCESS") return undefined
    if (typeof resource.out_trade_no !== "string" || typeof resource.transaction_id !== "string" || !Number.isInteger(amount?.total)) return undefined
    return { tradeNo: resource.out_trade_no, amountFen: amount!.total as number, providerRef: resource.transaction_id }
  }

  const refundNotice = (resource: Json): RefundNotice | undefined =>
    resource.mchid === settings.mchId && typeof resource.out_trade_no === "string" && typeof resource.out_refund_no === "string"
      ? { tradeNo: resource.out_trade_no, refundNo: resource.out_refund_no, refunded: resource.refund_status === "SUCCESS" }
      : undefined

  /** A nonce seen within the notice window is a replay. */
  const inMemory: NonceBook = async (nonce) => {
    for (const [n, at] of seenNonces) if (now() - at > 2 * FIVE_MINUTES_MS) seenNonces.delete(n)
    if (seenNonces.has(nonce)) return false
    seenNonces.set(nonce, now())
    return true
  }

  const readNotice = async (posted: PostedNotice, firstTime: NonceBook) => {
    if (!(await signedByPlatform(posted.headers, posted.body))) return undefined
    if (!(await firstTime(headerOf(posted.headers, "wechatpay-nonce")!, new Date(now())))) return undefined
    const notice: unknown = JSON.parse(posted.body)
    if (!isObject(notice) || !isObject(notice.resource)) return undefined
    const resource: unknown = JSON.parse(decrypt(notice.resource as unknown as Encrypted))
    if (!isObject(resource)) return undefined
    if (notice.event_type === "TRANSACTION.SUCCESS") return paidNotice(resource)
    if (typeof notice.event_type === "string" && notice.event_type.startsWith("REFUND.")) return refundNotice(resource)
    return undefined
  }

  const paySign = (prepayId: string, at: Date): PaySign => {
    const timeStamp = String(Math.floor(at.getTime() / 1000))
    const nonceStr = Formatter.nonce(32)
    const pkg = `prepay_id=${prepayId}`
    return { appId: settings.appId, timeStamp, nonceStr, package: pkg, signType: "RSA", paySign: Rsa.sign(Formatter.joinedByLineFeed(settings.appId, timeStamp, nonceStr, pkg), settings.privateKey) }
  }

  const portWith = (nonces: NonceBook) => PayIn.of({
    prepay: ({ tradeNo, amountFen, description, openid, expiresAt }) => Effect.promise(async () => {
      const answer = await call("POST", "/v3/pay/transactions/jsapi", {
        appid: settings.appId, mchid: settings.mchId, description: description.slice(0, 127), out_trade_no: tradeNo,
        time_expire: beijingTime(expiresAt), notify_url: settings.notifyUrl, amount: { total: amountFen, currency: "CNY" }, payer: { openid }
      })
      if (!("failed" in answer) && answer.status === 200 && typeof answer.json.prepay_id === "string") return { ok: true as const, prepayId: answer.json.prepay_id }
      return { ok: false as const, reason: reasonOf(answer) }
    }),
    paySign: (prepayId, at) => Effect.sync(() => paySign(prepayId, at)),
    verifyNotice: (posted) => Effect.promise(() => readNotice(posted, nonces).catch(() => undefined)),
    close: (tradeNo) => Effect.promise(async () => {
      // asked first: a paid order must never be taken for closed
      const known = await query(tradeNo)
      if (!known.ok) return { closed: false as const, paid: false, reason: known.reason }
      if (known.state === "SUCCESS" || known.state === "REFUND") return { closed: false as const, paid: true, reason: "订单已支付" }
      if (known.state === "missing" || known.state === "CLOSED" || known.state === "REVOKED") return { closed: true as const }
      const answer = await call("POST", `${tradePath(tradeNo)}/close`, { mchid: settings.mchId })
      if (!("failed" in answer) && (answer.status === 204 || answer.json.code === "ORDER_CLOSED" || answer.json.code === "ORDER_NOT_EXIST")) return { closed: true as const }
      return { closed: false as const, paid: !("failed" in answer) && answer.json.code === "ORDERPAID", reason: reasonOf(answer) }
    }),
    refund: ({ tradeNo, refundNo, amountFen }) => Effect.promise(async () => {
      const order = await query(tradeNo)
      if (!order.ok) return { ok: false as const, reason: order.reason }
      if (order.state === "missing") return { ok: false as const, reason: "订单不存在" }
      const answer = await call("POST", "/v3/refund/domestic/refunds", {
        out_trade_no: tradeNo, out_refund_no: refundNo, notify_url: settings.notifyUrl,
        amount: { refund: amountFen, total: order.amountFen, currency: "CNY" }
      })
      if ("failed" in answer || answer.status !== 200) return { ok: false as const, reason: reasonOf(answer) }
      if (answer.json.status === "CLOSED" || answer.json.status === "ABNORMAL") return { ok: false as const, reason: `退款${answer.json.status === "CLOSED" ? "关闭" : "异常"}` }
      return { ok: true as const, reference: String(answer.json.refund_id) }
    })
  })

  return { port: portWith(inMemory), portWith, query }
}

/**
 * Whether `PAYMENTS` asks for WeChat Pay (`fake`, the default, keeps the simulated provider): another value, or
 * `wechatpay` with a setting missing, stops the start with its name.
 */
export const paysWithWechat = (env: NodeJS.ProcessEnv) => {
  const choice = providerChoice(env, "PAYMENTS", ["fake", "wechatpay"])
  if (choice === "wechatpay") wechatPaySettings(env)
  return choice === "wechatpay"
}

const bySettings = new WeakMap<NodeJS.ProcessEnv, ReturnType<typeof wechatPay>>()

/**
 * The port for these settings, bound to a transaction: one adapter per environment keeps the platform certificates
 * across transactions, and the notices' nonces are kept in the database, for every server process, written in the
 * transaction that settles the notice (one that fails leaves the nonce free for the provider's next try).
 */
export const wechatPayIn = (env: NodeJS.ProcessEnv, db: Kysely<DB>): PayIn["Service"] => {
  let adapter = bySettings.get(env)
  if (!adapter) bySettings.set(env, adapter = wechatPay(wechatPaySettings(env)))
  return adapter.portWith(noticeNonces(db))
}
