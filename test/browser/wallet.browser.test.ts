/** A student withdraws money: a rule broken on the page, then a confirmed application lowering the balance. */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { browserAvailable, POLL, shot, startHarness, toast, type Harness } from "./harness"

const run = browserAvailable()

describe.skipIf(!run)("wallet: cash withdrawal", () => {
  let h: Harness
  beforeAll(async () => { h = await startHarness() }, 60_000)
  afterAll(async () => { await h?.close() })

  it("refuses an amount above the balance, then applies after confirmation and lowers the balance", async ({ onTestFailed }) => {
    const token = await h.token("demo-student")
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-wallet-${Date.now()}`))
    await page.goto(`${h.url}/takecash/${encodeURIComponent(token)}`)
    const balance = page.getByTestId("balance")
    await expect.poll(() => balance.textContent(), POLL).toBe("500.00")
    await shot(page, "10-withdraw")

    const amount = page.locator("[data-testid=withdraw-amount] input")
    await page.getByTestId("withdraw-submit").click()
    await toast(page, "请输入您的提现金额").waitFor()

    await amount.fill("600")
    await page.getByTestId("withdraw-submit").click()
    await toast(page, "提现金额不能大于余额").waitFor()
    await shot(page, "11-withdraw-above-balance")

    await amount.fill("100")
    await page.getByTestId("withdraw-submit").click()
    const dialog = page.locator(".adm-dialog-body").filter({ hasText: "确认要提交提现申请？" })
    await dialog.waitFor()
    await shot(page, "12-withdraw-confirm")
    await page.locator(".adm-dialog-footer .adm-dialog-button").filter({ hasText: "确定" }).click()
    await toast(page, "申请成功").waitFor()
    await expect.poll(() => balance.textContent(), POLL).toBe("400.00")
    await shot(page, "13-withdraw-applied")

    // the server agrees, and the records list shows the pending application
    const info = await h.api<{ data: { money: number } }>("/api/user/wxuserInfo", token)
    expect(info.data.money).toBe(40_000)
    await page.getByTestId("link-withdrawals").click()
    const record = page.getByTestId("withdrawal-record")
    await record.first().waitFor()
    expect(await record.count()).toBe(1)
    expect(await record.first().textContent()).toContain("¥100.00")
    expect(await record.first().textContent()).toContain("待审核")
    await shot(page, "14-withdrawal-records")

    // a second application within the minute is refused by the server, shown after a second
    await page.goBack()
    await expect.poll(() => balance.textContent(), POLL).toBe("400.00")
    await amount.fill("1")
    await page.getByTestId("withdraw-submit").click()
    await page.locator(".adm-dialog-footer .adm-dialog-button").filter({ hasText: "确定" }).click()
    await toast(page, "每分钟只能提交一次提现申请").waitFor()
    expect(await balance.textContent()).toBe("400.00")

    expect(errors).toEqual([])
  }, 90_000)

  it("converts points to money with the points rules checked on the page", async ({ onTestFailed }) => {
    const token = await h.token("demo-runner")
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-wallet-${Date.now()}`))
    await page.goto(`${h.url}/scoreToMoney/${encodeURIComponent(token)}`)
    const points = page.getByTestId("points")
    await expect.poll(() => points.textContent(), POLL).toBe("80")
    const input = page.locator("[data-testid=points-amount] input")
    await input.fill("5")
    await page.getByTestId("points-submit").click()
    await toast(page, "提现积分必须>=10").waitFor()
    await input.fill("100")
    await page.getByTestId("points-submit").click()
    await toast(page, "对不起，您只有80积可提现").waitFor()
    await input.fill("80")
    await page.getByTestId("points-submit").click()
    await toast(page, "提现成功").waitFor()
    await expect.poll(() => points.textContent(), POLL).toBe("0")
    expect(await page.getByTestId("points-submit").isDisabled()).toBe(true)
    await shot(page, "15-points-done")

    await page.getByTestId("link-points-records").click()
    const record = page.getByTestId("money-record")
    await record.first().waitFor()
    expect(await record.first().textContent()).toContain("+0.40")
    await shot(page, "16-points-records")
    expect(errors).toEqual([])
  }, 60_000)

  it("signs a demo user in from the fake messaging app; a bad token ends on the session-expired page", async ({ onTestFailed }) => {
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-wallet-${Date.now()}`))
    await page.goto(`${h.url}/`)
    const student = page.getByTestId("dev-user-demo-student")
    await student.waitFor()
    expect(await page.getByTestId("dev-user-demo-staff").count()).toBe(1)
    await shot(page, "17-home-sign-in")
    await student.click()
    await page.waitForURL((u) => u.pathname.startsWith("/my/"))
    await expect.poll(() => page.getByTestId("me-wallet").textContent(), POLL).toMatch(/^\d+\.\d余额/)
    await page.getByTestId("me-wallet").click()
    await page.waitForURL((u) => u.pathname.startsWith("/takecash/"))
    await expect.poll(() => page.getByTestId("balance").textContent(), POLL).toMatch(/^\d+\.\d{2}$/)

    await page.goto(`${h.url}/takecash/${encodeURIComponent("not-a-session")}`)
    await page.waitForURL((u) => u.pathname === "/error/10001")
    await page.getByText("登录已失效").first().waitFor()
    await shot(page, "18-session-expired")
    expect(errors).toEqual([])
  }, 60_000)
})
