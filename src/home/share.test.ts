import { fc, test } from "@fast-check/vitest"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import {
  FOLLOW_QR, ID_TARGETS, messages, NO_MATCH, parseShareState, shareLanding, shareState, TOKEN_TARGETS, type ShareViewer
} from "./share"

const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde"
const follower: ShareViewer = { follower: true, token: TOKEN }
const visitor: ShareViewer = { follower: false, openid: "oVisitor_123-abc" }
const ALLOWED = new Set<string>([...TOKEN_TARGETS, ...ID_TARGETS])

/** Whether a landing is an allowlisted path of this site: one '/', no '//' or '\', no scheme, an allowlisted first segment. */
const allowlistedRelative = (path: string): boolean => {
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("//") || path.includes("\\")) return false
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(path) || path.includes(":")) return false
  if (path === NO_MATCH || path === FOLLOW_QR) return true
  const segments = path.slice(1).split("/")
  return ALLOWED.has(segments[0]!) && segments.length >= 2 && segments.length <= 3 && segments.every((s) => /^[A-Za-z0-9_-]+$/.test(s))
}

/** Text close to a state: allowlisted names, ids, separators and the characters an attacker would try. */
const piece = fc.oneof(
  fc.constantFrom(...TOKEN_TARGETS, ...ID_TARGETS, "-", "-1", "/", "//", "\\", ":", "https:", "javascript:", "%2F", "..", ".", "@", "?", "#", " ", "\n", "evil.com"),
  fc.stringMatching(/^[A-Za-z0-9_-]{0,70}$/),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "grapheme", maxLength: 6 })
)
const stateLike = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(""))
const viewer: fc.Arbitrary<ShareViewer> = fc.oneof(
  fc.oneof(fc.constant(TOKEN), fc.string(), stateLike).map((token) => ({ follower: true as const, token })),
  fc.oneof(fc.constant("oVisitor_123"), fc.string(), stateLike).map((openid) => ({ follower: false as const, openid }))
)
const validId = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_-]{0,63}$/)

describe("the share parser", () => {
  test.prop([fc.oneof(stateLike, fc.string({ maxLength: 200 })), viewer], { numRuns: 2000 })(
    "only ever yields an allowlisted path of this site, whatever the state and whoever comes back",
    (state, who) => {
      const landing = shareLanding(state, who)
      expect(allowlistedRelative(landing), landing).toBe(true)
    }
  )

  test.prop([fc.oneof(stateLike, fc.constantFrom(...TOKEN_TARGETS, ...ID_TARGETS)), fc.oneof(stateLike, validId, fc.constant("-1"))], { numRuns: 1000 })(
    "a share's state is taken back exactly, and every other state is refused",
    (target, id) => {
      const made = shareState(target, id)
      if (Result.isSuccess(made)) {
        expect(Result.getOrThrow(parseShareState(made.success))).toEqual({ target, id: id === "-1" ? null : id })
      } else {
        expect(made.failure.message).toBe(messages.noMatch)
      }
    }
  )

  test.prop([fc.constantFrom(...ID_TARGETS), validId])("a follower lands on /{target}/{id}/{token}", (target, id) => {
    expect(shareLanding(Result.getOrThrow(shareState(target, id)), follower)).toBe(`/${target}/${id}/${TOKEN}`)
  })

  test.prop([fc.constantFrom(...TOKEN_TARGETS)])("a follower lands on /{target}/{token} when there is no id", (target) => {
    expect(Result.getOrThrow(shareState(target, "-1"))).toBe(target)
    expect(shareLanding(target, follower)).toBe(`/${target}/${TOKEN}`)
  })

  it("someone who does not follow sees the circle detail by openid, any other page's share the follow QR", () => {
    expect(shareLanding("circleDetail-c_42", visitor)).toBe("/circleDetail/c_42/oVisitor_123-abc")
    expect(shareLanding("active-act-xy-welcome", visitor)).toBe(FOLLOW_QR)
    expect(shareLanding("home", visitor)).toBe(FOLLOW_QR)
    expect(shareLanding("circleDetail-c_42", { follower: false, openid: "../x" })).toBe(FOLLOW_QR)
  })

  it("refuses what the allowlist and the strict form do not take", () => {
    for (const [target, id] of [
      ["circleDetail", "-1"], ["home", "42"], ["Home", "-1"], ["error", "-1"], ["share", "-1"], ["//evil.com", "-1"], ["https:", "-1"],
      ["circleDetail", "/x"], ["circleDetail", "a/b"], ["circleDetail", "a\\b"], ["circleDetail", ""], ["circleDetail", "-2"], ["active", "x".repeat(65)],
      ["constructor", "-1"], ["__proto__", "-1"], ["", "-1"]
    ] as const) {
      expect(Result.isFailure(shareState(target, id)), `${target} ${id}`).toBe(true)
    }
    for (const state of ["", "-", "-home", "home-", "home--1", "home-1", "circleDetail", "circleDetail-", "circleDetail--1", "circleDetail-a b", "home ", "home\n", "//evil.com", "https://evil.com", "/home"]) {
      expect(shareLanding(state, follower), JSON.stringify(state)).toBe(NO_MATCH)
    }
  })

  it("keeps the id whole, dashes and all", () => {
    expect(Result.getOrThrow(parseShareState("active-act-xy-welcome"))).toEqual({ target: "active", id: "act-xy-welcome" })
  })
})
