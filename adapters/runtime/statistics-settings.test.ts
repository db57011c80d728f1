import { describe, expect, it } from "vitest"
import { statisticsSettings } from "./statistics-settings"

describe("SMS_UNIT_COST_FEN", () => {
  it("is 4 fen unless set; a whole number of fen when set; anything else is refused at start", () => {
    expect(statisticsSettings({}).smsUnitCostFen).toBe(4)
    expect(statisticsSettings({ SMS_UNIT_COST_FEN: " " }).smsUnitCostFen).toBe(4)
    expect(statisticsSettings({ SMS_UNIT_COST_FEN: "6" }).smsUnitCostFen).toBe(6)
    expect(statisticsSettings({ SMS_UNIT_COST_FEN: "0" }).smsUnitCostFen).toBe(0)
    for (const bad of ["4.5", "-1", "abc", "10000"]) expect(() => statisticsSettings({ SMS_UNIT_COST_FEN: bad })).toThrow(/SMS_UNIT_COST_FEN/)
  })
})
