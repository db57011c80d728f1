/**
 * Image uploads over HTTP: type by magic bytes, the 4 MiB cap, one file in one of the three fields,
 * ID-card recognition through the local OCR (recognised, unrecognised, service down), the files kept
 * under {uploads}/{yyyymmdd}/ re-encoded without EXIF (issue 23) with WebP thumbnails beside, and served
 * read-only at /sign (`?w=` for a thumbnail) with no way out of that directory.
 * Runs on PGlite, and on real Postgres when TEST_DATABASE_URL is set.
 */
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { THUMBNAIL_WIDTHS } from "#src/upload/upload"
import { thumbnailSrc } from "../../web/src/lib/format"
import { shanghaiDate } from "#src/shared/time"
import { checkDigit, gifBytes, idCardImage, jpegBytes, ocrDownImage, plainPng, upload } from "../support/account-kit"
import { backends, newUser, startTestApp, type ApiAnswer, type TestApp } from "../support/test-app"

const MiB4 = 4 * 1024 * 1024

const M = {
  format: "请上传正确格式的图片",
  tooLarge: "请上传不超过4M的图片",
  onlyOne: "最多只能上传1张图片",
  required: "请上传图片"
}

const expectFailure = (r: ApiAnswer, status: number, message: string) => {
  expect({ status: r.status, body: r.body }).toEqual({ status, body: { success: false, message } })
}

for (const backend of backends) {
  describe(`uploads over HTTP [${backend}]`, () => {
    let t: TestApp
    let token: string
    let userId: string
    beforeAll(async () => {
      t = await startTestApp(backend)
      const u = await newUser(t.db)
      userId = u.id
      token = await t.token(u.openid)
    })
    afterAll(async () => {
      await t?.close()
    })

    const uploadsOf = (id: string) => t.db.selectFrom("upload").selectAll().where("user_id", "=", id).execute()

    it.each([
      ["png", plainPng(), "image/png"],
      ["jpg", jpegBytes(300), "image/jpeg"],
      ["gif", gifBytes(), "image/gif"]
    ] as const)("a %s in fileVal is stored under the Shanghai day's folder, re-encoded as the same type, and served back", async (ext, bytes, type) => {
      const r = await upload(t, token, [{ field: "fileVal", bytes, name: "whatever.txt", type: "application/octet-stream" }])
      expect(r.status, JSON.stringify(r.body)).toBe(201)
      const { dateFolder, destFileName, url, _id } = r.body.data
      expect(dateFolder).toBe(shanghaiDate(new Date()).replace(/-/g, ""))
      expect(destFileName).toMatch(new RegExp(`^[0-9a-f]{32}\\.${ext}$`))
      expect(url).toBe(`/sign/${dateFolder}/${destFileName}`)
      expect(r.body.data.ocrResult).toBeUndefined()
      const onDisk = join(t.runtime.uploadsDir, dateFolder, destFileName)
      const kept = readFileSync(onDisk)
      expect(await sharp(kept).metadata()).toMatchObject({ format: { jpg: "jpeg", png: "png", gif: "gif" }[ext], width: ext === "png" ? 1 : 4 })
      const served = await fetch(`${t.url}${url}`)
      expect(served.status).toBe(200)
      expect(served.headers.get("content-type")).toBe(type)
      expect(served.headers.get("x-content-type-options")).toBe("nosniff")
      expect(Buffer.from(await served.arrayBuffer()).equals(kept)).toBe(true)
      expect(await t.db.selectFrom("upload").selectAll().where("id", "=", _id).executeTakeFirst()).toMatchObject({ user_id: userId, field: "fileVal", bytes: bytes.length })
    })

    it("the type is read from the bytes: a text file named .jpg, an SVG, a PDF and an empty file are refused", async () => {
      const before = (await uploadsOf(userId)).length
      const fakes: Array<[string, Uint8Array]> = [
        ["photo.jpg", Buffer.from("hello, I am text")],
        ["a.png", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>")],
        ["b.gif", Buffer.from("%PDF-1.4 ...")],
        ["c.png", Buffer.alloc(0)],
        ["d.png", Buffer.from([0x89, 0x50, 0x4e, 0x47])]
      ]
      for (const [name, bytes] of fakes) expectFailure(await upload(t, token, [{ field: "fileVal", bytes, name, type: "image/jpeg" }]), 400, M.format)
      expect(await uploadsOf(userId)).toHaveLength(before)
    })

    it("a phone photo loses its EXIF (GPS, camera) and is turned upright; ?w= serves the thumbnail at that width", async () => {
      const photo = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: { r: 10, g: 120, b: 200 } } })
        .withMetadata({ orientation: 6 })
        .withExifMerge({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 54/1 2700/100" } })
        .jpeg().toBuffer()
      expect((await sharp(photo).metadata()).exif?.toString("latin1")).toContain("PhoneMaker")
      const r = await upload(t, token, [{ field: "fileVal", bytes: photo, name: "IMG_0001.JPG", type: "image/jpeg" }])
      expect(r.status, JSON.stringify(r.body)).toBe(201)
      const { dateFolder, destFileName, url } = r.body.data
      expect(destFileName).toMatch(/^[0-9a-f]{32}\.jpg$/)
      const kept = readFileSync(join(t.runtime.uploadsDir, dateFolder, destFileName))
      const meta = await sharp(kept).metadata()
      expect(meta).toMatchObject({ format: "jpeg", width: 1000, height: 2000 })
      expect(meta.exif).toBeUndefined()
      expect(kept.toString("latin1")).not.toContain("PhoneMaker")
      const original = await fetch(`${t.url}${url}`)
      expect(original.headers.get("cache-control")).toBe("private, max-age=31536000, immutable")
      expect(Buffer.from(await original.arrayBuffer()).equals(kept)).toBe(true)
      for (const [asked, width] of [[64, 128], [128, 128], [200, 256], [390, 780], [2000, 780]] as const) {
        const thumb = await fetch(`${t.url}${url}?w=${asked}`)
        expect(thumb.status).toBe(200)
        expect(thumb.headers.get("content-type")).toBe("image/webp")
        expect(thumb.headers.get("cache-control")).toBe("private, max-age=31536000, immutable")
        const m = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()
        expect(m).toMatchObject({ format: "webp", width, height: width * 2 })
        expect(m.exif).toBeUndefined()
      }
      // the pages' helper asks for twice the CSS width: a grid cell of 128 px gets the 256 px thumbnail
      expect(thumbnailSrc(url, 128)).toBe(`${url}?w=256`)
      expect(thumbnailSrc(`https://cdn.example.com${url}`, 36)).toBe(`https://cdn.example.com${url}?w=72`)
      for (const other of ["https://wx.qlogo.cn/mmopen/abc/132", "data:image/png;base64,AAAA", `${url}?w=1`, ""]) expect(thumbnailSrc(other, 128)).toBe(other)
      // a width that is no number answers the original
      expect((await fetch(`${t.url}${url}?w=abc`)).headers.get("content-type")).toBe("image/jpeg")
      // the thumbnail files are no names a URL can ask for directly
      expect((await fetch(`${t.url}/sign/${dateFolder}/${destFileName.slice(0, 32)}_w${THUMBNAIL_WIDTHS[0]}.webp`)).status).toBe(404)
    })

    it("bytes that start like an image but do not decode are refused with 400, leaving no file or row", async () => {
      const before = (await uploadsOf(userId)).length
      const { readdirSync } = await import("node:fs")
      const folder = join(t.runtime.uploadsDir, shanghaiDate(new Date()).replace(/-/g, ""))
      const filesBefore = existsSync(folder) ? readdirSync(folder).length : 0
      const html = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("<html><script>alert(1)</script></html>")])
      const truncated = (await sharp({ create: { width: 64, height: 64, channels: 3, background: "#123" } }).png().toBuffer()).subarray(0, 60)
      for (const [name, bytes] of [["page.jpg", html], ["cut.png", truncated]] as const) {
        expectFailure(await upload(t, token, [{ field: "fileVal", bytes, name, type: "image/jpeg" }]), 400, M.format)
      }
      expect(await uploadsOf(userId)).toHaveLength(before)
      expect(existsSync(folder) ? readdirSync(folder).length : 0).toBe(filesBefore)
    })

    it("exactly 4 MiB is accepted, one byte more is 413 with the spec's message", async () => {
      const exact = await upload(t, token, [{ field: "studentCard", bytes: plainPng(MiB4) }])
      expect(exact.status, JSON.stringify(exact.body)).toBe(201)
      expect((await uploadsOf(userId)).find((u) => u.file_name === exact.body.data.destFileName)?.bytes).toBe(MiB4)
      const before = (await uploadsOf(userId)).length
      expectFailure(await upload(t, token, [{ field: "studentCard", bytes: plainPng(MiB4 + 1) }]), 413, M.tooLarge)
      expectFailure(await upload(t, token, [{ field: "studentCard", bytes: plainPng(MiB4 * 3) }]), 413, M.tooLarge)
      // the type is judged first, as the spec orders the messages
      expectFailure(await upload(t, token, [{ field: "studentCard", bytes: Buffer.alloc(MiB4 + 10, 0x41) }]), 400, M.format)
      expect(await uploadsOf(userId)).toHaveLength(before)
    })

    it("one file in idCard, studentCard or fileVal: none, another field, two files, not multipart → 400", async () => {
      const before = (await uploadsOf(userId)).length
      expectFailure(await upload(t, token, []), 400, M.required)
      expectFailure(await upload(t, token, [], { idCard: "not a file" }), 400, M.required)
      expectFailure(await upload(t, token, [{ field: "avatar", bytes: plainPng() }]), 400, M.required)
      expectFailure(await upload(t, token, [{ field: "fileVal", bytes: plainPng() }, { field: "fileVal", bytes: plainPng() }]), 400, M.onlyOne)
      expectFailure(await upload(t, token, [{ field: "idCard", bytes: plainPng() }, { field: "studentCard", bytes: plainPng() }]), 400, M.onlyOne)
      expectFailure(await t.api("POST", "/api/upload/uploadFile", token, { idCard: "x" }), 400, M.required)
      const broken = await fetch(`${t.url}/api/upload/uploadFile`, {
        method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "multipart/form-data; boundary=xyz" }, body: "--xyz\r\nContent-Disposition: form-da"
      })
      expect(broken.status).toBe(400)
      const noBoundary = await fetch(`${t.url}/api/upload/uploadFile`, {
        method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "multipart/form-data" }, body: "x"
      })
      expect(noBoundary.status).toBe(400)
      expect(await uploadsOf(userId)).toHaveLength(before)
    })

    it("needs a session (401)", async () => {
      expect((await upload(t, undefined, [{ field: "fileVal", bytes: plainPng() }])).status).toBe(401)
    })

    it("an ID card goes through recognition: recognised, unrecognised (null), the service down (null)", async () => {
      const first17 = "44030520030303123"
      const number = first17 + checkDigit(first17)
      const ok = await upload(t, token, [{ field: "idCard", bytes: idCardImage("王小二", number) }])
      expect(ok.status).toBe(201)
      expect(ok.body.data.ocrResult).toEqual({ realname: "王小二", idCardNo: number, sex: 1 })
      expect(ok.body.data.uploadData).toEqual({ _id: ok.body.data._id, dateFolder: ok.body.data.dateFolder, destFileName: ok.body.data.destFileName, url: ok.body.data.url })
      for (const bytes of [plainPng(), jpegBytes(), ocrDownImage()]) {
        const r = await upload(t, token, [{ field: "idCard", bytes }])
        expect(r.status).toBe(201)
        expect(r.body.data.ocrResult).toBeNull()
      }
      // the same picture in another field is not read
      const other = await upload(t, token, [{ field: "fileVal", bytes: idCardImage("王小二", number) }])
      expect(other.body.data.ocrResult).toBeUndefined()
    })

    it("/sign serves only names this server made, from the uploads directory", async () => {
      const r = await upload(t, token, [{ field: "fileVal", bytes: plainPng() }])
      const { dateFolder, destFileName } = r.body.data
      const paths = [
        `/sign/${dateFolder}/${destFileName.replace(/^./, (c: string) => (c === "0" ? "1" : "0"))}`,
        `/sign/${dateFolder}/${destFileName.toUpperCase()}`,
        `/sign/${dateFolder}`,
        "/sign",
        "/sign/",
        `/sign/..%2F..%2F/${destFileName}`,
        `/sign/${dateFolder}/..%2F..%2Fpackage.json`,
        "/sign/..%2F..%2Fpackage.json/x",
        `/sign/${dateFolder}/${destFileName}%00.png`,
        `/sign/${dateFolder}/${destFileName}/x`,
        `/sign/${dateFolder}/.${destFileName}`,
        "/sign/20260101/0123456789abcdef0123456789abcdef.png"
      ]
      for (const path of paths) {
        const res = await fetch(`${t.url}${path}`)
        expect(res.status, path).toBeGreaterThanOrEqual(400)
        expect(res.status, path).toBeLessThan(500)
        expect(res.headers.get("content-type"), path).toMatch(/application\/json/)
      }
      expect(existsSync(join(t.runtime.uploadsDir, dateFolder, destFileName))).toBe(true)
      const post = await fetch(`${t.url}/sign/${dateFolder}/${destFileName}`, { method: "DELETE" })
      expect(post.status).toBe(404)
      expect(existsSync(join(t.runtime.uploadsDir, dateFolder, destFileName))).toBe(true)
    })
  })
}
