import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import type { AuthStatus } from "../profile/verification"
import { homeEntries, type HomeUser } from "./home-grid"

const user = fc.record({
  idCardNo: fc.option(fc.constantFrom("", "11010519491231002X"), { nil: null }),
  authStatus: fc.constantFrom<AuthStatus>(-1, 0, 1, 2),
  paotuiStatus: fc.constantFrom(-1, 0, 1, 2)
})

describe("the home grid", () => {
  it("lists the spec's eight entries in order, each to its page, for a verified runner", () => {
    const runner: HomeUser = { idCardNo: "11010519491231002X", authStatus: 1, paotuiStatus: 1 }
    expect(homeEntries(runner, "tk").map((e) => [e.label, e.to, e.gated])).toEqual([
      ["取快递", "/expressTotakeList/ing/tk", false],
      ["寄快递", "/expressTotakein/tk", false],
      ["寄件记录", "/expressSendList/ing/tk", false],
      ["加入跑腿", "/paotuiApply/tk", false],
      ["跑腿接单", "/robbing/tk", false],
      ["我的接单", "/robbingList/2/ing/tk", false],
      ["我的发布", "/robbingList/1/ing/tk", false],
      ["新手指引", "/help", false]
    ])
  })

  it("sends a new student to verification before sending and to the application before taking errands", () => {
    const fresh: HomeUser = { idCardNo: null, authStatus: -1, paotuiStatus: -1 }
    const to = Object.fromEntries(homeEntries(fresh, "a/b").map((e) => [e.key, e.to]))
    expect(to.send).toBe("/authApply/0/expressTotakein/a%2Fb")
    expect(to.takeErrands).toBe("/paotuiApply/a%2Fb")
    expect(to.myClaimed).toBe("/paotuiApply/a%2Fb")
    expect(to.myPublished).toBe("/robbingList/1/ing/a%2Fb")
  })

  test.prop([user, fc.string()])("gates exactly as the spec says, and every target is a path of this app with the token encoded", (u, token) => {
    const entries = homeEntries(u, token)
    expect(entries.map((e) => e.key)).toEqual(["collect", "send", "sendRecords", "joinRunners", "takeErrands", "myClaimed", "myPublished", "guide"])
    const sendGated = !u.idCardNo && u.authStatus !== 0
    const errandGated = u.paotuiStatus !== 1
    for (const e of entries) {
      const gated = e.key === "send" ? sendGated : e.key === "takeErrands" || e.key === "myClaimed" ? errandGated : false
      expect(e.gated).toBe(gated)
      if (gated && e.key !== "send") expect(e.to).toBe(`/paotuiApply/${encodeURIComponent(token)}`)
      if (gated && e.key === "send") expect(e.to).toBe(`/authApply/0/expressTotakein/${encodeURIComponent(token)}`)
      expect(e.to.startsWith("/") && !e.to.startsWith("//")).toBe(true)
      if (e.key !== "guide") expect(e.to.endsWith(`/${encodeURIComponent(token)}`)).toBe(true)
    }
  })
})
