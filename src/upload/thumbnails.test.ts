import { describe, expect, it } from "vitest"
import { isStoredPath, THUMBNAIL_WIDTHS, thumbnailName, thumbnailWidthFor } from "./upload"

const hex = "0123456789abcdef0123456789abcdef"

describe("thumbnails", () => {
  it("are named from the stored file and the width, as WebP, and only for names this server makes", () => {
    expect(thumbnailName(`${hex}.jpg`, 128)).toBe(`${hex}_w128.webp`)
    expect(thumbnailName(`${hex}.gif`, 780)).toBe(`${hex}_w780.webp`)
    for (const bad of [`../${hex}.jpg`, `${hex}.svg`, `${hex.toUpperCase()}.png`, `${hex}.png/x`, ""]) expect(thumbnailName(bad, 256)).toBeUndefined()
  })

  it("a thumbnail's name is never a stored path a photo URL can name", () => {
    for (const w of THUMBNAIL_WIDTHS) expect(isStoredPath("20261122", thumbnailName(`${hex}.png`, w)!)).toBe(false)
  })

  it.each([
    ["1", 128], ["64", 128], ["128", 128], ["129", 256], ["256", 256], ["390", 780], ["780", 780], ["4000", 780], ["99999", 780]
  ] as const)("?w=%s is served at %i", (asked, width) => {
    expect(thumbnailWidthFor(asked)).toBe(width)
  })

  it.each([undefined, "", "0", "-1", "1.5", "abc", "100000", " 64", ["64"]])("?w=%j is the original", (asked) => {
    expect(thumbnailWidthFor(asked)).toBeUndefined()
  })
})
