/** An unbound user opening the check-in screen is sent to bind; a wrong password is refused, the right one lands on check-in. */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { browserAvailable, POLL, shot, startHarness, toast, type Harness } from "./harness"

const run = browserAvailable()

describe.skipIf(!run)("staff: bind a back-office account", () => {
  let h: Harness
  beforeAll(async () => { h = await startHarness() }, 60_000)
  afterAll(async () => { await h?.close() })

  it("binds demo-newstaff to employee 13900000003 and lands on the check-in screen", async ({ onTestFailed }) => {
    const token = await h.token("demo-newstaff")
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-bind-${Date.now()}`))
    await page.goto(`${h.url}/warehousing/${encodeURIComponent(token)}`)
    await toast(page, "请先绑定后台操作用户").waitFor()
    await page.waitForURL((u) => u.pathname.startsWith("/bind/warehousing/"))
    expect(decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!)).toBe(token)

    const phone = page.locator("[data-testid=bind-phone] input")
    const password = page.locator("[data-testid=bind-password] input")
    await phone.waitFor()
    await shot(page, "20-bind")

    await page.getByTestId("bind-submit").click()
    await toast(page, "电话号码不能为空").waitFor()
    await phone.fill("139000000")
    await page.getByTestId("bind-submit").click()
    await toast(page, "电话号码格式不对").waitFor()

    await phone.fill("1390000000399")
    expect(await phone.inputValue()).toBe("13900000003")
    await password.fill("wrong-password")
    await page.getByTestId("bind-submit").click()
    await toast(page, "手机号码或者密码错误").waitFor()
    await shot(page, "21-bind-wrong-password")
    expect(page.url()).toContain("/bind/warehousing/")

    await password.fill("station123")
    await password.press("Enter")
    await page.waitForURL((u) => u.pathname.startsWith("/warehousing/"))
    const newToken = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!)
    expect(newToken).not.toBe("")
    const header = page.getByTestId("station-header")
    await expect.poll(() => header.textContent(), POLL).toContain("西园驿站")
    await page.getByTestId("company-row").waitFor()
    await shot(page, "22-bind-landed")

    expect(await page.evaluate(() => localStorage.getItem("station.bindPhone"))).toBe("13900000003")
    expect(await page.evaluate(() => sessionStorage.getItem("station.token"))).toBe(newToken)
    expect(errors).toEqual([])
  }, 90_000)
})
