/** Uploads over Postgres: who uploaded which file, and what recognition read off an ID card. */
import { Effect } from "effect"
import type { Kysely } from "kysely"
import type { UploadField } from "#src/upload/image-upload"
import type { OcrResult } from "#src/upload/ocr"
import { Uploads } from "#src/upload/upload-store"
import type { DB } from "../schema"
import { query } from "./query"

export const uploadStore = (db: Kysely<DB>) => Uploads.of({
  record: (u) =>
    query(() => db.insertInto("upload").values({
      id: u.id, user_id: u.userId, field: u.field, date_folder: u.dateFolder, file_name: u.fileName, bytes: u.bytes,
      ocr: u.ocr === null ? null : JSON.stringify(u.ocr), created_at: u.createdAt
    }).execute()),
  findOwn: (userId, dateFolder, fileName) =>
    query(() => db.selectFrom("upload").selectAll().where("user_id", "=", userId).where("date_folder", "=", dateFolder).where("file_name", "=", fileName).executeTakeFirst())
      .pipe(Effect.map((r) => r && {
        id: r.id, userId: r.user_id, field: r.field as UploadField, dateFolder: r.date_folder, fileName: r.file_name, bytes: r.bytes,
        ocr: (r.ocr ?? null) as OcrResult | null, createdAt: r.created_at
      }))
})
