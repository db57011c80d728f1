/** Helpers for the account-area integration tests: SMS codes from the outbox, multipart uploads, test images. */
import type { Kysely } from "kysely"
import { pngWithText } from "#adapters/ocr/png-text"
import type { DB } from "#adapters/postgres/schema"
import type { ApiAnswer, TestApp } from "./test-app"

/** The latest captcha SMS queued for this phone, as the test reads it from the outbox (never from the API). */
export const captchaFor = async (db: Kysely<DB>, phone: string): Promise<string | undefined> => {
  const row = await db.selectFrom("outbox").select("params").where("template", "=", "captcha").where("recipient", "=", phone)
    .orderBy("id", "desc").limit(1).executeTakeFirst()
  return row?.params.code
}

export const captchaRows = (db: Kysely<DB>, phone: string) =>
  db.selectFrom("outbox").selectAll().where("template", "=", "captcha").where("recipient", "=", phone).orderBy("id").execute()

/** A PNG the local OCR reads as this ID card. */
export const idCardImage = (realname: string, idCardNo: string, padTo = 0) => pngWithText({ ocr: JSON.stringify({ realname, idCardNo }) }, padTo)
/** A PNG the local OCR service fails on, as a remote one can. */
export const ocrDownImage = () => pngWithText({ ocr: JSON.stringify({ unavailable: "quota exceeded" }) })
/** A PNG with no ID card on it. */
export const plainPng = (padTo = 0) => pngWithText({}, padTo)
const JPEG_4X4 = Buffer.from("/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAEAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCOACqH/9k=", "base64")
/** A real 4×4 JPEG (the server decodes what it keeps), padded past its end to at least `size` bytes. */
export const jpegBytes = (size = 64) => Buffer.concat([JPEG_4X4, Buffer.alloc(Math.max(0, size - JPEG_4X4.length))])
/** A real 4×4 GIF. */
export const gifBytes = () => Buffer.from("R0lGODlhBAAEAIAAAExpccgeHiH5BAUAAAAALAAAAAAEAAQAAAIEjI8ZBQA7", "base64")

export interface Part {
  readonly field: string
  readonly bytes: Uint8Array
  readonly name?: string
  readonly type?: string
}

/** POST /api/upload/uploadFile as multipart with the given file parts. */
export const upload = async (t: TestApp, token: string | undefined, parts: ReadonlyArray<Part>, extra: Record<string, string> = {}): Promise<ApiAnswer> => {
  const form = new FormData()
  for (const [k, v] of Object.entries(extra)) form.append(k, v)
  for (const p of parts) form.append(p.field, new Blob([new Uint8Array(p.bytes)], { type: p.type ?? "image/png" }), p.name ?? "photo.png")
  const res = await fetch(`${t.url}/api/upload/uploadFile`, { method: "POST", body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} })
  const text = await res.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch { /* not JSON */ }
  return { status: res.status, body, headers: res.headers }
}

/** Uploads one file and returns its URL (fails the test when refused). */
export const uploaded = async (t: TestApp, token: string, field: string, bytes: Uint8Array): Promise<{ url: string; ocrResult?: unknown }> => {
  const r = await upload(t, token, [{ field, bytes }])
  if (r.status !== 201) throw new Error(`upload refused: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body.data
}

/** A valid 18-character ID number for a test person (check character computed). */
export { checkDigit } from "#src/profile/id-card"
