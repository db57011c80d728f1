/**
 * SMS top-up and donation at 390×844: the staff member's worksite with its credit, the six tiles (the 500 tile's 15 per
 * yuan shown before paying), a 10-yuan top-up through the simulated payment sheet (+250 shown after); a 1-fen donation
 * with its thank-you toast.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { browserAvailable, POLL, shot, startHarness, toast, type Harness } from "./harness"

const run = browserAvailable()

describe.skipIf(!run)("SMS top-up and donation", () => {
  let h: Harness
  beforeAll(async () => { h = await startHarness() }, 60_000)
  afterAll(async () => { await h?.close() })

  const creditOf = async (worksiteId: string) =>
    (await h.runtime.db.selectFrom("worksite").select("sms_credit").where("id", "=", worksiteId).executeTakeFirstOrThrow()).sms_credit

  it("a staff member tops up 10 yuan: the sheet shows ¥10.00, the credit shown rises by 250", async ({ onTestFailed }) => {
    const token = await h.token("demo-staff")
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-deposit-${Date.now()}`))
    await page.goto(`${h.url}/deposit/${encodeURIComponent(token)}`)
    const before = await creditOf("ws-xiyuan")
    await expect.poll(() => page.getByTestId("sms-credit").textContent(), POLL).toBe(String(before))
    expect(await page.getByTestId("deposit-site").textContent()).toBe("西园驿站（南校区）")
    expect(await page.locator(".deposit__tile").allTextContents()).toEqual([
      "10元250条每元25条", "50元1250条每元25条", "100元2500条每元25条", "200元5000条每元25条", "500元7500条每元15条", "1000元25000条每元25条"
    ])
    expect(await page.getByTestId("deposit-summary").textContent()).toBe("实付 ¥10.00，可得 250 条短信（按整元计）")

    // a custom amount is floored to whole yuan, at 25 per yuan
    await page.getByTestId("deposit-custom").locator("input").fill("12.8")
    await expect.poll(() => page.getByTestId("deposit-summary").textContent(), POLL).toBe("实付 ¥12.00，可得 300 条短信（按整元计）")
    await page.getByTestId("tile-500").click()
    expect(await page.getByTestId("deposit-summary").textContent()).toBe("实付 ¥500.00，可得 7500 条短信（按整元计）")
    expect(await page.getByTestId("deposit-custom").locator("input").inputValue()).toBe("")
    await shot(page, "95-deposit-tiles")

    await page.getByTestId("tile-10").click()
    await page.getByTestId("deposit-pay").click()
    await page.getByTestId("pay-sheet").waitFor()
    expect(await page.locator(".pay-sheet__amount").textContent()).toBe("¥10.00")
    await shot(page, "96-deposit-pay-sheet")
    await page.getByTestId("pay-confirm").click()
    await toast(page, "充值成功，已到账250条短信").waitFor()
    await page.getByTestId("pay-sheet").waitFor({ state: "detached" })
    await expect.poll(() => page.getByTestId("sms-credit").textContent(), POLL).toBe(String(before + 250))
    expect(await creditOf("ws-xiyuan")).toBe(before + 250)
    await shot(page, "97-deposit-paid")
    expect(errors).toEqual([])
  }, 120_000)

  it("another worksite's staff sees their own worksite; a student's top-up is refused with the server's message", async ({ onTestFailed }) => {
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-deposit-other-${Date.now()}`))
    await page.goto(`${h.url}/deposit/${encodeURIComponent(await h.token("demo-staff-dy"))}`)
    await expect.poll(() => page.getByTestId("deposit-site").textContent(), POLL).toBe("东园驿站（北校区）")
    await page.goto(`${h.url}/deposit/${encodeURIComponent(await h.token("demo-student"))}`)
    await expect.poll(() => page.getByTestId("deposit-site").textContent(), POLL).toBe("西园驿站（南校区）")
    await page.getByTestId("deposit-pay").click()
    await toast(page, "只能为本网点充值短信").waitFor()
    expect(errors).toEqual([])
  }, 120_000)

  it("donates 1 fen through the sheet and thanks the user", async ({ onTestFailed }) => {
    const token = await h.token("demo-student")
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-donate-${Date.now()}`))
    await page.goto(`${h.url}/donate/${encodeURIComponent(token)}`)
    await page.getByTestId("donate").waitFor()
    expect(await page.getByTestId("donate").textContent()).toContain("捐赠 ¥0.01")
    await shot(page, "98-donate")
    await page.getByTestId("donate").click()
    await page.getByTestId("pay-sheet").waitFor()
    expect(await page.locator(".pay-sheet__amount").textContent()).toBe("¥0.01")
    await page.getByTestId("pay-confirm").click()
    await toast(page, "感谢您的支持！").waitFor()
    await page.getByTestId("pay-sheet").waitFor({ state: "detached" })
    await shot(page, "99-donate-thanks")
    const rows = await h.runtime.db.selectFrom("donation").select(["amount_fen"]).where("user_id", "=", "u-student").execute()
    expect(rows).toEqual([{ amount_fen: 1 }])
    expect(errors).toEqual([])
  }, 120_000)
})
