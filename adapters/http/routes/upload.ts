/** Image upload (multipart, one file in idCard, studentCard or fileVal) and serving the stored files read-only. */
import busboy from "busboy"
import { Schema } from "effect"
import { Router, type Request } from "express"
import { IMAGE_RULES, messages, UploadField } from "#src/upload/image-upload"
import { UploadFile, uploadedView } from "#src/upload/calls"
import { SIGN_PATH, thumbnailWidthFor } from "#src/upload/upload"
import { uploadImage, type ReceivedFile } from "#src/upload/use-cases"
import type { Runtime } from "../../runtime"
import { storedFilePath, thumbnailFilePath } from "../../uploads/image-files"
import { actorOf, sendExit, sendFailure } from "../outcome"

const FIELDS = new Set<string>(Object.values(UploadField))

/** Beyond this a request is refused before it is read: one image and a little multipart framing. */
const MAX_REQUEST_BYTES = IMAGE_RULES.maxBytes * 2

const BROKEN_FORM = "上传的内容不完整，请重新上传"

/**
 * The files of the multipart body in the three image fields; each is cut one byte past the cap, so
 * the core sees that it is too large without this process ever holding more. Undefined when the
 * body is not multipart; "broken" when the form ends early, is malformed or the upload is aborted.
 */
const receiveFiles = (req: Request): Promise<ReadonlyArray<ReceivedFile> | "broken" | undefined> =>
  new Promise((done) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 3, fileSize: IMAGE_RULES.maxBytes + 1, fields: 20, fieldSize: 1024, parts: 30, headerPairs: 50 }
      })
    } catch {
      return done(undefined) // not multipart, or no boundary
    }
    const files: Array<ReceivedFile> = []
    const broken = () => {
      req.unpipe(parser)
      req.resume()
      done("broken")
    }
    parser.on("file", (name, stream) => {
      stream.on("error", broken)
      if (!FIELDS.has(name)) return void stream.resume()
      const chunks: Array<Buffer> = []
      stream.on("data", (chunk: Buffer) => chunks.push(chunk))
      stream.on("end", () => files.push({ field: name as UploadField, bytes: new Uint8Array(Buffer.concat(chunks)) }))
    })
    parser.on("error", broken)
    parser.on("close", () => done(files))
    req.on("error", broken)
    req.on("close", () => { if (!req.complete) broken() })
    req.pipe(parser)
  })

const encodeUploaded = Schema.encodeSync(UploadFile.answer)

export const uploadRoutes = (runtime: Runtime) => {
  const r = Router()

  r.post("/api/upload/uploadFile", async (req, res) => {
    if (Number(req.headers["content-length"] ?? 0) > MAX_REQUEST_BYTES) {
      res.setHeader("Connection", "close")
      return sendFailure(res, 413, messages.tooLarge)
    }
    const files = await receiveFiles(req)
    if (!files) return sendFailure(res, 400, messages.required)
    if (files === "broken") return sendFailure(res, 400, BROKEN_FORM)
    sendExit(res, await runtime.run(uploadImage(actorOf(req), files)), (u) => ({ status: 201, data: encodeUploaded(uploadedView(u)) }))
  })

  return r
}

/** A random name never changes content: a year in the viewer's cache; never a shared one, as ID and student cards come this way. */
const IMMUTABLE = "private, max-age=31536000, immutable"

/**
 * `GET /sign/{dateFolder}/{destFileName}`: only names this server made, from the uploads root, never a listing.
 * `?w=` picks the WebP thumbnail of the nearest kept width at least that wide; a file stored before thumbnails
 * were kept answers with the original.
 */
export const signedFileRoutes = (runtime: Runtime) => {
  const r = Router()
  r.get(`${SIGN_PATH}/:dateFolder/:fileName`, (req, res) => {
    const { dateFolder, fileName } = req.params
    const path = storedFilePath(runtime.uploadsDir, dateFolder, fileName)
    if (!path) return sendFailure(res, 404, "文件不存在")
    const width = thumbnailWidthFor(req.query.w)
    const send = (file: string, fallback?: string) =>
      res.sendFile(file, { dotfiles: "deny", headers: { "Cache-Control": IMMUTABLE } }, (err) => {
        if (!err || res.headersSent) return
        if (fallback) return send(fallback)
        sendFailure(res, 404, "文件不存在")
      })
    const thumbnail = width && thumbnailFilePath(runtime.uploadsDir, dateFolder, fileName, width)
    thumbnail ? send(thumbnail, path) : send(path)
  })
  r.use(SIGN_PATH, (_req, res) => { sendFailure(res, 404, "文件不存在") })
  return r
}
