import { describe, expect, it } from "vitest"
import { dateFolderOf, isStoredPath, signUrl, storedFileName, storedPathOf } from "./upload"

const name = "0123456789abcdef0123456789abcdef.png"

describe("stored uploads", () => {
  it("the date folder is the Shanghai day", () => {
    expect(dateFolderOf(new Date("2026-11-21T16:00:00Z"))).toBe("20261122")
    expect(dateFolderOf(new Date("2026-11-21T15:59:59Z"))).toBe("20261121")
  })

  it("file names are 32 hex digits of a random id and the sniffed type", () => {
    expect(storedFileName("01234567-89ab-cdef-0123-456789ABCDEF", "png")).toBe(name)
    expect(storedFileName("short", "jpg")).toBeUndefined()
    expect(storedFileName("../../0123456789abcdef0123456789ab", "gif")).toBeUndefined()
  })

  it.each([
    ["20261122", name, true], ["2026112", name, false], ["20261122", name.toUpperCase(), false], ["20261122", `${name}.png`, false],
    ["..", name, false], ["20261122", "../x.png", false], ["20261122", "0123456789abcdef0123456789abcdef.svg", false], ["20261122", `.${name}`, false]
  ])("isStoredPath(%s, %s) → %s", (folder, file, ok) => {
    expect(isStoredPath(folder, file)).toBe(ok)
  })

  it("reads a photo URL back, behind any preview base; anything else is no photo", () => {
    expect(signUrl("20261122", name)).toBe(`/sign/20261122/${name}`)
    expect(storedPathOf(`/sign/20261122/${name}`)).toEqual({ dateFolder: "20261122", fileName: name })
    expect(storedPathOf(`https://cdn.example.com/preview/20261122/${name}?v=1#x`)).toEqual({ dateFolder: "20261122", fileName: name })
    for (const url of [undefined, "", name, `/sign/../${name}`, `/sign/20261122/${name}/`.replace(/\/$/, "/x"), "javascript:alert(1)", `/sign/20261122%2F${name}`]) {
      expect(storedPathOf(url)).toBeUndefined()
    }
  })
})
