import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { RuleViolation } from "../shared/errors"
import { Ocr, type OcrOutcome } from "./ocr"
import type { Clock, Ids, OpsLog } from "../shared/ports"
import { actor, outcome, recordingPorts, refused } from "../shared/ports.testkit"
import type { UploadRecord } from "./upload"
import { ImageFiles, Uploads } from "./upload-store"
import { optionalOwnImagePath, ownImagePath, ownUpload, recordUpload, uploadImage, type ReceivedFile } from "./use-cases"

const png = (size = 16) => Uint8Array.from({ length: size }, (_, i) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a][i] ?? 7)
const uuid = "01234567-89ab-cdef-0123-456789abcdef"
const stored = "0123456789abcdef0123456789abcdef.png"
/** `sha256sum` of `png()`. */
const PNG_SHA256 = "93ed354a080035df9d608d7a94ac097cadd0347dbef8d14326175dbf81f1738f"
const recognised: OcrOutcome = { ok: true, result: { realname: "李明", idCardNo: "11010519491231002X", sex: 2 } }

const station = (ocrAnswer: OcrOutcome = recognised, ids = [uuid], decodes = true) => {
  const saved: Array<readonly [string, string, number]> = []
  const records: Array<UploadRecord> = []
  const scanned: Array<number> = []
  const ports = recordingPorts(new Date("2026-11-21T16:30:00Z"), ids)
  const run = <A, E>(effect: Effect.Effect<A, E, Uploads | ImageFiles | Ocr | Clock | Ids | OpsLog>) =>
    outcome(ports.provide(effect).pipe(
      Effect.provideService(Uploads, {
        record: (upload) => Effect.sync(() => void records.push(upload)),
        findOwn: (userId, dateFolder, fileName) =>
          Effect.succeed(records.find((r) => r.userId === userId && r.dateFolder === dateFolder && r.fileName === fileName))
      }),
      Effect.provideService(ImageFiles, { save: (folder, name, _type, bytes) =>
        decodes ? Effect.sync(() => void saved.push([folder, name, bytes.length])) : Effect.fail(new RuleViolation({ message: "请上传正确格式的图片" })), remove: () => Effect.void }),
      Effect.provideService(Ocr, { recognise: (bytes) => Effect.sync(() => (scanned.push(bytes.length), ocrAnswer)) })
    ))
  return { saved, records, scanned, ops: ports.ops, run }
}

const file = (field: ReceivedFile["field"], bytes = png()): ReceivedFile => ({ field, bytes })

describe("uploading an image", () => {
  it("keeps the file under the Shanghai day and an unguessable name, and records it for the uploader", async () => {
    const s = station()
    const answer = await s.run(uploadImage(actor(), [file("studentCard")]))
    expect(answer).toMatchObject({
      ok: true,
      value: { id: uuid, userId: "u1", field: "studentCard", dateFolder: "20261122", fileName: stored, bytes: 16, ocr: null, url: `/sign/20261122/${stored}` }
    })
    expect(s.saved).toEqual([["20261122", stored, 16]])
    expect(s.records).toHaveLength(1)
    expect(s.scanned).toEqual([])
    // logged under the uploader: the size and the bytes' SHA-256, never the bytes; the row's id and name
    expect(s.ops).toEqual([{
      op: "uploadImage", actorOpenid: "o1", at: new Date("2026-11-21T16:30:00Z"),
      input: { field: "studentCard", type: "png", size: 16, sha256: PNG_SHA256 },
      outcome: { id: uuid, dateFolder: "20261122", fileName: stored, ocr: null }
    }])
  })

  it("reads an ID card with recognition, and keeps the upload when nothing is recognised", async () => {
    const s = station()
    expect(await s.run(uploadImage(actor(), [file("idCard")]))).toMatchObject({ ok: true, value: { ocr: recognised.ok && recognised.result } })
    expect(s.scanned).toEqual([16])
    expect(s.ops.map((o) => o.outcome)).toEqual([expect.objectContaining({ ocr: recognised.ok && recognised.result })])
    const blank = station({ ok: false, reason: "unrecognised", detail: "no card" })
    expect(await blank.run(uploadImage(actor(), [file("idCard")]))).toMatchObject({ ok: true, value: { field: "idCard", ocr: null } })
    expect(blank.saved).toHaveLength(1)
  })

  it.each([
    [[], "RuleViolation", "请上传图片"],
    [[file("fileVal"), file("fileVal")], "RuleViolation", "最多只能上传1张图片"],
    [[file("fileVal", Uint8Array.from([1, 2, 3, 4]))], "RuleViolation", "请上传正确格式的图片"],
    [[file("fileVal", png(4_194_305))], "PayloadTooLarge", "请上传不超过4M的图片"]
  ])("refuses %# and keeps nothing", async (files, tag, message) => {
    const s = station()
    expect(await s.run(uploadImage(actor(), files))).toMatchObject(refused(tag, message))
    expect([s.saved, s.records, s.ops]).toEqual([[], [], []])
  })

  it("bytes the image store cannot decode are refused before recognition, and nothing is recorded or logged", async () => {
    const s = station(recognised, [uuid], false)
    expect(await s.run(uploadImage(actor(), [file("idCard")]))).toMatchObject(refused("RuleViolation", "请上传正确格式的图片"))
    expect([s.saved, s.records, s.scanned, s.ops]).toEqual([[], [], [], []])
  })

  it("an id that is no random UUID is a defect, never a file name", async () => {
    const s = station(recognised, ["../x"])
    await expect(s.run(uploadImage(actor(), [file("fileVal")]))).rejects.toThrow("the id port gave ../x, not a random UUID")
    // refused before the file is written anywhere
    expect([s.saved, s.records, s.ops]).toEqual([[], [], []])
    // the row a replay makes from a line is held to the same rule
    const replayed = station()
    const upload = { id: "../x", field: "fileVal" as const, type: "png" as const, size: 16, sha256: PNG_SHA256, ocr: null, at: new Date("2026-11-21T16:30:00Z") }
    await expect(replayed.run(recordUpload(actor(), upload))).rejects.toThrow("the id port gave ../x, not a random UUID")
    expect([replayed.records, replayed.ops]).toEqual([[], []])
    expect(await replayed.run(recordUpload(actor(), { ...upload, id: uuid }))).toMatchObject({ ok: true, value: { id: uuid, fileName: stored, dateFolder: "20261122" } })
  })

  it("finds only the caller's own upload behind a photo URL", async () => {
    const s = station()
    await s.run(uploadImage(actor(), [file("studentCard")]))
    expect(await s.run(ownUpload(actor(), `https://cdn.example.com/sign/20261122/${stored}`))).toMatchObject({ ok: true, value: { id: uuid } })
    expect(await s.run(ownUpload(actor({ userId: "u2" }), `/sign/20261122/${stored}`))).toEqual({ ok: true, value: undefined })
    expect(await s.run(ownUpload(actor(), "/sign/../etc/passwd"))).toEqual({ ok: true, value: undefined })
    expect(await s.run(ownUpload(actor(), undefined))).toEqual({ ok: true, value: undefined })
  })
  it("a photo given for an order must be the caller's own upload: its served path, else '请上传图片'", async () => {
    const s = station()
    await s.run(uploadImage(actor(), [file("fileVal")]))
    const own = `/sign/20261122/${stored}`
    expect(await s.run(ownImagePath(actor(), ` https://cdn.example.com${own}?v=2 `))).toEqual({ ok: true, value: own })
    expect(await s.run(optionalOwnImagePath(actor(), own))).toEqual({ ok: true, value: own })
    for (const [who, url] of [[actor({ userId: "u2" }), own], [actor(), "/sign/20261122/ffffffffffffffffffffffffffffffff.png"], [actor(), "随便写的"], [actor(), undefined]] as const) {
      expect(await s.run(ownImagePath(who, url))).toMatchObject(refused("RuleViolation", "请上传图片"))
    }
    expect(await s.run(optionalOwnImagePath(actor({ userId: "u2" }), own))).toMatchObject(refused("RuleViolation", "请上传图片"))
    expect(await s.run(optionalOwnImagePath(actor({ userId: "u2" }), "javascript:alert(1)"))).toMatchObject(refused("RuleViolation", "请上传图片"))
    for (const none of [undefined, "", "   "]) expect(await s.run(optionalOwnImagePath(actor({ userId: "u2" }), none))).toEqual({ ok: true, value: null })
  })
})
