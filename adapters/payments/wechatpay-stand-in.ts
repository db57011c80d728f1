/**
 * A local stand-in for WeChat Pay API v3 (JSAPI), for tests: it checks each request's
 * `WECHATPAY2-SHA256-RSA2048` Authorization against the merchant's public key (the merchant, its certificate serial,
 * a timestamp within 5 minutes, a nonce used once), serves prepay, query, close, refund and the platform
 * certificates, signs every answer with its platform key, answers the documented errors as `{ code, message }`, and
 * plays the user's side: paying a prepay from the sheet's pay-sign, and the notices it posts to the notify URL
 * (the resource AES-256-GCM encrypted with the APIv3 key, signed with the platform key). Written on node:crypto
 * alone, apart from the adapter's library, so the two check each other.
 */
import { createCipheriv, createPublicKey, createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import { listenStandIn } from "../sms/stand-in-server"

/** A platform certificate as the stand-in hands it out: the PEM public key in place of the X.509 certificate. */
export interface PlatformCertificate {
  readonly serial: string
  readonly privateKey: KeyObject
  readonly effectiveAt: Date
  readonly expiresAt: Date
}

export const newPlatformCertificate = (serial: string, effectiveAt: Date, expiresAt: Date, privateKey = newRsaKey()): PlatformCertificate =>
  ({ serial, privateKey, effectiveAt, expiresAt })

/** A new RSA-2048 private key (the merchant's API key or a platform key, for tests). */
export const newRsaKey = () => generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey

export const publicPem = (key: KeyObject) => createPublicKey(key).export({ type: "spki", format: "pem" }) as string

/** The documented errors it answers: HTTP status and message (the `code` is the key). */
export const WECHATPAY_ERRORS = {
  PARAM_ERROR: [400, "参数错误"],
  INVALID_REQUEST: [400, "无效请求"],
  ORDER_CLOSED: [400, "订单已关闭"],
  SIGN_ERROR: [401, "签名错误"],
  ORDERPAID: [403, "订单已支付"],
  OUT_TRADE_NO_USED: [403, "商户订单号重复"],
  NOT_ENOUGH: [403, "基本账户余额不足，请充值后重新发起"],
  NO_AUTH: [403, "商户无权限"],
  ORDER_NOT_EXIST: [404, "订单不存在"],
  RESOURCE_NOT_EXISTS: [404, "订单不存在"],
  FREQUENCY_LIMITED: [429, "频率超限"],
  SYSTEM_ERROR: [500, "系统错误"]
} as const satisfies Record<string, readonly [number, string]>
export type WechatPayError = keyof typeof WECHATPAY_ERRORS

type Operation = "prepay" | "query" | "close" | "refund" | "certificates"

export interface WechatPayStandInOptions {
  readonly mchid: string
  readonly appid: string
  readonly merchantSerial: string
  readonly merchantPublicKey: KeyObject
  readonly apiV3Key: string
  readonly platform: ReadonlyArray<PlatformCertificate>
  /** The time it lives in (epoch ms); the real time by default. */
  readonly now?: () => number
}

interface Order {
  readonly outTradeNo: string
  readonly prepayId: string
  readonly total: number
  readonly description: string
  readonly openid: string
  readonly notifyUrl: string
  readonly expiresAt: number
  state: "NOTPAY" | "SUCCESS" | "CLOSED" | "REFUND"
  transactionId?: string
  successTime?: string
}

interface Refund {
  readonly outRefundNo: string
  readonly refundId: string
  readonly outTradeNo: string
  readonly amount: number
  readonly notifyUrl: string | undefined
  readonly createTime: string
  status: "PROCESSING" | "SUCCESS"
}

/** A notice as it was posted: the headers WeChat Pay sends and the body, byte for byte. */
export interface PostedV3Notice {
  readonly headers: Record<string, string>
  readonly body: string
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/
const TRADE_NO = /^[A-Za-z0-9_*|-]{6,32}$/
const FIVE_MINUTES = 300

/** Its time in WeChat Pay's form: RFC 3339 in Beijing time. */
const beijing = (ms: number) => `${new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`

const authorizationFields = (header: string | undefined) => {
  const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header ?? "")
  if (!m) return undefined
  return Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((f) => [f[1]!, f[2]!]))
}

export const startWechatPayStandIn = async (options: WechatPayStandInOptions) => {
  const now = options.now ?? Date.now
  const orders = new Map<string, Order>()
  const refunds = new Map<string, Refund>()
  const nonces = new Map<string, number>()
  const hanging = new Set<ServerResponse>()
  const state = {
    platform: [...options.platform],
    /** The certificate that signs answers and notices (the last one by default). */
    signingSerial: options.platform.at(-1)!.serial,
    /** The next call of each operation is refused with this documented error. */
    refuseNext: {} as Partial<Record<Operation, WechatPayError>>,
    /** While on, every request is held unanswered (a timeout). */
    hang: false,
    requests: [] as Array<{ method: string; path: string; headers: IncomingMessage["headers"]; body: string }>
  }

  const signer = () => state.platform.find((c) => c.serial === state.signingSerial)!
  const signed = (body: string, certificate = signer(), timestamp = Math.floor(now() / 1000), nonce = randomBytes(16).toString("hex")) => ({
    "Wechatpay-Timestamp": String(timestamp),
    "Wechatpay-Nonce": nonce,
    "Wechatpay-Serial": certificate.serial,
    "Wechatpay-Signature": createSign("RSA-SHA256").update(`${timestamp}\n${nonce}\n${body}\n`).sign(certificate.privateKey, "base64")
  })
  const encrypt = (plaintext: string, associatedData: string) => {
    const nonce = randomBytes(6).toString("hex")
    const cipher = createCipheriv("aes-256-gcm", Buffer.from(options.apiV3Key), nonce).setAAD(Buffer.from(associatedData))
    const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]).toString("base64")
    return { algorithm: "AEAD_AES_256_GCM", ciphertext, associated_data: associatedData, nonce }
  }

  const answer = (res: ServerResponse, status: number, json?: unknown) => {
    const body = json === undefined ? "" : JSON.stringify(json)
    res.writeHead(status, { ...(body ? { "Content-Type": "application/json" } : {}), "Request-ID": randomBytes(8).toString("hex"), ...signed(body) })
    res.end(body)
  }
  const refuse = (res: ServerResponse, code: WechatPayError, message?: string) =>
    answer(res, WECHATPAY_ERRORS[code][0], { code, message: message ?? WECHATPAY_ERRORS[code][1] })

  /** Why the request's signature is not the merchant's, or undefined when it is. */
  const authorizationFault = (req: IncomingMessage, body: string) => {
    const auth = authorizationFields(req.headers.authorization)
    if (!auth) return "Authorization 头缺失或格式错误"
    if (auth.mchid !== options.mchid) return "商户号不匹配"
    if (auth.serial_no !== options.merchantSerial) return "商户证书序列号不匹配"
    const timestamp = Number(auth.timestamp)
    if (!Number.isInteger(timestamp) || Math.abs(now() / 1000 - timestamp) > FIVE_MINUTES) return "时间戳超出有效范围"
    if (!auth.nonce_str) return "随机串缺失"
    for (const [n, at] of nonces) if (at < now() / 1000 - FIVE_MINUTES * 2) nonces.delete(n)
    if (nonces.has(auth.nonce_str)) return "随机串重复"
    const message = `${req.method}\n${req.url}\n${auth.timestamp}\n${auth.nonce_str}\n${body}\n`
    const valid = createVerify("RSA-SHA256").update(message).verify(options.merchantPublicKey, auth.signature ?? "", "base64")
    if (!valid) return "签名验证失败"
    nonces.set(auth.nonce_str, timestamp)
    return undefined
  }

  const post = async (url: string, notice: PostedV3Notice) => {
    const res = await fetch(url, { method: "POST", headers: notice.headers, body: notice.body })
    return { status: res.status, body: await res.text() }
  }

  const noticeOf = (eventType: string, originalType: "transaction" | "refund", resource: unknown, summary: string, certificate = signer()): PostedV3Notice => {
    const body = JSON.stringify({
      id: randomBytes(18).toString("hex"), create_time: beijing(now()), resource_type: "encrypt-resource", event_type: eventType, summary,
      resource: { original_type: originalType, ...encrypt(JSON.stringify(resource), originalType) }
    })
    return { headers: { "Content-Type": "application/json", "User-Agent": "Mozilla/4.0", ...signed(body, certificate) }, body }
  }

  const transactionOf = (o: Order) => ({
    appid: options.appid, mchid: options.mchid, out_trade_no: o.outTradeNo, trade_type: "JSAPI", trade_state: o.state,
    trade_state_desc: { NOTPAY: "未支付", SUCCESS: "支付成功", CLOSED: "已关闭", REFUND: "转入退款" }[o.state],
    payer: { openid: o.openid }, amount: { total: o.total, currency: "CNY", ...(o.transactionId ? { payer_total: o.total, payer_currency: "CNY" } : {}) },
    ...(o.transactionId ? { transaction_id: o.transactionId, bank_type: "OTHERS", success_time: o.successTime, attach: "" } : {})
  })

  const paidNotice = (o: Order, certificate?: PlatformCertificate) => noticeOf("TRANSACTION.SUCCESS", "transaction", transactionOf(o), "支付成功", certificate)

  const refundNotice = (r: Refund, certificate?: PlatformCertificate) => {
    const o = orders.get(r.outTradeNo)!
    return noticeOf("REFUND.SUCCESS", "refund", {
      mchid: options.mchid, out_trade_no: r.outTradeNo, transaction_id: o.transactionId, out_refund_no: r.outRefundNo, refund_id: r.refundId,
      refund_status: "SUCCESS", success_time: beijing(now()), user_received_account: "支付用户零钱",
      amount: { total: o.total, refund: r.amount, payer_total: o.total, payer_refund: r.amount }
    }, "退款成功", certificate)
  }

  const refundAnswer = (r: Refund) => {
    const o = orders.get(r.outTradeNo)!
    return {
      refund_id: r.refundId, out_refund_no: r.outRefundNo, transaction_id: o.transactionId, out_trade_no: r.outTradeNo, channel: "ORIGINAL",
      user_received_account: "支付用户零钱", create_time: r.createTime, status: r.status,
      amount: { total: o.total, refund: r.amount, payer_total: o.total, payer_refund: r.amount, settlement_total: o.total, settlement_refund: r.amount, discount_refund: 0, currency: "CNY" }
    }
  }

  const routes: Array<[string, RegExp, Operation, (res: ServerResponse, m: RegExpExecArray, body: Record<string, unknown>, query: URLSearchParams) => void]> = [
    ["POST", /^\/v3\/pay\/transactions\/jsapi$/, "prepay", (res, _m, b) => {
      const amount = b.amount as { total?: unknown; currency?: unknown } | undefined
      const payer = b.payer as { openid?: unknown } | undefined
      if (b.appid !== options.appid || b.mchid !== options.mchid) return refuse(res, "PARAM_ERROR", "appid和mch_id不匹配")
      if (typeof b.description !== "string" || !b.description || b.description.length > 127) return refuse(res, "PARAM_ERROR", "description 参数格式错误")
      if (typeof b.out_trade_no !== "string" || !TRADE_NO.test(b.out_trade_no)) return refuse(res, "PARAM_ERROR", "out_trade_no 参数格式错误")
      if (typeof b.notify_url !== "string" || !/^(https:\/\/|http:\/\/127\.0\.0\.1[:/])/.test(b.notify_url)) return refuse(res, "PARAM_ERROR", "notify_url 参数格式错误")
      if (!Number.isInteger(amount?.total) || (amount!.total as number) < 1 || (amount?.currency ?? "CNY") !== "CNY") return refuse(res, "PARAM_ERROR", "amount 参数格式错误")
      if (typeof payer?.openid !== "string" || !payer.openid) return refuse(res, "PARAM_ERROR", "payer.openid 参数格式错误")
      if (b.time_expire !== undefined && (typeof b.time_expire !== "string" || !RFC3339.test(b.time_expire))) return refuse(res, "PARAM_ERROR", "time_expire 参数格式错误")
      const earlier = orders.get(b.out_trade_no)
      if (earlier) {
        if (earlier.state === "SUCCESS" || earlier.state === "REFUND") return refuse(res, "ORDERPAID")
        if (earlier.state === "CLOSED") return refuse(res, "ORDER_CLOSED")
        if (earlier.total !== amount!.total || earlier.description !== b.description) return refuse(res, "OUT_TRADE_NO_USED")
        return answer(res, 200, { prepay_id: earlier.prepayId })
      }
      const order: Order = {
        outTradeNo: b.out_trade_no, prepayId: `wx${randomBytes(14).toString("hex")}`, total: amount!.total as number, description: b.description,
        openid: payer.openid, notifyUrl: b.notify_url, expiresAt: typeof b.time_expire === "string" ? Date.parse(b.time_expire) : now() + 2 * 3_600_000, state: "NOTPAY"
      }
      orders.set(order.outTradeNo, order)
      answer(res, 200, { prepay_id: order.prepayId })
    }],
    ["GET", /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)$/, "query", (res, m, _b, query) => {
      if (query.get("mchid") !== options.mchid) return refuse(res, "PARAM_ERROR", "mchid 参数格式错误")
      const order = orders.get(decodeURIComponent(m[1]!))
      return order ? answer(res, 200, transactionOf(order)) : refuse(res, "ORDER_NOT_EXIST")
    }],
    ["POST", /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)\/close$/, "close", (res, m, b) => {
      if (b.mchid !== options.mchid) return refuse(res, "PARAM_ERROR", "mchid 参数格式错误")
      const order = orders.get(decodeURIComponent(m[1]!))
      if (!order) return refuse(res, "ORDER_NOT_EXIST")
      if (order.state === "SUCCESS" || order.state === "REFUND") return refuse(res, "ORDERPAID")
      order.state = "CLOSED"
      answer(res, 204)
    }],
    ["POST", /^\/v3\/refund\/domestic\/refunds$/, "refund", (res, _m, b) => {
      const amount = b.amount as { refund?: unknown; total?: unknown; currency?: unknown } | undefined
      if (typeof b.out_refund_no !== "string" || !TRADE_NO.test(b.out_refund_no)) return refuse(res, "PARAM_ERROR", "out_refund_no 参数格式错误")
      if (!Number.isInteger(amount?.refund) || !Number.isInteger(amount?.total) || (amount!.refund as number) < 1 || amount?.currency !== "CNY") return refuse(res, "PARAM_ERROR", "amount 参数格式错误")
      const order = typeof b.out_trade_no === "string" ? orders.get(b.out_trade_no) : undefined
      if (!order) return refuse(res, "RESOURCE_NOT_EXISTS")
      const done = refunds.get(b.out_refund_no)
      if (done) return done.outTradeNo === order.outTradeNo && done.amount === amount!.refund ? answer(res, 200, refundAnswer(done)) : refuse(res, "INVALID_REQUEST", "退款单号已被使用")
      if (order.state !== "SUCCESS" && order.state !== "REFUND") return refuse(res, "INVALID_REQUEST", "订单未支付")
      if (amount!.total !== order.total) return refuse(res, "PARAM_ERROR", "订单金额或退款金额与之前请求不一致")
      const refunded = [...refunds.values()].filter((r) => r.outTradeNo === order.outTradeNo).reduce((sum, r) => sum + r.amount, 0)
      if (refunded + (amount!.refund as number) > order.total) return refuse(res, "INVALID_REQUEST", "申请退款金额超过订单可退金额")
      const refund: Refund = {
        outRefundNo: b.out_refund_no, refundId: `50${randomBytes(14).toString("hex")}`, outTradeNo: order.outTradeNo, amount: amount!.refund as number,
        notifyUrl: typeof b.notify_url === "string" ? b.notify_url : undefined, createTime: beijing(now()), status: "PROCESSING"
      }
      refunds.set(refund.outRefundNo, refund)
      order.state = "REFUND"
      answer(res, 200, refundAnswer(refund))
    }],
    ["GET", /^\/v3\/certificates$/, "certificates", (res) => answer(res, 200, {
      data: state.platform.map((c) => ({
        serial_no: c.serial, effective_time: beijing(c.effectiveAt.getTime()), expire_time: beijing(c.expiresAt.getTime()),
        encrypt_certificate: encrypt(publicPem(c.privateKey), "certificate")
      }))
    })]
  ]

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8")
      state.requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body })
      if (state.hang) return void hanging.add(res)
      const url = new URL(req.url ?? "/", "http://stand-in")
      const route = routes.find(([method, path]) => method === req.method && path.test(url.pathname))
      if (!route) return refuse(res, "INVALID_REQUEST", "接口不存在")
      const fault = authorizationFault(req, body)
      if (fault) return refuse(res, "SIGN_ERROR", fault)
      const refusal = state.refuseNext[route[2]]
      if (refusal) {
        delete state.refuseNext[route[2]]
        return refuse(res, refusal)
      }
      let json: Record<string, unknown> = {}
      if (body) {
        try { json = JSON.parse(body) as Record<string, unknown> } catch { return refuse(res, "PARAM_ERROR", "请求体不是合法的JSON") }
      }
      route[3](res, route[1].exec(url.pathname)!, json, url.searchParams)
    })
  })
  const { endpoint, close } = await listenStandIn(server, hanging)

  return {
    endpoint,
    close,
    state,
    order: (outTradeNo: string) => orders.get(outTradeNo),
    /** A new platform certificate published and signing from now on (the old one still listed until it expires). */
    rotate(certificate: PlatformCertificate) {
      state.platform.push(certificate)
      state.signingSerial = certificate.serial
    },
    /**
     * The user pays in the sheet with the merchant's pay-sign: it must verify with the merchant's key over
     * `appId\ntimeStamp\nnonceStr\npackage\n`, the order be unpaid and in time; then the money is taken and the
     * notice is made (and posted to the order's notify URL with `post`).
     */
    async pay(sheet: { appId: string; timeStamp: string; nonceStr: string; package: string; signType: string; paySign: string }, deliver = true) {
      const message = `${sheet.appId}\n${sheet.timeStamp}\n${sheet.nonceStr}\n${sheet.package}\n`
      if (sheet.appId !== options.appid || sheet.signType !== "RSA" || !createVerify("RSA-SHA256").update(message).verify(options.merchantPublicKey, sheet.paySign, "base64")) {
        return { ok: false as const, reason: "支付验证签名失败" }
      }
      const order = [...orders.values()].find((o) => `prepay_id=${o.prepayId}` === sheet.package)
      if (!order) return { ok: false as const, reason: "订单不存在" }
      if (order.state !== "NOTPAY") return { ok: false as const, reason: order.state === "CLOSED" ? "订单已关闭" : "订单已支付" }
      if (now() >= order.expiresAt) return { ok: false as const, reason: "订单已过期" }
      order.state = "SUCCESS"
      order.transactionId = `42${Date.now()}${randomBytes(6).toString("hex")}`
      order.successTime = beijing(now())
      const notice = paidNotice(order)
      const delivered = deliver ? await post(order.notifyUrl, notice) : undefined
      return { ok: true as const, notice, delivered }
    },
    /** The notice of a paid order again, signed now by `certificate` (another, an expired one: what a forger or a stale key would send). */
    paidNotice: (outTradeNo: string, certificate?: PlatformCertificate) => paidNotice(orders.get(outTradeNo)!, certificate),
    /** The refund goes through: its notice is posted to the refund's notify URL (and answered). */
    async settleRefund(outRefundNo: string) {
      const refund = refunds.get(outRefundNo)!
      refund.status = "SUCCESS"
      const notice = refundNotice(refund)
      return { notice, delivered: refund.notifyUrl ? await post(refund.notifyUrl, notice) : undefined }
    }
  }
}

export type WechatPayStandIn = Awaited<ReturnType<typeof startWechatPayStandIn>>
