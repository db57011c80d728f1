/** The express app: security headers, body cap, logs, the routes and the built web app. */
import { existsSync } from "node:fs"
import { resolve } from "node:path"
import express, { type ErrorRequestHandler } from "express"
import helmet from "helmet"
import type { Runtime } from "../runtime"
import { requireActor } from "./auth"
import { loggablePath, logger } from "./logger"
import { GENERIC_FAILURE, sendFailure } from "./outcome"
import { devAuthRoutes, employeeRoutes } from "./routes/auth"
import { messagingRoutes } from "./routes/messaging"
import { stationRoutes } from "./routes/station"
import { walletRoutes } from "./routes/wallet"

export interface HttpOptions {
  readonly webDist?: string | undefined
  readonly devSignIn: boolean
}

const BODY_LIMIT = "64kb"

export const createHttpApp = (runtime: Runtime, options: HttpOptions) => {
  const app = express()
  app.disable("x-powered-by")
  app.set("trust proxy", "loopback")
  app.use(helmet({
    referrerPolicy: { policy: "no-referrer" },
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        "img-src": ["'self'", "data:", "blob:"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "connect-src": ["'self'", "ws:", "wss:"]
      }
    }
  }))
  app.use((req, res, next) => {
    const started = process.hrtime.bigint()
    res.on("finish", () => {
      logger.info({ method: req.method, path: loggablePath(req.originalUrl), status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }, "request")
    })
    next()
  })
  app.use(express.json({ limit: BODY_LIMIT }))

  if (options.devSignIn) app.use(devAuthRoutes(runtime))
  app.use(employeeRoutes(runtime))
  app.get("/api/health", (_req, res) => { res.json({ success: true }) })
  app.use("/api", requireActor(runtime.db))
  app.use(messagingRoutes(runtime), stationRoutes(runtime), walletRoutes(runtime))
  app.use(["/api", "/auth"], (_req, res) => { sendFailure(res, 404, "接口不存在") })

  const dist = options.webDist && resolve(options.webDist)
  if (dist && existsSync(resolve(dist, "index.html"))) {
    app.use(express.static(dist, { index: false, maxAge: "1h" }))
    app.get("/{*path}", (_req, res) => { res.sendFile(resolve(dist, "index.html")) })
  }

  const onError: ErrorRequestHandler = (err: { type?: string; status?: number }, _req, res, _next) => {
    if (err.type === "entity.too.large") return sendFailure(res, 413, "请求内容过大")
    if (err.type === "entity.parse.failed") return sendFailure(res, 400, "请求格式不正确")
    if (err.status && err.status >= 400 && err.status < 500) return sendFailure(res, err.status, "请求不正确")
    logger.error({ err }, "request failed")
    sendFailure(res, 500, GENERIC_FAILURE)
  }
  app.use(onError)
  return app
}
