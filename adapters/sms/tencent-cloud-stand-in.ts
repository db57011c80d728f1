/**
 * Test only: a local stand-in for a Tencent Cloud API 3.0 endpoint. It checks what the cloud checks — the
 * TC3-HMAC-SHA256 Authorization recomputed from the request with the known secret, the X-TC-Timestamp within
 * 5 minutes, the X-TC-Action and X-TC-Version — and answers `{ Response: … }` as the documents give it.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto"
import { createServer, type IncomingMessage, type Server } from "node:http"
import { listenStandIn } from "./stand-in-server"

export type TencentAnswer = Record<string, unknown> | { readonly error: string; readonly message?: string } | "never"

export interface TencentStandIn {
  /** host:port with http:// before it, for the SDK's endpoint setting. */
  readonly endpoint: string
  readonly requests: Array<{ action: string; headers: IncomingMessage["headers"]; body: Record<string, unknown> }>
  close(): Promise<void>
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex")
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest()

const authorisationParts = (header: string) => {
  const m = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(header)
  return m ? { secretId: m[1]!, date: m[2]!, service: m[3]!, signedHeaders: m[4]!, signature: m[5]! } : undefined
}

/** Whether the request carries a right TC3 signature; the error code the cloud answers when it does not. */
const checkSignature = (req: IncomingMessage, raw: Buffer, secretId: string, secretKey: string, now: number): string | undefined => {
  const auth = authorisationParts(String(req.headers.authorization ?? ""))
  if (!auth) return "AuthFailure.InvalidAuthorization"
  if (auth.secretId !== secretId) return "AuthFailure.SecretIdNotFound"
  const timestamp = Number(req.headers["x-tc-timestamp"])
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > 300) return "AuthFailure.SignatureExpire"
  if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== auth.date) return "AuthFailure.SignatureFailure"
  const host = String(req.headers.host ?? "").replace(/:\d+$/, "")
  if (auth.service !== host.split(".")[0]) return "AuthFailure.SignatureFailure"
  const signed = auth.signedHeaders.split(";")
  if (!signed.includes("content-type") || !signed.includes("host")) return "AuthFailure.SignatureFailure"
  const headers = signed.map((h) => `${h}:${h === "host" ? host : String(req.headers[h] ?? "").trim()}\n`).join("")
  const [path, query = ""] = (req.url ?? "/").split("?")
  const canonical = [req.method, path, query, headers, auth.signedHeaders, sha256(raw)].join("\n")
  const toSign = ["TC3-HMAC-SHA256", String(timestamp), `${auth.date}/${auth.service}/tc3_request`, sha256(canonical)].join("\n")
  const key = hmac(hmac(hmac(`TC3${secretKey}`, auth.date), auth.service), "tc3_request")
  const expected = Buffer.from(hmac(key, toSign).toString("hex"))
  return timingSafeEqual(expected, Buffer.from(auth.signature)) ? undefined : "AuthFailure.SignatureFailure"
}

export const startTencentStandIn = async (options: {
  readonly secretId: string
  readonly secretKey: string
  readonly version: string
  readonly answer: (action: string, body: Record<string, unknown>) => TencentAnswer
  readonly now?: () => number
}): Promise<TencentStandIn> => {
  const requests: TencentStandIn["requests"] = []
  const hanging = new Set<import("node:http").ServerResponse>()
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const raw = Buffer.concat(chunks)
      const requestId = crypto.randomUUID()
      const reply = (response: Record<string, unknown>) => {
        res.writeHead(200, { "content-type": "application/json" })
        res.end(JSON.stringify({ Response: { ...response, RequestId: requestId } }))
      }
      const fail = (code: string, message = code) => reply({ Error: { Code: code, Message: message } })
      const refused = checkSignature(req, raw, options.secretId, options.secretKey, (options.now ?? Date.now)())
      if (refused) return fail(refused)
      const action = String(req.headers["x-tc-action"] ?? "")
      if (req.headers["x-tc-version"] !== options.version) return fail("InvalidParameter", `version ${String(req.headers["x-tc-version"])}`)
      let body: Record<string, unknown>
      try {
        body = JSON.parse(raw.toString("utf8")) as Record<string, unknown>
      } catch {
        return fail("InvalidParameter", "body is not JSON")
      }
      requests.push({ action, headers: req.headers, body })
      const answer = options.answer(action, body)
      if (answer === "never") return void hanging.add(res)
      if ("error" in answer && typeof answer.error === "string") return fail(answer.error, String(answer.message ?? answer.error))
      reply(answer)
    })
  })
  return { ...await listenStandIn(server, hanging), requests }
}
