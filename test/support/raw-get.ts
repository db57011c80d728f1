/** A GET with exactly the given headers (no Accept-Encoding unless given), and the bytes as they came over the wire. */
import { request, type IncomingHttpHeaders } from "node:http"

export const rawGet = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((done, fail) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on("data", (c: Buffer) => chunks.push(c))
      res.on("end", () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on("error", fail)
    req.end()
  })
