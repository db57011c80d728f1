import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isFresh, looksPersonal, PERSON_QR_TTL_MS, personSignedText } from "./person-qr"
import { signedText } from "./pickup-qr"

const now = new Date("2026-03-02T04:00:00Z")

describe("a personal QR's ten minutes", () => {
  it("holds from its issue time to ten minutes on, and a minute before it for clock skew", () => {
    fc.assert(fc.property(fc.integer({ min: -3 * PERSON_QR_TTL_MS, max: 3 * PERSON_QR_TTL_MS }), (age) => {
      expect(isFresh(now.getTime() - age, now)).toBe(age <= PERSON_QR_TTL_MS && age >= -60_000)
    }))
    expect(isFresh(now.getTime() - PERSON_QR_TTL_MS, now)).toBe(true)
    expect(isFresh(now.getTime() - PERSON_QR_TTL_MS - 1, now)).toBe(false)
    expect(isFresh(now.getTime() + 60_000, now)).toBe(true)
    expect(isFresh(now.getTime() + 60_001, now)).toBe(false)
  })
})

describe("what a personal QR's signature covers", () => {
  const digits = fc.stringMatching(/^1\d{10}$/)
  it("every field, and never the text of a parcel's QR", () => {
    fc.assert(fc.property(fc.uuid(), digits, fc.nat(), fc.string(), fc.string(), (uid, ph, ts, re, en) => {
      const text = personSignedText({ k: "p", uid, ph, ts })
      expect(text).toBe(`person\n${uid}\n${ph}\n${ts}`)
      const parcelText = signedText({ ex: "顺丰", en, sn: "A", roid: uid, re, rp: ph, tag: "0001", ts })
      expect(parcelText).not.toBe(text)
    }))
  })

  it("is marked `k: \"p\"` and nothing else is taken for one", () => {
    expect(looksPersonal({ k: "p" })).toBe(true)
    for (const other of [null, undefined, "p", { k: "g" }, { kind: "p" }, []]) expect(looksPersonal(other)).toBe(false)
  })
})
