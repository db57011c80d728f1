/** A student withdraws money: a rule broken on the page, then a confirmed application lowering the balance. */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { browserAvailable, POLL, shot, startHarness, toast, type Harness } from "./harness"

const run = browserAvailable()

/** Moves a demo wallet to `fen` with a ledger row, as money always moves. */
const setBalance = async (h: Harness, openid: string, fen: number) => {
  const { id } = await h.runtime.db.selectFrom("app_user").select("id").where("openid", "=", openid).executeTakeFirstOrThrow()
  const { money } = await h.runtime.db.selectFrom("wallet").select("money").where("user_id", "=", id).executeTakeFirstOrThrow()
  if (money === fen) return
  await h.fixture((db, at) => db.insertInto("ledger").values({
    id: `test-${openid}-${fen}`, user_id: id, type: 1, money: fen - money, score: 0, remark: "测试", ref_type: "opening", ref_id: null, created_at: at
  }).execute())
  await h.fixture((db) => db.updateTable("wallet").set({ money: fen }).where("user_id", "=", id).execute())
}

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
    // the fee hint and the notice come from the rule that charges the fee
    expect(await page.locator(".form-card__hint").textContent()).toBe("手续费 ¥0.60，预计到账 ¥99.40")
    expect(await page.getByRole("region", { name: "提现须知" }).textContent()).toContain("提现收取0.6%手续费")
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

    // the money detail: money only — the application and the opening money grant; the points grant is not a money line
    await page.getByTestId("link-money-detail").click()
    const rows = page.getByTestId("money-record")
    await expect.poll(() => rows.count(), POLL).toBe(2)
    const texts = await rows.allTextContents()
    expect(texts.find((t) => t.includes("提现申请"))).toContain("-100.00")
    const grantMoney = texts.find((t) => t.includes("开户赠送余额"))
    expect(grantMoney).toContain("+500.00")
    expect(texts.some((t) => t.includes("积分"))).toBe(false)
    await shot(page, "14b-money-detail")

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
    // typed key by key, 12.5 stays 12.5 and is refused: it never becomes 125 (which would convert 120 points)
    await input.fill("")
    await input.pressSequentially("12.5")
    expect(await input.inputValue()).toBe("12.5")
    await page.getByTestId("points-not-whole").waitFor()
    await page.locator(".adm-toast-mask").waitFor({ state: "detached", timeout: 5000 }).catch(() => undefined)
    await shot(page, "15a-points-not-whole")
    await page.getByTestId("points-submit").click()
    await toast(page, "请输入整数积分").waitFor()
    expect(await page.locator(".adm-dialog-body").count()).toBe(0)

    // a conversion is confirmed first, stating the points taken and the money; cancelling changes nothing
    await input.fill("25")
    expect(await page.getByTestId("points-not-whole").count()).toBe(0)
    await page.getByTestId("points-submit").click()
    const confirm = page.getByTestId("points-confirm")
    await confirm.waitFor()
    expect(await confirm.textContent()).toMatch(/将 20 积分兑换为 0\.10? 元/)
    expect(await confirm.textContent()).toContain("余下5积分保留")
    await page.locator(".adm-toast-mask").waitFor({ state: "detached", timeout: 5000 }).catch(() => undefined)
    await page.waitForTimeout(400)
    await shot(page, "15b-points-confirm")
    await page.locator(".adm-dialog-footer .adm-dialog-button").filter({ hasText: "取消" }).click()
    await confirm.waitFor({ state: "detached" })
    expect((await h.api<{ data: { activeScore: number } }>("/api/user/wxuserInfo", token)).data.activeScore).toBe(80)

    await input.fill("80")
    await page.getByTestId("points-submit").click()
    await confirm.waitFor()
    expect(await confirm.textContent()).toMatch(/将 80 积分兑换为 0\.40? 元/)
    await page.locator(".adm-dialog-footer .adm-dialog-button").filter({ hasText: "确认提现" }).click()
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
    // /my and the wallet show the balance the same way, every fen of it
    await expect.poll(() => page.getByTestId("me-wallet").textContent(), POLL).toMatch(/^\d+\.\d{2}余额/)
    const onMe = (await page.getByTestId("me-wallet").textContent())!.replace("余额（元）", "")
    await page.getByTestId("me-wallet").click()
    await page.waitForURL((u) => u.pathname.startsWith("/takecash/"))
    await expect.poll(() => page.getByTestId("balance").textContent(), POLL).toBe(onMe)

    // an odd balance keeps its last fen, and an empty wallet reads 0.00, on both screens
    for (const [openid, fen, text] of [["demo-runner", 12_345, "123.45"], ["demo-newstaff", 0, "0.00"]] as const) {
      await setBalance(h, openid, fen)
      const token = await h.token(openid)
      await page.goto(`${h.url}/my/${encodeURIComponent(token)}`)
      await expect.poll(() => page.getByTestId("me-wallet").textContent(), POLL).toBe(`${text}余额（元）`)
      await shot(page, `18-${openid}-me-balance`)
      await page.goto(`${h.url}/takecash/${encodeURIComponent(token)}`)
      await expect.poll(() => page.getByTestId("balance").textContent(), POLL).toBe(text)
    }

    await page.goto(`${h.url}/takecash/${encodeURIComponent("not-a-session")}`)
    await page.waitForURL((u) => u.pathname === "/error/10001")
    await page.getByText("登录已失效").first().waitFor()
    await shot(page, "19-session-expired")
    expect(errors).toEqual([])
  }, 60_000)
})
