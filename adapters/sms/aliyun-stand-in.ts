/**
 * Test only: a local stand-in for an Alibaba Cloud RPC endpoint as the installed SDKs call it (Dysmsapi's SendSms by
 * default, or another action such as OCR's RecognizeIdcard) — the V3 signature (ACS3-HMAC-SHA256 over the canonical
 * request of method, path, sorted query, the host, content-type and x-acs-* headers, and the payload's SHA-256),
 * x-acs-date within 15 minutes, each x-acs-signature-nonce used once (SignatureNonceUsed), the action and version
 * headers; it answers `{ Code, Message, RequestId, BizId }`, or the body the test gives for its action.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import { listenStandIn } from "./stand-in-server"

export type AliyunAnswer =
  | { readonly code: string; readonly status?: number }
  | { readonly body: Readonly<Record<string, unknown>> }
  | "never"

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex")
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

interface Api {
  readonly id: string
  readonly secret: string
  readonly action: string
  readonly version: string
}

const check = (req: IncomingMessage, raw: Buffer, keys: Api, nonces: Set<string>, now: number) => {
  const m = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([a-z0-9;-]+),Signature=([0-9a-f]{64})$/.exec(String(req.headers.authorization ?? ""))
  if (!m) return { status: 400, code: "IncompleteSignature" }
  const [, keyId, signedHeaders, signature] = m as unknown as [string, string, string, string]
  if (keyId !== keys.id) return { status: 404, code: "InvalidAccessKeyId.NotFound" }
  const date = Date.parse(String(req.headers["x-acs-date"] ?? ""))
  if (Number.isNaN(date)) return { status: 400, code: "InvalidTimeStamp.Format" }
  if (Math.abs(now - date) > 15 * 60_000) return { status: 400, code: "InvalidTimeStamp.Expired" }
  if (sha256(raw) !== req.headers["x-acs-content-sha256"]) return { status: 400, code: "SignatureDoesNotMatch" }
  const signed = signedHeaders.split(";")
  const mustSign = Object.keys(req.headers).filter((h) => h === "host" || h === "content-type" || h.startsWith("x-acs-"))
  if (mustSign.some((h) => !signed.includes(h))) return { status: 400, code: "SignatureDoesNotMatch" }
  const url = new URL(req.url ?? "/", "http://stand-in")
  const query = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&")
  const headers = signed.map((h) => `${h}:${String(req.headers[h] ?? "").trim()}\n`).join("")
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, sha256(raw)].join("\n")
  const expected = Buffer.from(createHmac("sha256", keys.secret).update(`ACS3-HMAC-SHA256\n${sha256(canonical)}`).digest("hex"))
  if (!timingSafeEqual(expected, Buffer.from(signature))) return { status: 400, code: "SignatureDoesNotMatch" }
  const nonce = String(req.headers["x-acs-signature-nonce"] ?? "")
  if (nonce === "" || nonces.has(nonce)) return { status: 400, code: "SignatureNonceUsed" }
  nonces.add(nonce)
  if (req.headers["x-acs-action"] !== keys.action || req.headers["x-acs-version"] !== keys.version) return { status: 400, code: "InvalidAction.NotFound" }
  return undefined
}

export interface AliyunStandIn {
  readonly endpoint: string
  readonly requests: Array<{ headers: IncomingMessage["headers"]; query: Record<string, string>; raw: Buffer; path: string }>
  close(): Promise<void>
}

export const startAliyunStandIn = async (options: {
  readonly accessKeyId: string
  readonly accessKeySecret: string
  readonly answer: (query: Record<string, string>, raw: Buffer) => AliyunAnswer
  readonly now?: () => number
  /** The action and version it serves (default SendSms, 2017-05-25). */
  readonly action?: string
  readonly version?: string
}): Promise<AliyunStandIn> => {
  const api: Api = {
    id: options.accessKeyId, secret: options.accessKeySecret, action: options.action ?? "SendSms", version: options.version ?? "2017-05-25"
  }
  const requests: AliyunStandIn["requests"] = []
  const nonces = new Set<string>()
  const hanging = new Set<ServerResponse>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const raw = Buffer.concat(chunks)
      const reply = (status: number, code: string) => {
        res.writeHead(status, { "content-type": "application/json;charset=utf-8" })
        res.end(JSON.stringify({ Code: code, Message: code === "OK" ? "OK" : code, RequestId: crypto.randomUUID(), ...(code === "OK" ? { BizId: "900619746936498440^0" } : {}) }))
      }
      const refused = check(req, raw, api, nonces, (options.now ?? Date.now)())
      if (refused) return reply(refused.status, refused.code)
      const url = new URL(req.url ?? "/", "http://stand-in")
      const form = req.headers["content-type"]?.startsWith("application/x-www-form-urlencoded") ? new URLSearchParams(raw.toString("utf8")) : []
      const query = Object.fromEntries([...url.searchParams, ...form])
      requests.push({ headers: req.headers, query, raw, path: req.url ?? "/" })
      const answer = options.answer(query, raw)
      if (answer === "never") return void hanging.add(res)
      if ("body" in answer) {
        res.writeHead(200, { "content-type": "application/json;charset=utf-8" })
        return void res.end(JSON.stringify({ RequestId: crypto.randomUUID(), ...answer.body }))
      }
      reply(answer.status ?? 200, answer.code)
    })
  })
  return { ...await listenStandIn(server, hanging), requests }
}

/** Sends a request again exactly as it came (same nonce, same signature): what a replay looks like. */
export const replay = async (endpoint: string, request: AliyunStandIn["requests"][number]) => {
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([k]) => k !== "content-length" && k !== "connection").map(([k, v]) => [k, String(v)]))
  const res = await fetch(`${endpoint}${request.path}`, { method: "POST", headers, body: new Uint8Array(request.raw) })
  return { status: res.status, body: await res.json() as { Code: string } }
}
