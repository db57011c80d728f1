/** The HTTP app: the hot lane for the hottest reads, then express: security headers, body cap, logs, rate limits, the routes and the built web app. */
import { existsSync } from "node:fs"
import { resolve } from "node:path"
import type { RequestListener } from "node:http"
import compression from "compression"
import express, { type ErrorRequestHandler } from "express"
import { grabMessages } from "#src/errand/grab"
import type { Runtime } from "../runtime"
import { cachedSessions } from "../security/sessions"
import { requireActor } from "./auth"
import { circleViewer } from "./circle-viewer"
import { hotLane } from "./hot-lane"
import { logger } from "./logger"
import { actorOf, ANSWER_COMPRESS_BYTES, GENERIC_FAILURE, sendFailure } from "./outcome"
import { clientAddress, limitRequests, rateLimiter, type Limit } from "./rate-limit"
import { activityRoutes } from "./routes/activity"
import { circleSocialRoutes, circleSocialVisitorRoutes } from "./routes/circle-social"
import { subscribeGiftRoutes } from "./routes/subscribe-gift"
import { circleMarketRoutes, circleMarketVisitorRoutes } from "./routes/circle-market"
import { addressRoutes } from "./routes/address"
import { devAuthRoutes, employeeRoutes } from "./routes/auth"
import { devLoginRoutes } from "./routes/dev-login"
import { messagingRoutes } from "./routes/messaging"
import { returnRoutes } from "./routes/returns"
import { receiverRoutes } from "./routes/receiver"
import { menuEntryRoutes } from "./routes/menu-entry"
import { pageShell, staticAssets } from "./static-assets"
import { officialAccountRoutes } from "./routes/official-account"
import { devPayRoutes, keepNoticeBody, paymentRoutes, payNotifyRoutes } from "./routes/payment"
import { stationRoutes } from "./routes/station"
import { supportRoutes } from "./routes/support"
import { signedFileRoutes, uploadRoutes } from "./routes/upload"
import { accountRead, userRoutes } from "./routes/user"
import { walletRoutes } from "./routes/wallet"
import { worksiteRoutes } from "./routes/worksite"
import { errandOrderRoutes } from "./routes/errand-order"
import { errandLifecycleRoutes } from "./routes/errand-lifecycle"
import { sendingRoutes } from "./routes/sending"
import { shareRoutes } from "./routes/share"
import { shortUrlRedirects, shortUrlRoutes } from "./routes/short-url"
import { feedbackRoutes } from "./routes/feedback"
import { articleCodeRoutes, commonRoutes } from "./routes/common"
import { statisticsReportRoutes, statisticsRoutes } from "./routes/statistics"
import { logServed } from "./request-log"
import { installSafetyNet, requestScope } from "./safety-net"
import { securityHeaders } from "./security-headers"
import { errandExportRoutes, errandTeamRoutes } from "./routes/errand-team"

export interface HttpOptions {
  readonly webDist?: string | undefined
  readonly devSignIn: boolean
  /** Served behind TLS: then browsers are told to stay on https. */
  readonly secure?: boolean
  /** Limits other than `RATE_LIMITS` (tests and load runs). */
  readonly rateLimits?: RateLimits | undefined
}

const BODY_LIMIT = "64kb"

/** Per process (several server processes each count their own). */
export const RATE_LIMITS = {
  /** Sign-in nonces per client address: a person binding needs one per try. */
  publicKeyPerAddress: { max: 30, windowMs: 60_000 },
  /** Receiver lookups by the last 4 phone digits per staff account: a busy counter checks in a few parcels a minute. */
  receiverLookupPerAccount: { max: 60, windowMs: 60_000 },
  /** Friends looked up by phone per account: a student tries a few numbers, not a directory. */
  friendLookupPerAccount: { max: 10, windowMs: 60_000 },
  /** Grabs per runner, won or lost: a person taps a few cards a minute; a script hammering the hall is slowed down. */
  grabsPerRunner: { max: 10, windowMs: 10_000 },
  /** A circle visitor's views, likes and reports (no session) per client address: a person reads a few shared posts. */
  circleVisitorPerAddress: { max: 60, windowMs: 3_600_000 }
} as const satisfies Record<string, Limit>

export type RateLimits = { readonly [K in keyof typeof RATE_LIMITS]?: Limit }

const MAX_BODY_DEPTH = 32
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** Whether a parsed JSON body nests at most MAX_BODY_DEPTH deep and its keys and strings fit in Postgres. */
const storableJson = (body: unknown): boolean => {
  const stack: Array<[unknown, number]> = [[body, 0]]
  while (stack.length) {
    const [value, depth] = stack.pop()!
    if (typeof value === "string") {
      if (UNSTORABLE.test(value)) return false
    } else if (typeof value === "object" && value !== null) {
      if (depth >= MAX_BODY_DEPTH) return false
      for (const [k, v] of Object.entries(value)) {
        if (UNSTORABLE.test(k)) return false
        stack.push([v, depth + 1])
      }
    }
  }
  return true
}

/** The station's HTTP answers: the hot lane's reads, and express for everything else. */
export const createHttpApp = (runtime: Runtime, options: HttpOptions): RequestListener => {
  installSafetyNet()
  const sessions = cachedSessions(runtime.db, () => runtime.now())
  const setSecurityHeaders = securityHeaders(options)
  const limits = { ...RATE_LIMITS, ...options.rateLimits }
  const app = express()
  app.use(requestScope)
  app.disable("x-powered-by")
  app.set("trust proxy", "loopback")
  app.set("etag", false) // answers under /api and /auth are no-store; static files keep their own ETags
  app.use((_req, res, next) => { setSecurityHeaders(res); next() })
  app.use((req, res, next) => {
    const started = process.hrtime.bigint()
    res.on("finish", () => logServed(req.method, req.path, req.originalUrl, res.statusCode, started))
    next()
  })
  // answers over 1 KB compressed as the browser accepts; sendJson's own are gzipped already, files are precompressed
  app.use(["/api", "/auth"], compression({ threshold: ANSWER_COMPRESS_BYTES }))
  app.use(express.json({ limit: BODY_LIMIT, verify: keepNoticeBody }))
  // Postgres text and jsonb cannot hold U+0000 or unpaired surrogates, and nothing here nests deeply:
  // such input is a bad request, not a server failure.
  app.use((req, res, next) => {
    if (/%00/.test(req.originalUrl) || !storableJson(req.body)) return sendFailure(res, 400, "请求不正确")
    next()
  })

  // tokens and personal data: never kept by a browser or proxy cache
  app.use(["/api", "/auth"], (_req, res, next) => { res.setHeader("Cache-Control", "no-store"); next() })
  app.get("/auth/employee/publicKey", limitRequests(rateLimiter(limits.publicKeyPerAddress), clientAddress))

  if (options.devSignIn) app.use(devAuthRoutes(runtime), devLoginRoutes(runtime), devPayRoutes(runtime))
  app.use(employeeRoutes(runtime, sessions), articleCodeRoutes(runtime, sessions))
  app.get("/api/health", (_req, res) => { res.json({ success: true }) })
  app.use(signedFileRoutes(runtime))
  app.use(payNotifyRoutes(runtime))
  app.use(officialAccountRoutes(runtime))
  app.use(errandExportRoutes(runtime))
  app.use(shortUrlRedirects(runtime))
  // the circle's visitor calls: a session, or a known openid at most `circleVisitorPerAddress` times per address
  const circleVisitor = circleViewer(runtime.db, sessions, rateLimiter(limits.circleVisitorPerAddress))
  app.use(circleMarketVisitorRoutes(runtime, circleVisitor), circleSocialVisitorRoutes(runtime, circleVisitor))
  // the daily report link's two calls take a report key as well as a session
  app.use(statisticsReportRoutes(runtime, sessions))
  app.use("/api", requireActor(sessions))
  app.get("/api/user/list/:worksiteId/:last4", limitRequests(rateLimiter(limits.receiverLookupPerAccount), (req) => actorOf(req).userId))
  app.get("/api/user/wxuserInfo/:phone", limitRequests(rateLimiter(limits.friendLookupPerAccount), (req) => actorOf(req).userId))
  app.put("/api/paotuiOrder/robbingRollModule/:orderNo", limitRequests(rateLimiter(limits.grabsPerRunner), (req) => actorOf(req).userId, grabMessages.tooOften))
  app.use(
    messagingRoutes(runtime), stationRoutes(runtime), receiverRoutes(runtime), walletRoutes(runtime), userRoutes(runtime), worksiteRoutes(runtime),
    addressRoutes(runtime), uploadRoutes(runtime), paymentRoutes(runtime)
  )
  app.use(returnRoutes(runtime))
  app.use(errandOrderRoutes(runtime))
  app.use(errandLifecycleRoutes(runtime))
  app.use(errandTeamRoutes(runtime))
  app.use(sendingRoutes(runtime))
  app.use(activityRoutes(runtime))
  app.use(subscribeGiftRoutes(runtime))
  app.use(circleMarketRoutes(runtime))
  app.use(shareRoutes(runtime))
  app.use(menuEntryRoutes(runtime))
  app.use(shortUrlRoutes(runtime))
  app.use(feedbackRoutes(runtime))
  app.use(commonRoutes(runtime))
  app.use(statisticsRoutes(runtime))
  app.use(supportRoutes(runtime))
  app.use(circleSocialRoutes(runtime))
  app.use(["/api", "/auth"], (_req, res) => { sendFailure(res, 404, "接口不存在") })

  const dist = options.webDist && resolve(options.webDist)
  if (dist && existsSync(resolve(dist, "index.html"))) {
    app.use(staticAssets(dist))
    app.get("/{*path}", pageShell(dist))
  }

  const onError: ErrorRequestHandler = (err: { type?: string; status?: number }, _req, res, _next) => {
    if (err.type === "entity.too.large") return sendFailure(res, 413, "请求内容过大")
    if (err.type === "entity.parse.failed") return sendFailure(res, 400, "请求格式不正确")
    if (err.status && err.status >= 400 && err.status < 500) return sendFailure(res, err.status, "请求不正确")
    logger.error({ err }, "request failed")
    sendFailure(res, 500, GENERIC_FAILURE)
  }
  app.use(onError)
  return hotLane(app, { sessions, securityHeaders: setSecurityHeaders, reads: new Map([["/api/user/wxuserInfo", accountRead(runtime)]]) })
}
