/**
 * web/src/early.ts apart from a browser: which pages call early, with which token, and the calls after the user's
 * answer only when it is a success naming a worksite or an openid. The browser test (early-calls.browser.test.ts)
 * holds that the pages take every answer.
 */
import { describe, expect, it } from "vitest"
import { earlyCallsFor, startEarlyCalls } from "../../web/src/early"

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })

/** A fetch that records each call and answers the user's path with `user`, any other with an empty success. */
const fakeFetch = (user: Response) => {
  const calls: Array<{ path: string; authorization: string | undefined }> = []
  const send = (async (path: string, init?: RequestInit) => {
    calls.push({ path, authorization: (init?.headers as Record<string, string> | undefined)?.Authorization })
    return path === "/api/user/wxuserInfo" ? user : answer(200, { success: true, data: null })
  }) as typeof fetch
  return { calls, send }
}

const settle = () => new Promise((r) => setTimeout(r, 10))

describe("early calls", () => {
  it("are made for the four busiest pages only, with the address's token decoded", () => {
    expect(earlyCallsFor("/home/a%2Bb")).toMatchObject({ token: "a+b", paths: ["/api/user/wxuserInfo", "/api/circle/latestInfo"] })
    expect(earlyCallsFor("/expressTotakeList/ing/t")?.paths).toEqual(["/api/expressTosend/pagingForFontend?statusStr=ing&pageNo=1", "/api/user/wxuserInfoForTotakeList"])
    expect(earlyCallsFor("/robbing/t")?.paths).toEqual(["/api/user/wxuserInfo"])
    expect(earlyCallsFor("/warehousing/t")?.paths).toEqual(["/api/user/wxuserInfo"])
    for (const other of ["/home", "/home/", "/expressTotakeList/done/t", "/help", "/robbing/t/extra", "/home/%E0%A4%A"]) expect(earlyCallsFor(other), other).toBeUndefined()
  })

  it("send the token as the bearer; the hall's calls follow the user's worksite", async () => {
    const { calls, send } = fakeFetch(answer(200, { success: true, data: { openid: "o-1", worksite: { _id: "ws 1" } } }))
    const early = startEarlyCalls("/robbing/tok", send)!
    await settle()
    expect(calls).toEqual([
      { path: "/api/user/wxuserInfo", authorization: "Bearer tok" },
      { path: "/api/paotuiOrder/toRobbing/ws%201/time", authorization: "Bearer tok" },
      { path: "/api/building/list/ws%201", authorization: "Bearer tok" }
    ])
    expect([...early.answers.keys()]).toEqual(early.started)
    // the app still reads the user's answer: the early script read a copy
    expect(((await (await early.answers.get("/api/user/wxuserInfo")!).json()) as { data: { openid: string } }).data.openid).toBe("o-1")
  })

  it("the staff's employee record follows the user's openid", async () => {
    const { calls, send } = fakeFetch(answer(200, { success: true, data: { openid: "staff/1", worksite: null } }))
    startEarlyCalls("/warehousing/tok", send)
    await settle()
    expect(calls.map((c) => c.path)).toEqual(["/api/user/wxuserInfo", "/auth/employee/getByOpen/staff%2F1"])
  })

  it("nothing follows a refused user or a user with no worksite", async () => {
    for (const user of [answer(401, { success: false, message: "请先登录" }), answer(200, { success: false, message: "获取用户信息失败" }), answer(200, { success: true, data: { openid: "o", worksite: null } })]) {
      const { calls, send } = fakeFetch(user)
      startEarlyCalls("/robbing/tok", send)
      await settle()
      expect(calls.map((c) => c.path)).toEqual(["/api/user/wxuserInfo"])
    }
  })

  it("a failed fetch is kept for the app to see, not thrown at the page", async () => {
    const early = startEarlyCalls("/robbing/tok", (() => Promise.reject(new TypeError("offline"))) as typeof fetch)!
    await settle()
    await expect(early.answers.get("/api/user/wxuserInfo")).rejects.toThrow("offline")
  })
})
