import { describe, expect, it } from "vitest"
import { PayloadTooLarge } from "../shared/errors"
import {
  chosenImageRefusal,
  feedbackImagesRefusal,
  IMAGE_RULES,
  receivedImageRefusal,
  singleImageRefusal,
  sniffImageType,
  uploadedUrl
} from "./image-upload"

const jpg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])
const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])
const gif = new TextEncoder().encode("GIF89a...")

describe("image uploads", () => {
  it("knows jpg, png and gif by their first bytes", () => {
    expect(sniffImageType(jpg)).toBe("jpg")
    expect(sniffImageType(png)).toBe("png")
    expect(sniffImageType(gif)).toBe("gif")
    expect(sniffImageType(new TextEncoder().encode("<svg>"))).toBeUndefined()
    expect(sniffImageType(new Uint8Array())).toBeUndefined()
  })

  it.each(["a.jpg", "a.JPEG", "b.png", "c.gif"])("accepts %s up to 4 MB", (name) => {
    expect(chosenImageRefusal({ name, size: IMAGE_RULES.maxBytes })).toBeUndefined()
  })

  it("refuses other types and larger files", () => {
    expect(chosenImageRefusal({ name: "a.webp", size: 10 })?.message).toBe("请上传正确格式的图片")
    expect(chosenImageRefusal({ name: "jpg", size: 10 })?.message).toBe("请上传正确格式的图片")
    expect(chosenImageRefusal({ name: "a.jpg", size: 4_194_305 })?.message).toBe("请上传不超过4M的图片")
    expect(receivedImageRefusal(new TextEncoder().encode("%PDF-1.4"))?.message).toBe("请上传正确格式的图片")
    const big = new Uint8Array(IMAGE_RULES.maxBytes + 1)
    big.set(png)
    expect(receivedImageRefusal(big)).toEqual(new PayloadTooLarge({ message: "请上传不超过4M的图片" }))
    expect(receivedImageRefusal(png)).toBeUndefined()
  })

  it("one image per uploader, three for feedback; the student card page needs one", () => {
    expect(singleImageRefusal(0, true)?.message).toBe("请上传图片")
    expect(singleImageRefusal(0, false)).toBeUndefined()
    expect(singleImageRefusal(2, false)?.message).toBe("最多只能上传1张图片")
    expect(feedbackImagesRefusal(3)).toBeUndefined()
    expect(feedbackImagesRefusal(4)?.message).toBe("最多只能上传3张图片")
  })

  it("builds the preview URL from base, date folder and file name", () => {
    expect(uploadedUrl("https://files.example/preview/", "20250601", "a.jpg")).toBe("https://files.example/preview/20250601/a.jpg")
  })
})
