import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { codeOf, isCode, isShareablePath, redirectOf, shareablePathOf, UNKNOWN_CODE } from "./short-url"

const ORIGIN = "https://station.example"
const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde"

describe("what may be shortened", () => {
  it("takes this site's share links and circle details by openid, as a path or under its origin", () => {
    expect(shareablePathOf("/share/circleDetail/c_42", ORIGIN)).toBe("/share/circleDetail/c_42")
    expect(shareablePathOf(`${ORIGIN}/share/home/-1`, ORIGIN)).toBe("/share/home/-1")
    expect(shareablePathOf("/circleDetail/c_42/oVisitor_123", ORIGIN)).toBe("/circleDetail/c_42/oVisitor_123")
    expect(shareablePathOf(`${ORIGIN}/circleDetail/c_42/${"o".repeat(32)}`, ORIGIN)).toBe(`/circleDetail/c_42/${"o".repeat(32)}`)
  })

  it.each([
    ["another site", "https://evil.example/share/home/-1"],
    ["a protocol-relative address", "//evil.example/share/home/-1"],
    ["a backslash", "/\\evil.example/share/home/-1"],
    ["a script", "javascript:alert(1)"],
    ["a scheme alone", "https:"],
    ["an encoded slash", "/share/home%2F..%2F/-1"],
    ["an encoded protocol-relative address", "%2F%2Fevil.example"],
    ["this origin over plain http", "http://station.example/share/home/-1"],
    ["an origin that only starts alike", "https://station.example.evil/share/home/-1"],
    ["a page with a session token", `/circleDetail/c_42/${TOKEN}`],
    ["a token page", `/home/${TOKEN}`],
    ["a share target off the allowlist", "/share/takecash/-1"],
    ["a share of a page without an id given one", "/share/home/x1"],
    ["a query", "/share/home/-1?next=//evil.example"],
    ["a fragment", "/share/home/-1#x"],
    ["a dot segment", "/share/../home/-1"],
    ["an empty text", ""],
    ["the root", "/"]
  ])("refuses %s", (_, longUrl) => {
    expect(shareablePathOf(longUrl, ORIGIN)).toBeUndefined()
  })

  test.prop([fc.string({ maxLength: 120 })], { numRuns: 2000 })("whatever is accepted is a plain path of this site, one leading '/'", (text) => {
    for (const candidate of [text, `/${text}`, `${ORIGIN}/${text}`, `/share/${text}`, `/circleDetail/${text}`]) {
      const path = shareablePathOf(candidate, ORIGIN)
      if (path === undefined) continue
      expect(path).toMatch(/^\/[A-Za-z0-9_-]/)
      expect(path).not.toMatch(/\/\/|\\|:|%|\?|#|\s/)
      expect(isShareablePath(path)).toBe(true)
    }
  })
})

describe("codes", () => {
  test.prop([fc.uuid()])("a random id gives an 8-character code of letters and digits", (id) => {
    const code = codeOf(id)
    expect(isCode(code)).toBe(true)
  })

  it("differ for different ids and stay the same for one", () => {
    const a = "0f8fad5b-d9cb-469f-a165-70867728950e"
    expect(codeOf(a)).toBe(codeOf(a))
    expect(codeOf(a)).not.toBe(codeOf("7c9e6679-7425-40de-944b-e07fc1f90ae7"))
  })

  it("refuses what is not a code", () => {
    for (const code of ["abc", "abcdefghi", "abcd-fgh", "../../x", "abcdefg/"]) expect(isCode(code)).toBe(false)
  })
})

describe("the redirect", () => {
  it("goes to the stored page, or to the not-found page when there is none or it is no longer shareable", () => {
    expect(redirectOf("/share/home/-1")).toBe("/share/home/-1")
    expect(redirectOf(undefined)).toBe(UNKNOWN_CODE)
    expect(redirectOf("//evil.example")).toBe(UNKNOWN_CODE)
    expect(redirectOf(`/home/${TOKEN}`)).toBe(UNKNOWN_CODE)
  })
})
