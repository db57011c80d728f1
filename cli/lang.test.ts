/** The CLI's one choice of language: every status, kind, role and state it prints has both words, and no word two meanings. */
import { describe, expect, it } from "vitest"
import { complaintName } from "#src/circle/codes"
import { suggestionStatusName, suggestionTypeName } from "#src/feedback/suggestion"
import { statusStr, type ParcelStatus } from "#src/parcel/parcel"
import { TradeKind, TradeStatus } from "#src/payment/trade"
import { WithdrawalStatus, withdrawalStatusLabel } from "#src/wallet/withdrawal"
import { word } from "./lang"

const PARCEL_STATUSES: ReadonlyArray<ParcelStatus> = [0, 1, 2, 3, 4, 5, 6, 100, 300, 400]

/** Every value a command puts in a status, kind, role or state column. */
const printed = [
  ...PARCEL_STATUSES.map(statusStr),
  ...Object.values(WithdrawalStatus).map(withdrawalStatusLabel),
  ...Object.values(TradeStatus), ...Object.values(TradeKind),
  ...Object.values(suggestionStatusName), ...Object.values(suggestionTypeName), ...Object.values(complaintName),
  "item", "teammate", "confession", "message", "listed", "delisted", "hidden", "deleted", "hide", "restore",
  "upcoming", "running", "ended", "active", "expired", "revoked", "student", "runner", "staff", "admin", "yes", "no"
]

describe("word", () => {
  it("shows every printed value in the chosen language, whichever language it is given in", () => {
    for (const value of printed) {
      const zh = word(value, "zh")
      const en = word(value, "en")
      expect(zh, value).toMatch(/[\u4e00-\u9fff]/)
      expect(en, value).toMatch(/^[a-z ]+$/)
      expect([word(zh, "en"), word(en, "zh"), word(zh, "zh"), word(en, "en")]).toEqual([en, zh, zh, en])
    }
  })

  it("keeps the core's own Chinese word and leaves what it does not know as it is", () => {
    expect(word(statusStr(300), "zh")).toBe("待退回")
    expect(word(withdrawalStatusLabel(WithdrawalStatus.pending), "en")).toBe("pending")
    expect(word("XY01", "en")).toBe("XY01")
    expect(word("XY01", "zh")).toBe("XY01")
  })

  it("gives no two values the same word in either language", () => {
    const distinct = [...new Set(printed.map((v) => word(v, "en")))]
    expect(new Set(distinct.map((en) => word(en, "zh"))).size).toBe(distinct.length)
  })
})
