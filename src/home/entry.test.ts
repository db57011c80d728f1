import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { ENTRY_PAGES, entryLanding, entryPage, entryStep } from "./entry"

describe("entering from the official account's menu", () => {
  it("opens only the allowlisted pages; anything else is refused with the share's no-match message", () => {
    for (const page of ["home", "my", "robbing", "warehousing", "tongji", "circleDiscovery"]) expect(entryPage(page)).toEqual(Result.succeed(page))
    for (const page of ["", "Home", "circleDetail", "home/x", "../my", "expressTotakeList", "error", "qrcode", "constructor"]) {
      expect(Result.isFailure(entryPage(page)), page).toBe(true)
    }
    expect(Result.getFailure(entryPage("x"))).toMatchObject({ _tag: "Some", value: { _tag: "RuleViolation", message: "没有找到对应的页面" } })
  })

  it("any string outside the allowlist is refused", () => {
    fc.assert(fc.property(fc.string(), (page) => {
      expect(Result.isSuccess(entryPage(page))).toBe((ENTRY_PAGES as ReadonlyArray<string>).includes(page))
    }))
  })

  it("a known follower signs in; someone unknown is asked for the profile once, then the app is asked whether they follow", () => {
    expect(entryStep({ known: { following: true }, profileGiven: false })).toBe("signIn")
    expect(entryStep({ known: { following: true }, profileGiven: true })).toBe("signIn")
    expect(entryStep({ known: undefined, profileGiven: false })).toBe("askProfile")
    expect(entryStep({ known: undefined, profileGiven: true })).toBe("askFollowing")
    // a follow event the station missed: asked again, never asked for the profile it has
    expect(entryStep({ known: { following: false }, profileGiven: false })).toBe("askFollowing")
    expect(entryStep({ known: { following: false }, profileGiven: true })).toBe("askFollowing")
  })

  it("a follower lands on the page with their token; anyone else on the follow QR; a token no page could carry nowhere", () => {
    expect(entryLanding("robbing", "tok_en-1")).toBe("/robbing/tok_en-1")
    expect(entryLanding("home", undefined)).toBe("/qrcode")
    for (const token of ["", "a/b", "//evil.com", "a".repeat(129)]) expect(entryLanding("home", token)).toBe("/error/10003")
  })
})
