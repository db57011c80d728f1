/** The security headers every answer carries: helmet's, for these options, worked out once at start. */
import type { ServerResponse } from "node:http"
import type { Request, Response } from "express"
import helmet, { type HelmetOptions } from "helmet"
import type { HttpOptions } from "./server"

export const helmetOptions = (options: HttpOptions): HelmetOptions => ({
  referrerPolicy: { policy: "no-referrer" },
  strictTransportSecurity: options.secure ?? false,
  contentSecurityPolicy: {
    directives: {
      "upgrade-insecure-requests": options.secure ? [] : null,
      "default-src": ["'self'"],
      // announcements may show pictures from https addresses (the page's address, with its token, never goes with them: no-referrer)
      "img-src": ["'self'", "data:", "blob:", "https:"],
      "style-src": ["'self'", "'unsafe-inline'"],
      "connect-src": ["'self'", "ws:", "wss:"]
    }
  }
})

/** Sets on a response the headers helmet would, recorded once from helmet itself. */
export const securityHeaders = (options: HttpOptions): ((res: ServerResponse) => void) => {
  const set: Array<[string, string]> = []
  const removed: Array<string> = []
  const recorder = {
    setHeader: (name: string, value: unknown) => void set.push([name, String(value)]),
    removeHeader: (name: string) => void removed.push(name)
  }
  helmet(helmetOptions(options))({} as Request, recorder as unknown as Response, () => {})
  if (set.length === 0) throw new Error("helmet set no headers")
  return (res) => {
    for (const name of removed) res.removeHeader(name)
    for (const [name, value] of set) res.setHeader(name, value)
  }
}
