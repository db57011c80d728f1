/** The security headers worked out once at start are exactly the ones helmet would set on each response. */
import { createServer, type Server } from "node:http"
import express from "express"
import helmet from "helmet"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestApp, type TestApp } from "../../test/support/test-app"
import { helmetOptions } from "./security-headers"

const SECURITY = /^(content-security-policy|cross-origin-|origin-agent-cluster|referrer-policy|strict-transport-security|x-content-type-options|x-dns-prefetch-control|x-download-options|x-frame-options|x-permitted-cross-domain-policies|x-xss-protection|x-powered-by)/

const securityHeadersOf = (headers: Headers) => Object.fromEntries([...headers].filter(([name]) => SECURITY.test(name)))

describe("security headers", () => {
  let t: TestApp
  let reference: Server
  let referenceUrl = ""
  beforeAll(async () => {
    t = await startTestApp("pglite")
    const plain = express()
    plain.use(helmet(helmetOptions({ devSignIn: true, secure: false })))
    plain.get("/api/health", (_req, res) => { res.json({ success: true }) })
    reference = createServer(plain)
    await new Promise<void>((done) => reference.listen(0, "127.0.0.1", done))
    referenceUrl = `http://127.0.0.1:${(reference.address() as { port: number }).port}`
  })
  afterAll(async () => {
    await t?.close()
    await new Promise((done) => reference?.close(done))
  })

  it("are helmet's, on an API answer and on a 404", async () => {
    const expected = securityHeadersOf((await fetch(`${referenceUrl}/api/health`)).headers)
    expect(expected["content-security-policy"]).toContain("default-src 'self'")
    expect(expected["x-content-type-options"]).toBe("nosniff")
    expect(securityHeadersOf((await fetch(`${t.url}/api/health`)).headers)).toEqual(expected)
    expect(securityHeadersOf((await fetch(`${t.url}/api/nothing-here`)).headers)).toEqual(expected)
  })
})
