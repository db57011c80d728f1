/**
 * Malformed multipart uploads: each shape is a 4xx with the failure envelope, stores nothing, and the
 * server answers the next request (a good upload) as usual.
 */
import { connect } from "node:net"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { pngWithText } from "#adapters/ocr/png-text"
import { backends, newUser, startTestApp, type TestApp } from "../support/test-app"

const CRLF = "\r\n"

/** A raw HTTP request on its own connection: the status line's code, or undefined when the server said nothing. */
const rawRequest = (url: string, head: string, body: Buffer | string, options: { abortAfterMs?: number } = {}) =>
  new Promise<number | undefined>((done) => {
    const { hostname, port } = new URL(url)
    const socket = connect(Number(port), hostname)
    let answer = ""
    socket.on("data", (chunk) => { answer += chunk.toString("latin1") })
    socket.on("error", () => {})
    socket.on("close", () => done(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ? Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)![1]) : undefined))
    socket.write(head)
    socket.write(body)
    if (options.abortAfterMs !== undefined) setTimeout(() => socket.destroy(), options.abortAfterMs)
  })

/** Errors that escaped a request (they would end a server process with no safety net). */
const escaped: Array<unknown> = []
const recordEscaped = (err: unknown) => { escaped.push(err) }
beforeAll(() => { process.on("uncaughtException", recordEscaped) })
afterAll(() => { process.off("uncaughtException", recordEscaped) })
afterEach(() => {
  const errors = escaped.splice(0)
  expect(errors.map(String), "errors escaped the request").toEqual([])
})

describe.each(backends)("malformed multipart uploads (%s)", (backend) => {
  let t: TestApp
  let token: string
  let userId: string
  beforeAll(async () => {
    t = await startTestApp(backend)
    const user = await newUser(t.db)
    userId = user.id
    token = await t.token(user.openid)
  })
  afterAll(async () => { await t?.close() })

  const post = (contentType: string | undefined, body: string) =>
    fetch(`${t.url}/api/upload/uploadFile`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, ...(contentType ? { "Content-Type": contentType } : {}) },
      body
    })
  const stored = async () => (await t.db.selectFrom("upload").select("id").where("user_id", "=", userId).execute()).length
  const goodUploadWorks = async () => {
    const form = new FormData()
    form.append("fileVal", new Blob([new Uint8Array(pngWithText({}))]), "a.png")
    const r = await fetch(`${t.url}/api/upload/uploadFile`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form })
    expect(r.status).toBe(201)
  }
  const filePart = (name: string, content: string, boundary = "b") =>
    `--${boundary}${CRLF}Content-Disposition: form-data; name="${name}"; filename="a.png"${CRLF}Content-Type: image/png${CRLF}${CRLF}${content}`

  const shapes: ReadonlyArray<readonly [string, string | undefined, string]> = [
    ["the body ends inside a file part (unknown field)", "multipart/form-data; boundary=b", `--b${CRLF}Content-Disposition: form-data; name="x"; filename="a"${CRLF}${CRLF}abc`],
    ["the body ends inside an image part", "multipart/form-data; boundary=b", filePart("idCard", "\x89PNG\r\n\x1a\n0123")],
    ["the body ends inside a text field", "multipart/form-data; boundary=b", `--b${CRLF}Content-Disposition: form-data; name="note"${CRLF}${CRLF}abc`],
    ["the body ends inside the part headers", "multipart/form-data; boundary=b", `--b${CRLF}Content-Disposition: form-da`],
    ["the body ends after the part headers", "multipart/form-data; boundary=b", `--b${CRLF}Content-Disposition: form-data; name="fileVal"; filename="a.png"${CRLF}`],
    ["the body uses another boundary", "multipart/form-data; boundary=b", `${filePart("fileVal", "abc", "c")}${CRLF}--c--${CRLF}`],
    ["no boundary", "multipart/form-data", `${filePart("fileVal", "abc")}${CRLF}--b--${CRLF}`],
    ["an empty boundary", "multipart/form-data; boundary=", "--\r\n"],
    ["an empty body", "multipart/form-data; boundary=b", ""],
    ["no content type", undefined, `${filePart("fileVal", "abc")}${CRLF}--b--${CRLF}`],
    ["a part header of 100 KB", "multipart/form-data; boundary=b",
      `--b${CRLF}Content-Disposition: form-data; name="fileVal"; filename="${"a".repeat(100_000)}.png"${CRLF}${CRLF}abc${CRLF}--b--${CRLF}`],
    ["200 header lines in one part", "multipart/form-data; boundary=b",
      `--b${CRLF}${Array.from({ length: 200 }, (_, i) => `X-H${i}: v`).join(CRLF)}${CRLF}Content-Disposition: form-data; name="fileVal"; filename="a.png"${CRLF}${CRLF}abc${CRLF}--b--${CRLF}`],
    ["2000 parts", "multipart/form-data; boundary=b",
      `${Array.from({ length: 2000 }, (_, i) => `--b${CRLF}Content-Disposition: form-data; name="f${i}"${CRLF}${CRLF}v${CRLF}`).join("")}--b--${CRLF}`],
    ["a file part with no name", "multipart/form-data; boundary=b",
      `--b${CRLF}Content-Disposition: form-data; filename="a.png"${CRLF}${CRLF}abc${CRLF}--b--${CRLF}`],
    ["a part with no Content-Disposition", "multipart/form-data; boundary=b", `--b${CRLF}Content-Type: image/png${CRLF}${CRLF}abc${CRLF}--b--${CRLF}`],
    ["garbage between the parts", "multipart/form-data; boundary=b", `garbage${CRLF}--b-${CRLF}\x00\x01\x02${CRLF}--b--`]
  ]

  it.each(shapes)("%s → 4xx, nothing stored, and the next upload works", async (_shape, contentType, body) => {
    const before = await stored()
    const r = await post(contentType, body)
    expect(r.status).toBeGreaterThanOrEqual(400)
    expect(r.status).toBeLessThan(500)
    expect(await r.json()).toMatchObject({ success: false, message: expect.any(String) })
    expect(await stored()).toBe(before)
    await goodUploadWorks()
  })

  it("a connection dropped in the middle of an image leaves the server serving", async () => {
    const body = `--b${CRLF}Content-Disposition: form-data; name="idCard"; filename="a.png"${CRLF}Content-Type: image/png${CRLF}${CRLF}${"x".repeat(50_000)}`
    const { host } = new URL(t.url)
    const head = `POST /api/upload/uploadFile HTTP/1.1${CRLF}Host: ${host}${CRLF}Authorization: Bearer ${token}${CRLF}` +
      `Content-Type: multipart/form-data; boundary=b${CRLF}Content-Length: 1000000${CRLF}${CRLF}`
    expect(await rawRequest(t.url, head, body, { abortAfterMs: 100 })).toBeUndefined()
    await goodUploadWorks()
  })

  it("a body shorter than its Content-Length, closed by the client, leaves the server serving", async () => {
    const { host } = new URL(t.url)
    const body = filePart("fileVal", "abc")
    const head = `POST /api/upload/uploadFile HTTP/1.1${CRLF}Host: ${host}${CRLF}Authorization: Bearer ${token}${CRLF}` +
      `Content-Type: multipart/form-data; boundary=b${CRLF}Content-Length: ${body.length + 100}${CRLF}${CRLF}`
    await rawRequest(t.url, head, body, { abortAfterMs: 50 })
    await goodUploadWorks()
  })
})
