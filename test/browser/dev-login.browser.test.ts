/** The demo links `station serve` prints: following one lands signed in on the role's page, without a token in the link. */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { browserAvailable, shot, startHarness, type Harness } from "./harness"

const run = browserAvailable()

describe.skipIf(!run)("development sign-in link", () => {
  let h: Harness
  beforeAll(async () => { h = await startHarness() }, 60_000)
  afterAll(async () => { await h?.close() })

  it("signs the student in and opens /my, and the staff member on check-in", async ({ onTestFailed }) => {
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-dev-login-${Date.now()}`))
    await page.goto(`${h.url}/auth/dev/login/demo-student`)
    await page.waitForURL((u) => /^\/my\/[A-Za-z0-9_-]{43}$/.test(u.pathname))
    await page.getByTestId("me-name").waitFor()
    const token = new URL(page.url()).pathname.split("/").pop()!
    const me = await h.api<{ success: boolean; data: { openid: string; realname: string; nickname: string } }>("/api/user/wxuserInfo", decodeURIComponent(token))
    expect(me).toMatchObject({ success: true, data: { openid: "demo-student" } })
    expect([me.data.realname, me.data.nickname]).toContain(await page.getByTestId("me-name").textContent())
    await shot(page, "90-dev-login-student")

    await page.goto(`${h.url}/auth/dev/login/demo-staff`)
    await page.waitForURL((u) => /^\/warehousing\/[A-Za-z0-9_-]{43}$/.test(u.pathname))
    await page.getByTestId("station-header").waitFor()
    expect(await page.getByTestId("station-header").textContent()).toContain("西园")
    await shot(page, "91-dev-login-staff")
    expect(errors).toEqual([])
  }, 60_000)
})
