/**
 * A shared link in the browser: `/share/{target}/{id}` → the fake messaging app's sign-in, which carries the state
 * through → a follower lands signed in on the shared page; someone who does not follow on the follow QR.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { browserAvailable, shot, startHarness, type Harness } from "./harness"

const run = browserAvailable()

describe.skipIf(!run)("share links", () => {
  let h: Harness
  beforeAll(async () => { h = await startHarness() }, 60_000)
  afterAll(async () => { await h?.close() })

  it("a follower picked on the fake's sign-in lands on the shared announcement; a visitor on the follow QR", async ({ onTestFailed }) => {
    const { page, errors } = await h.phone()
    await page.setViewportSize({ width: 390, height: 844 })
    onTestFailed(() => shot(page, `FAILED-share-${Date.now()}`))

    await page.goto(`${h.url}/share/active/act-xy-welcome`)
    await page.waitForURL((u) => u.pathname === "/" && u.searchParams.get("state") === "active-act-xy-welcome")
    await page.getByText("授权登录：选择一个演示用户").waitFor()
    await page.getByTestId("dev-user-demo-visitor").waitFor()
    await shot(page, "99-share-sign-in")
    await page.getByTestId("dev-user-demo-student").click()
    await page.waitForURL((u) => /^\/active\/act-xy-welcome\/[A-Za-z0-9_-]{43}$/.test(u.pathname))
    await page.getByTestId("activity-content").waitFor()
    await shot(page, "99-share-landed")
    const token = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!)
    expect(await h.api<{ data: { openid: string } }>("/api/user/wxuserInfo", token)).toMatchObject({ data: { openid: "demo-student" } })

    await page.goto(`${h.url}/share/home/-1`)
    await page.getByTestId("dev-user-demo-visitor").click()
    await page.waitForURL((u) => u.pathname === "/qrcode")
    await page.getByTestId("follow-page").waitFor()

    await page.goto(`${h.url}/share/%2F%2Fevil.com/-1`)
    await page.waitForURL((u) => u.pathname === "/error/10003")
    expect(new URL(page.url()).origin).toBe(h.url)
    expect(errors).toEqual([])
  }, 60_000)

  it("the menu entry: a follower lands on home signed in; a visitor is asked for the profile, then lands on the follow QR", async ({ onTestFailed }) => {
    const { page, errors } = await h.phone()
    await page.setViewportSize({ width: 390, height: 844 })
    onTestFailed(() => shot(page, `FAILED-menu-entry-${Date.now()}`))

    await page.goto(`${h.url}/auth/wx/enter/home`)
    await page.getByText("授权登录：选择一个演示用户").waitFor()
    await page.getByTestId("dev-user-demo-student").click()
    await page.waitForURL((u) => /^\/home\/[A-Za-z0-9_-]{43}$/.test(u.pathname))
    await page.getByTestId("home-collect").waitFor()
    await shot(page, "99-menu-entry-home")

    await page.goto(`${h.url}/auth/wx/enter/home`)
    await page.getByTestId("dev-user-demo-visitor").click()
    await page.waitForURL((u) => u.pathname === "/" && u.searchParams.get("scope") === "snsapi_userinfo")
    await page.getByText("授权获取昵称、性别：选择一个演示用户").waitFor()
    await shot(page, "99-menu-entry-profile")
    await page.getByTestId("dev-user-demo-visitor").click()
    await page.waitForURL((u) => u.pathname === "/qrcode")
    await page.getByTestId("follow-page").waitFor()
    expect(errors).toEqual([])
  }, 60_000)
})
