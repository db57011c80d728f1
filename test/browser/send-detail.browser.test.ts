/**
 * Issue 21's sending items on a 390×844 phone: the 价格表 from the tariff and the booking form's live estimate (the
 * same quote the staff's 计费 gives); a send order's detail page reached by tapping its card, with its signed QR that
 * the staff's scan accepts (a forged one refused), the freight to pay and its pay button, the express number with a
 * copy button, the timeline with each step's time; the privacy waybill (names and phones masked, no 市辖区);
 * scanning a dispatched waybill again says it is already out; '提交并支付赏金' opens the payment sheet at once; the
 * runner's freight sheet preselects the booked carrier and, with none, 计费 says '请选择快递公司'.
 */
import { execFileSync } from "node:child_process"
import { writeFileSync } from "node:fs"
import { resolve } from "node:path"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { browserAvailable, POLL, SCREENSHOTS, scanInto, shot, startHarness, toast, type Harness } from "./harness"
import { confirmedDoorPickup, fillDoorBooking, pick, seedSending, setVerified, type Answer } from "./sending-kit"

const run = browserAvailable()

/** No page wider than the phone's screen. */
const fitsScreen = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

describe.skipIf(!run)("a send order's detail, the price table and the privacy waybill", () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
    await seedSending(h)
    await setVerified(h, 1)
  }, 60_000)
  afterAll(async () => { await h?.close() })

  it("价格表 lists the tariff by province; the booking form estimates live with the staff's quote", async ({ onTestFailed }) => {
    const token = await h.token("demo-student")
    const { page, errors } = await h.phone()
    await page.setViewportSize({ width: 390, height: 844 })
    onTestFailed(() => shot(page, `FAILED-sd-price-${Date.now()}`))
    await page.goto(`${h.url}/expressTotakein/${encodeURIComponent(token)}`)
    await page.getByTestId("booking-form").waitFor()
    await page.getByRole("tab", { name: "价格表" }).click()
    await page.getByTestId("price-table").waitFor()
    const row = page.locator("[data-testid=price-carrier][data-code=SF] [data-testid=price-row][data-province='11']")
    expect(await row.locator("td").allTextContents()).toEqual(["北京市", "¥12.00", "¥5.00"])
    expect(await page.getByTestId("price-table-empty").count()).toBe(0)
    await fitsScreen(page)
    await shot(page, "sd01-price-table")

    await page.getByRole("tab", { name: "寄快递" }).click()
    const estimate = page.getByTestId("freight-estimate")
    expect(await estimate.textContent()).toBe("选择快递公司和收件人后显示")
    await page.getByTestId("company-picker").click()
    await pick(page, "顺丰速运")
    await page.getByTestId("receiver-card").click()
    await page.locator("[data-testid=receiver-option][data-name=王芳]").click()
    await expect.poll(() => estimate.textContent(), POLL).toBe("首重1kg ¥12.00 起，以驿站称重为准")
    await page.locator("[data-testid=estimate-weight] input").fill("2.3")
    await expect.poll(() => estimate.textContent(), POLL).toBe("¥22.00（2.3kg，以驿站称重为准）")
    // the staff's 计费 gives the same for the same parcel
    const quoted = await h.api<Answer<number>>("/api/expressFreight/freight?worksiteId=ws-xiyuan&expressCode=SF&fromProvinceCode=44&toProvinceCode=11&freightWeight=2300", await h.token("demo-staff"))
    expect(quoted.data).toBe(2200)
    expect(await page.getByTestId("receiver-address").textContent()).toBe("北京市朝阳区建国路88号")
    await fitsScreen(page)
    await shot(page, "sd02-booking-estimate")
    // ZTO has no tariff to Beijing: said plainly, no number
    await page.getByTestId("company-picker").click()
    await pick(page, "中通快递")
    await expect.poll(() => estimate.textContent(), POLL).toBe("暂无该地区报价，以驿站称重计费为准")
    expect(errors).toEqual([])
  }, 90_000)

  it("the card opens the detail: QR the staff scan, freight paid there, express number copied, timeline; the waybill masked; a second dispatch scan refused", async ({ onTestFailed }) => {
    const token = await h.token("demo-student")
    const staffToken = await h.token("demo-staff")
    const student = await h.phone()
    const staff = await h.phone()
    const page = student.page
    await page.setViewportSize({ width: 390, height: 844 })
    await staff.page.setViewportSize({ width: 390, height: 844 })
    await student.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: h.url })
    onTestFailed(async () => {
      await shot(page, `FAILED-sd-student-${Date.now()}`)
      await shot(staff.page, `FAILED-sd-staff-${Date.now()}`)
    })
    const booked = await h.api<Answer<{ _id: string; orderNo: string }>>("/api/expressTakein", token, {
      method: "POST",
      body: JSON.stringify({ expressCompanyId: "ec-sf", senderAddressId: "addr-student-1", receiverAddressId: "addr-student-bj", goodsName: "课本", goodsCount: 2 })
    })
    expect(booked.success).toBe(true)
    const { _id: id, orderNo } = booked.data

    // ---- tapping the card opens the detail: the QR, the first step done, the rest to come
    await page.goto(`${h.url}/expressSendList/ing/${encodeURIComponent(token)}`)
    await page.locator(`[data-testid=send-card][data-id="${id}"] [data-testid=send-status]`).click()
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe(`/expressSendDetail/${id}/${encodeURIComponent(token)}`)
    await page.getByTestId("send-qr-image").waitFor()
    expect(await page.getByTestId("detail-status").textContent()).toBe("待计算运费")
    expect(await page.getByTestId("detail-freight").textContent()).toBe("待驿站称重计费")
    expect(await page.getByTestId("detail-receiver-address").textContent()).toBe("北京市朝阳区建国路88号")
    const steps = page.getByTestId("send-step")
    expect(await steps.evaluateAll((els) => els.map((e) => `${e.getAttribute("data-key")}:${e.getAttribute("data-done")}`)))
      .toEqual(["booked:1", "freight:0", "paid:0", "printed:0", "dispatched:0"])
    expect(await steps.first().getByTestId("send-step-time").textContent()).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/)
    const qr = (await page.getByTestId("send-qr-image").getAttribute("data-content")) ?? ""
    expect(JSON.parse(qr)).toMatchObject({ k: "s", no: orderNo })
    await fitsScreen(page)
    await shot(page, "sd03-detail-qr")

    // ---- staff scan the QR: the order on the outbound screen; a forged QR is refused
    const s = staff.page
    await s.goto(`${h.url}/printSurface/${encodeURIComponent(staffToken)}`)
    await s.getByTestId("outbound-scan").waitFor()
    await scanInto(s, "outbound-scan", qr.replace(orderNo, `${orderNo.slice(0, -1)}X`))
    await toast(s, "二维码校验失败").waitFor()
    await s.waitForTimeout(1600)
    await scanInto(s, "outbound-scan", qr)
    await expect.poll(() => s.getByTestId("outbound-order-no").textContent(), POLL).toContain(orderNo)
    await shot(s, "sd04-staff-scanned-send-qr")

    // ---- the freight set by staff shows live with its pay button; paid in the sheet
    const set = await h.api<Answer<unknown>>("/api/expressTakein/freight/updateFreight", staffToken, {
      method: "PUT", body: JSON.stringify({ id, expressCompanyId: "ec-sf", freightWeight: 2300, goodsPic: "", isDaofu: false, freight: 2200 })
    })
    expect(set.success).toBe(true)
    await expect.poll(() => page.getByTestId("detail-freight").textContent(), POLL).toBe("¥22.00 待支付")
    expect(await page.getByTestId("detail-pay").textContent()).toBe("支付 ¥22.00")
    await shot(page, "sd05-detail-freight-due")
    await page.getByTestId("detail-pay").click()
    await page.getByTestId("pay-sheet").waitFor()
    expect(await page.locator(".pay-sheet__amount").textContent()).toBe("¥22.00")
    await page.getByTestId("pay-confirm").click()
    await toast(page, "支付成功").waitFor()
    await expect.poll(() => page.getByTestId("detail-freight").textContent(), POLL).toBe("¥22.00 已支付")
    expect(await page.getByTestId("detail-pay").count()).toBe(0)

    // ---- printed: the express number with a copy button
    const printed = await h.api<Answer<{ expressNo: string; pdf: string }>>("/api/common/getElecWaybill/", staffToken, {
      method: "POST", body: JSON.stringify({ orderNo, expressCompanyId: "ec-sf", expressCompanyCode: "SF" })
    })
    expect(printed.success).toBe(true)
    const expressNo = printed.data.expressNo
    await expect.poll(() => page.getByTestId("detail-express-no").textContent(), POLL).toBe(expressNo)
    await page.getByTestId("copy-express-no").click()
    await toast(page, "已复制").waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expressNo)
    await fitsScreen(page)
    await shot(page, "sd06-detail-printed-copy")

    // ---- the privacy waybill: 王芳 13911112222 printed as 王* 139****2222, 北京市朝阳区 without 市辖区
    const pdfAnswer = await fetch(`${h.url}${printed.data.pdf}`, { headers: { Authorization: `Bearer ${staffToken}` } })
    const pdf = Buffer.from(await pdfAnswer.arrayBuffer())
    const pdfFile = resolve(SCREENSHOTS, "sd07-privacy-waybill.pdf")
    writeFileSync(pdfFile, pdf)
    // the text as a reader extracts it from the embedded font's glyphs (spaces between runs left out)
    const text = execFileSync("pdftotext", [pdfFile, "-"], { encoding: "utf8" }).replace(/\s/g, "")
    expect(text).toContain("王*")
    expect(text).not.toContain("王芳")
    expect(text).toContain("李*")
    expect(text).not.toContain("李明")
    expect(text).not.toContain("13911112222")
    expect(text).toContain("139****2222")
    expect(text).toContain("北京市朝阳区")
    expect(text).not.toContain("市辖区")
    execFileSync("pdftoppm", ["-png", "-r", "110", "-singlefile", pdfFile, resolve(SCREENSHOTS, "sd07-privacy-waybill")])
    // the order keeps the full values
    const stored = await h.runtime.db.selectFrom("send_order").select("receiver").where("id", "=", id).executeTakeFirstOrThrow()
    expect(stored.receiver).toMatchObject({ name: "王芳", phone: "13911112222" })

    // ---- dispatch, then the same waybill again: refused as already out
    await s.goto(`${h.url}/toTakeinOutScan/${encodeURIComponent(staffToken)}`)
    await s.getByTestId("dispatch-scan").waitFor()
    await scanInto(s, "dispatch-scan", expressNo)
    await expect.poll(() => s.getByTestId("dispatch-result").textContent(), POLL).toBe("出库成功")
    await s.waitForTimeout(2200)
    await scanInto(s, "dispatch-scan", expressNo)
    await expect.poll(() => s.getByTestId("dispatch-result").textContent(), POLL).toBe("该寄件已出库，请勿重复扫描")
    await shot(s, "sd08-dispatch-already-out")

    // ---- the detail after dispatch: no QR, every step with its time
    await expect.poll(() => page.getByTestId("detail-status").textContent(), POLL).toBe("已出库")
    expect(await page.getByTestId("send-qr").count()).toBe(0)
    expect(await steps.evaluateAll((els) => els.map((e) => `${e.getAttribute("data-key")}:${e.getAttribute("data-done")}`)))
      .toEqual(["booked:1", "freight:1", "paid:1", "printed:1", "dispatched:1"])
    expect(await page.getByTestId("detail-express-no").textContent()).toBe(expressNo)
    await fitsScreen(page)
    await shot(page, "sd09-detail-dispatched")
    expect([...student.errors, ...staff.errors].filter((e) => !e.includes("409"))).toEqual([])
  }, 120_000)

  it("a cancelled order's timeline keeps the steps it reached and ends with its cancel time", async ({ onTestFailed }) => {
    const token = await h.token("demo-student")
    const { page } = await h.phone()
    await page.setViewportSize({ width: 390, height: 844 })
    onTestFailed(() => shot(page, `FAILED-sd-cancel-${Date.now()}`))
    const booked = await h.api<Answer<{ _id: string }>>("/api/expressTakein", token, {
      method: "POST",
      body: JSON.stringify({ expressCompanyId: "ec-sf", senderAddressId: "addr-student-1", receiverAddressId: "addr-student-bj", goodsName: "衣服", goodsCount: 1 })
    })
    const id = booked.data._id
    // a sender closes an order awaiting their payment
    const set = await h.api<Answer<unknown>>("/api/expressTakein/freight/updateFreight", await h.token("demo-staff"), {
      method: "PUT", body: JSON.stringify({ id, expressCompanyId: "ec-sf", freightWeight: 1000, goodsPic: "", isDaofu: false, freight: 1200 })
    })
    expect(set.success).toBe(true)
    await page.goto(`${h.url}/expressSendList/ing/${encodeURIComponent(token)}`)
    await page.locator(`[data-testid=send-card][data-id="${id}"] [data-testid=send-close]`).click()
    await page.locator(".adm-dialog-button").filter({ hasText: "确定" }).click()
    await toast(page, "关闭成功").waitFor()
    await page.goto(`${h.url}/expressSendDetail/${id}/${encodeURIComponent(token)}`)
    await page.getByTestId("send-timeline").waitFor()
    expect(await page.getByTestId("detail-status").textContent()).toBe("已取消")
    expect(await page.getByTestId("send-step").evaluateAll((els) => els.map((e) => `${e.getAttribute("data-key")}:${e.getAttribute("data-done")}`)))
      .toEqual(["booked:1", "freight:1", "cancelled:1"])
    expect(await page.getByTestId("send-qr").count()).toBe(0)
    await shot(page, "sd10-detail-cancelled")
  }, 60_000)

  it("'提交并支付赏金' opens the payment sheet at once; paid there, no second 立即支付", async ({ onTestFailed }) => {
    const token = await h.token("demo-student")
    const { page, errors } = await h.phone()
    await page.setViewportSize({ width: 390, height: 844 })
    onTestFailed(() => shot(page, `FAILED-sd-door-${Date.now()}`))
    await page.goto(`${h.url}/expressTotakein/${encodeURIComponent(token)}`)
    await page.getByTestId("booking-form").waitFor()
    await fillDoorBooking(page, { goods: "被子", floor: "2层", room: "201", reward: "2.5", time: "09:00" })
    expect(await page.getByTestId("booking-submit").textContent()).toBe("提交并支付赏金")
    await page.getByTestId("booking-submit").click()
    await page.waitForURL((u) => u.pathname.startsWith("/orderSuccess/"))
    // the sheet is up without another tap
    await page.getByTestId("pay-sheet").waitFor()
    expect(await page.locator(".pay-sheet__amount").textContent()).toBe("¥2.50")
    await shot(page, "sd11-door-pay-sheet-at-once")
    await page.getByTestId("pay-confirm").click()
    await toast(page, "支付成功").waitFor()
    await expect.poll(() => page.getByTestId("send-success-status").textContent(), POLL).toBe("任务已发布")
    expect(await page.getByTestId("send-pay-now").count()).toBe(0)
    await fitsScreen(page)
    await shot(page, "sd12-door-reward-paid")
    expect(errors).toEqual([])
  }, 90_000)

  it("the runner's freight sheet preselects the booked carrier; with none, 计费 says 请选择快递公司", async ({ onTestFailed }) => {
    const student = await h.token("demo-student")
    const runner = await h.token("demo-runner")
    const { errand } = await confirmedDoorPickup(h, student, runner)
    const { page, errors } = await h.phone()
    await page.setViewportSize({ width: 390, height: 844 })
    onTestFailed(() => shot(page, `FAILED-sd-runner-${Date.now()}`))
    await page.goto(`${h.url}/robbingList/2/ing/${encodeURIComponent(runner)}`)
    await page.locator(`[data-testid=errand-order][data-order-no="${errand.orderNo}"]`).getByTestId("order-enter-freight").click()
    const sheet = page.getByTestId("runner-freight")
    await sheet.getByTestId("freight-submit").waitFor()
    await page.waitForTimeout(500)
    const chosen = sheet.getByTestId("freight-company").locator(".adm-selector-item-active")
    expect(await chosen.textContent()).toBe("顺丰速运")
    // with the booked carrier, 计费 of 1.5 kg to Beijing quotes 17.00 straight away
    await sheet.locator("[data-testid=freight-weight] input").fill("1.5")
    await sheet.getByTestId("freight-quote").click()
    await expect.poll(() => sheet.locator("[data-testid=freight-amount] input").inputValue(), POLL).toBe("17.00")
    await shot(page, "sd13-runner-freight-preselected")
    await chosen.click()
    await sheet.getByTestId("freight-quote").click()
    await toast(page, "请选择快递公司").waitFor()
    expect(await sheet.getByTestId("freight-quote-problem").textContent()).toBe("请选择快递公司")
    await shot(page, "sd14-runner-freight-needs-carrier")
    expect(errors).toEqual([])
  }, 90_000)
})
