/**
 * The web app's files as served: a text file as its brotli or gzip copy by Accept-Encoding (q=0 honoured, Vary set),
 * decoding to the file's bytes; hashed assets immutable for a year, other files an hour, the page shell no-cache on
 * every page path; a path out of the build never served. And the API's answers over 1 KB compressed, smaller ones not.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import type { IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import express from "express"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { precompressDir } from "../../web/precompress"
import { rawGet } from "../../test/support/raw-get"
import { startTestApp, type TestApp } from "../../test/support/test-app"
import { pageShell, staticAssets } from "./static-assets"

const decoded = (r: { headers: IncomingHttpHeaders; body: Buffer }) =>
  r.headers["content-encoding"] === "br" ? brotliDecompressSync(r.body) : r.headers["content-encoding"] === "gzip" ? gunzipSync(r.body) : r.body

describe("the web app's files", () => {
  const dist = mkdtempSync(join(tmpdir(), "station-dist-"))
  const script = `export const pages = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `取快递-${i}`))}\n`
  let url = ""
  let close = () => {}
  beforeAll(async () => {
    mkdirSync(join(dist, "assets"))
    writeFileSync(join(dist, "assets", "index-B1x2Y3z4.js"), script)
    writeFileSync(join(dist, "assets", "tiny-Q9w8E7r6.css"), "a{color:red}")
    writeFileSync(join(dist, "assets", "logo-Z1z2Z3z4.png"), Buffer.alloc(2048, 7))
    writeFileSync(join(dist, "favicon.svg"), `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(400)}</svg>`)
    writeFileSync(join(dist, "index.html"), `<!doctype html><html><head><title>驿站</title></head><body>${"<div></div>".repeat(200)}</body></html>`)
    expect(precompressDir(dist)).toBe(6) // the script, the icon and the shell, each as .br and .gz; not the tiny CSS, not the PNG
    const app = express()
    app.use(staticAssets(dist))
    app.get("/{*path}", pageShell(dist))
    const server = app.listen(0, "127.0.0.1")
    await new Promise<void>((r) => server.once("listening", () => r()))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    close = () => server.close()
  })
  afterAll(() => { close(); rmSync(dist, { recursive: true, force: true }) })

  it("sends a hashed script as brotli, gzip or as it is, by what the browser accepts; immutable for a year", async () => {
    const asset = `${url}/assets/index-B1x2Y3z4.js`
    const chrome = await rawGet(asset, { "accept-encoding": "gzip, deflate, br, zstd" })
    expect([chrome.status, chrome.headers["content-encoding"], chrome.headers["content-type"]]).toEqual([200, "br", "text/javascript; charset=utf-8"])
    expect(chrome.headers.vary).toMatch(/Accept-Encoding/i)
    expect(chrome.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
    expect(decoded(chrome).toString()).toBe(script)
    expect(chrome.body.length).toBeLessThan(Buffer.byteLength(script) / 3)
    expect(Number(chrome.headers["content-length"])).toBe(chrome.body.length)

    const gzip = await rawGet(asset, { "accept-encoding": "gzip" })
    expect(gzip.headers["content-encoding"]).toBe("gzip")
    expect(decoded(gzip).toString()).toBe(script)
    const noBrotli = await rawGet(asset, { "accept-encoding": "br;q=0, gzip" })
    expect(noBrotli.headers["content-encoding"]).toBe("gzip")
    const plain = await rawGet(asset)
    expect([plain.headers["content-encoding"], plain.body.toString()]).toEqual([undefined, script])
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i)
    // the copies are never asked for by name with a wrong type
    const tiny = await rawGet(`${url}/assets/tiny-Q9w8E7r6.css`, { "accept-encoding": "br" })
    expect([tiny.headers["content-encoding"], tiny.body.toString(), tiny.headers["cache-control"]]).toEqual([undefined, "a{color:red}", "public, max-age=31536000, immutable"])
    const png = await rawGet(`${url}/assets/logo-Z1z2Z3z4.png`, { "accept-encoding": "br" })
    expect([png.headers["content-encoding"], png.body.length]).toEqual([undefined, 2048])
  })

  it("other files for an hour; the page shell on every page path, compressed and asked again each time", async () => {
    const icon = await rawGet(`${url}/favicon.svg`, { "accept-encoding": "br" })
    expect([icon.headers["content-encoding"], icon.headers["content-type"], icon.headers["cache-control"]]).toEqual(["br", "image/svg+xml", "public, max-age=3600"])
    for (const path of ["/", "/home/abc-token", "/robbing/x/y"]) {
      const page = await rawGet(`${url}${path}`, { "accept-encoding": "gzip, br" })
      expect([page.status, page.headers["content-encoding"], page.headers["cache-control"], page.headers["content-type"]], path)
        .toEqual([200, "br", "no-cache", "text/html; charset=utf-8"])
      expect(decoded(page).toString()).toBe(readFileSync(join(dist, "index.html"), "utf8"))
      const again = await rawGet(`${url}${path}`, { "accept-encoding": "gzip, br", "if-none-match": String(page.headers.etag) })
      expect(again.status, path).toBe(304)
    }
    expect((await rawGet(`${url}/`)).headers["content-encoding"]).toBeUndefined()
  })

  it("nothing outside the build is served, however the path is written", async () => {
    writeFileSync(join(dist, "..", "outside-secret.js.br"), "secret")
    for (const path of ["/../outside-secret.js", "/%2e%2e/outside-secret.js", "/assets/..%2f..%2foutside-secret.js"]) {
      const got = await rawGet(`${url}${path}`, { "accept-encoding": "br" })
      expect(got.body.toString(), path).not.toContain("secret")
    }
    rmSync(join(dist, "..", "outside-secret.js.br"), { force: true })
  })
})

describe("the API's answers", () => {
  let t: TestApp
  beforeAll(async () => { t = await startTestApp("pglite") }, 60_000)
  afterAll(async () => { await t?.close() })

  it("over 1 KB are compressed as accepted; smaller ones are sent as they are", async () => {
    // the student's account: the hot lane's read, and the same call through express (a query sends it there)
    const token = await t.token("demo-student")
    for (const path of ["/api/user/wxuserInfo", "/api/user/wxuserInfo?x=1"]) {
      const plain = await rawGet(`${t.url}${path}`, { authorization: `Bearer ${token}` })
      expect(plain.body.length, path).toBeGreaterThan(1024)
      const packed = await rawGet(`${t.url}${path}`, { authorization: `Bearer ${token}`, "accept-encoding": "gzip, deflate, br" })
      expect([packed.headers["content-encoding"], Number(packed.headers["content-length"])], path).toEqual(["gzip", packed.body.length])
      expect(packed.headers.vary).toMatch(/Accept-Encoding/i)
      expect(JSON.parse(decoded(packed).toString())).toEqual(JSON.parse(plain.body.toString()))
      expect(packed.body.length).toBeLessThan(plain.body.length)
    }
    // an express answer not written by sendJson, over 1 KB: the middleware compresses it
    const plain = await rawGet(`${t.url}/auth/dev/users`)
    const packed = await rawGet(`${t.url}/auth/dev/users`, { "accept-encoding": "gzip, deflate, br" })
    expect(packed.headers["content-encoding"] === undefined).toBe(plain.body.length < 1024)
    expect(JSON.parse(decoded(packed).toString())).toEqual(JSON.parse(plain.body.toString()))
    const small = await rawGet(`${t.url}/api/health`, { "accept-encoding": "gzip, br" })
    expect([small.headers["content-encoding"], JSON.parse(small.body.toString())]).toEqual([undefined, { success: true }])
  })
})
