/**
 * The runner's freight entry for a door pickup (spec 001 §5 "Freight entry (runner)"): a student's door
 * pickup is booked, its reward paid, grabbed, said taken and confirmed through the API; then on a
 * phone-sized page the runner opens '录入运费' on their list: the booked carrier is preselected; without one, 计费 and the
 * submit ask for the carrier ('请选择快递公司', also under the field), then the
 * weight, then the freight; a carrier without a tariff fails the quote and clears the field, the tariff's fills it; no photo asks '确定不用上传照片？'; confirmed, the send order
 * is at 20 with its freight and weight stored, and the card moves on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { browserAvailable, POLL, shot, startHarness, toast, type Harness } from "./harness"
import { confirmedDoorPickup, seedSending, setVerified } from "./sending-kit"

const run = browserAvailable()

describe.skipIf(!run)("runner freight entry", () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
    await seedSending(h)
    await setVerified(h, 1)
  }, 60_000)
  afterAll(async () => { await h?.close() })

  it("a runner enters a confirmed door pickup's freight: carrier, weight, the no-photo confirm; the order awaits payment", async ({ onTestFailed }) => {
    const student = await h.token("demo-student")
    const runner = await h.token("demo-runner")
    const { id, errand } = await confirmedDoorPickup(h, student, runner)
    const sendRow = () => h.runtime.db.selectFrom("send_order").selectAll().where("id", "=", id).executeTakeFirstOrThrow()
    expect((await sendRow()).status).toBe(10)
    // the send order by its errand: to its runner (and sender), not to another worksite's staff
    const byErrand = `/api/expressTakein/getByPaotuiId/${errand._id}`
    expect(await h.api(byErrand, runner)).toMatchObject({ success: true, data: { _id: id, status: 10 } })
    expect(await h.api(byErrand, student)).toMatchObject({ success: true, data: { _id: id } })
    expect(await h.api(byErrand, await h.token("demo-staff-dy"))).toMatchObject({ success: false })

    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-runner-freight-${Date.now()}`))
    await page.goto(`${h.url}/robbingList/2/ing/${encodeURIComponent(runner)}`)
    const card = page.locator(`[data-testid=errand-order][data-order-no="${errand.orderNo}"]`)
    await card.getByTestId("order-enter-freight").click()
    const sheet = page.getByTestId("runner-freight")
    await sheet.getByTestId("freight-submit").waitFor()
    await page.waitForTimeout(500) // the sheet's slide-in
    await shot(page, "rf1-runner-freight-sheet")

    // the carrier the student booked (SF) is preselected; taken off, 计费 and the submit ask for the carrier
    const chosen = sheet.getByTestId("freight-company").locator(".adm-selector-item-active")
    expect(await chosen.textContent()).toBe("顺丰速运")
    await chosen.click()
    await expect.poll(() => chosen.count(), POLL).toBe(0)
    await sheet.getByTestId("freight-quote").click()
    await toast(page, "请选择快递公司").waitFor()
    expect(await sheet.getByTestId("freight-quote-problem").textContent()).toBe("请选择快递公司")
    await shot(page, "rf1b-runner-freight-quote-needs-carrier")
    await toast(page, "请选择快递公司").waitFor({ state: "detached" })
    await sheet.getByTestId("freight-submit").click()
    await toast(page, "请选择快递公司").waitFor()
    await sheet.getByTestId("freight-company").locator(".adm-selector-item").filter({ hasText: "顺丰速运" }).click()
    expect(await sheet.getByTestId("freight-quote-problem").count()).toBe(0)
    // SF is not the cash-on-delivery carrier: no switch; ZTO offers it
    expect(await sheet.getByTestId("freight-daofu").count()).toBe(0)
    await sheet.getByTestId("freight-company").locator(".adm-selector-item").filter({ hasText: "中通快递" }).click()
    await sheet.getByTestId("freight-daofu").waitFor()
    await sheet.getByTestId("freight-company").locator(".adm-selector-item").filter({ hasText: "顺丰速运" }).click()
    await expect.poll(() => sheet.getByTestId("freight-daofu").count(), POLL).toBe(0)
    await page.waitForTimeout(1600) // the previous toast clears
    await sheet.getByTestId("freight-submit").click()
    await toast(page, "请输入计费重量").waitFor()

    // a weight, no freight → the freight; the quote fills it from the tariff (1.5 kg to Beijing by SF: 12 + 5)
    await sheet.locator("[data-testid=freight-weight] input").fill("1.5")
    await page.waitForTimeout(1600)
    await sheet.getByTestId("freight-submit").click()
    await toast(page, "请输入运费").waitFor()
    // ZTO has no tariff to Beijing: the quote fails and clears the typed freight
    await sheet.locator("[data-testid=freight-amount] input").fill("9")
    await sheet.getByTestId("freight-company").locator(".adm-selector-item").filter({ hasText: "中通快递" }).click()
    await sheet.getByTestId("freight-quote").click()
    await toast(page, "自动计算运费失败，请手动输入。").waitFor()
    await expect.poll(() => sheet.locator("[data-testid=freight-amount] input").inputValue(), POLL).toBe("")
    await sheet.getByTestId("freight-company").locator(".adm-selector-item").filter({ hasText: "顺丰速运" }).click()
    await sheet.getByTestId("freight-quote").click()
    await expect.poll(() => sheet.locator("[data-testid=freight-amount] input").inputValue(), POLL).toBe("17.00")
    await shot(page, "rf2-runner-freight-filled")

    // no photo → the confirm dialog; cancelled, nothing is set; confirmed, the freight is set
    await sheet.getByTestId("freight-submit").click()
    const dialog = page.locator(".adm-dialog-body").filter({ hasText: "确定不用上传照片？" })
    await dialog.waitFor()
    await shot(page, "rf3-runner-freight-no-photo-confirm")
    await dialog.locator(".adm-dialog-button").filter({ hasText: "取消" }).click()
    await dialog.waitFor({ state: "hidden" })
    expect((await sendRow()).status).toBe(10)
    await sheet.getByTestId("freight-submit").click()
    await page.locator(".adm-dialog-body").filter({ hasText: "确定不用上传照片？" }).locator(".adm-dialog-button").filter({ hasText: "确定" }).click()
    await toast(page, "计费成功待支付").waitFor()
    await expect.poll(async () => (await sendRow()).status, POLL).toBe(20)
    expect(await sendRow()).toMatchObject({ status: 20, freight: 1700, freight_weight: 1500, company_id: "ec-sf", runner_id: expect.any(String) })
    const errandRow = await h.runtime.db.selectFrom("errand_order").select(["status", "freight"]).where("id", "=", errand._id).executeTakeFirstOrThrow()
    expect(errandRow).toEqual({ status: 10, freight: 1700 })
    await expect.poll(() => card.getByTestId("order-enter-freight").count(), POLL).toBe(0)
    await expect.poll(() => card.getAttribute("data-status"), POLL).toBe("10")
    await shot(page, "rf4-runner-freight-set")
    expect(errors).toEqual([])
  })
})
