/** Staff check a parcel in on the keypad screen; the receiver shows its QR; staff scan it and hand the parcel out. */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { browserAvailable, POLL, scanInto, shot, startHarness, toast, type Harness } from "./harness"

const run = browserAvailable()

describe.skipIf(!run)("station: check-in then pickup by QR", () => {
  let h: Harness
  beforeAll(async () => { h = await startHarness() }, 60_000)
  afterAll(async () => { await h?.close() })

  it("checks a parcel in, shows the receiver's QR, and confirms pickup by scanning it", async ({ onTestFailed }) => {
    const staffToken = await h.token("demo-staff")
    const employee = await h.api<{ user: { nameZH: string } }>("/auth/employee/getByOpen/demo-staff", staffToken)
    const staff = await h.phone()
    const page = staff.page
    onTestFailed(async () => {
      await shot(page, `FAILED-station-${Date.now()}`)
      console.error("page errors:", staff.errors)
    })

    await page.goto(`${h.url}/warehousing/${encodeURIComponent(staffToken)}`)
    const header = page.getByTestId("station-header")
    await expect.poll(() => header.textContent(), POLL).toContain("西园驿站")
    expect(await header.textContent()).toContain("南校区")
    expect(await header.textContent()).toContain(employee.user.nameZH)
    await shot(page, "01-check-in-empty")

    // the submit checks run in the spec's order before anything is sent
    await page.getByTestId("check-in-submit").click()
    await toast(page, "请选择快递公司").waitFor()

    // express company: only the worksite's five companies are offered
    await page.getByTestId("company-row").click()
    const items = page.locator(".adm-picker-view-column-item")
    await items.first().waitFor()
    expect((await items.allTextContents()).sort()).toEqual(["顺丰速运", "中通快递", "圆通速递", "韵达快递", "京东物流"].sort())
    await items.filter({ hasText: "顺丰速运" }).tap()
    await page.locator(".adm-picker-header-button").filter({ hasText: "确定" }).click()
    await expect.poll(() => page.getByTestId("company-row").textContent(), POLL).toContain("顺丰速运")

    // shelf and express number through the scan dialog; the comma rule keeps what follows the first comma
    await scanInto(page, "shelf-input-scan", "A-01")
    await scanInto(page, "express-input-scan", "SF,SF1234567890")
    expect(await page.locator("[data-testid=shelf-input] input").inputValue()).toBe("A-01")
    expect(await page.locator("[data-testid=express-input] input").inputValue()).toBe("SF1234567890")

    // four digits nobody's phone ends with: the input is cleared and the user is told to type the full number
    for (const d of "9999") await page.getByTestId(`key-${d}`).click()
    const noMatch = page.locator(".adm-dialog-content").filter({ hasText: "暂无匹配的用户，请手动输入收件人电话或按照规定操作。" })
    await noMatch.waitFor()
    await page.locator(".adm-dialog-button").filter({ hasText: "知道了" }).click()
    await noMatch.waitFor({ state: "detached" })
    expect(await page.getByTestId("phone-display").textContent()).toContain("输入收件电话后4位")

    // last four digits on the keypad → the matching user is offered and picked
    for (const d of "0001") await page.getByTestId(`key-${d}`).click()
    // several users' phones end in 0001; demo-student's is 13800000001
    const option = page.locator(".adm-action-sheet-button-item").filter({ hasText: "13800000001" })
    await option.waitFor()
    const receiverName = (await option.locator("b").textContent()) ?? ""
    await shot(page, "02-check-in-receiver-choice")
    await option.click()
    await expect.poll(() => page.getByTestId("phone-display").textContent(), POLL).toBe("13800000001")
    expect(await page.getByTestId("receiver-name").textContent()).toBe(`收件人：${receiverName}`)

    await page.locator("[data-testid=weight-select] .adm-selector-item").filter({ hasText: "1-3kg" }).click()
    await shot(page, "03-check-in-filled")

    await page.getByTestId("check-in-submit").click()
    const codeToast = page.getByTestId("check-in-code")
    await codeToast.waitFor()
    const toastText = (await codeToast.textContent()) ?? ""
    const code = /^(\S+) 入库成功$/.exec(toastText)?.[1]
    expect(code, `toast was "${toastText}"`).toMatch(/^A-01-\d{4}$/)
    // the code stays on one line in the toast
    const codeLines = await codeToast.locator(".toast-code").evaluate((el) => new Set(Array.from(el.getClientRects(), (r) => Math.round(r.top))).size)
    expect(codeLines).toBe(1)
    await shot(page, "03a-check-in-toast")

    // after success: previous code shown, shelf kept, express number, phone, receiver reset, weight back to the first
    await expect.poll(() => page.getByTestId("previous-code").textContent(), POLL).toBe(code)
    await shot(page, "04-check-in-done")
    expect(await page.locator("[data-testid=shelf-input] input").inputValue()).toBe("A-01")
    expect(await page.locator("[data-testid=express-input] input").inputValue()).toBe("")
    expect(await page.getByTestId("phone-display").textContent()).toContain("输入收件电话后4位")
    expect(await page.getByTestId("receiver-name").count()).toBe(0)
    expect(await page.locator("[data-testid=weight-select] .adm-selector-item-active").textContent()).toBe("1kg以内")

    // the receiver finds the parcel and opens its pickup QR
    const studentToken = await h.token("demo-student")
    const list = await h.api<{ data: { results: Array<{ _id: string; expressNo: string }> } }>(
      "/api/expressTosend/pagingForFontend?statusStr=ing&pageNo=1", studentToken)
    const parcel = list.data.results.find((p) => p.expressNo === "SF1234567890")
    expect(parcel, JSON.stringify(list)).toBeDefined()

    const student = await h.phone()
    await student.page.goto(`${h.url}/expressQrcode/${parcel!._id}/${encodeURIComponent(studentToken)}`)
    await student.page.getByTestId("qr-image").waitFor()
    expect(await student.page.getByTestId("qr-image").isVisible()).toBe(true)
    // the page shows the QR image and the parcel's facts, not the QR's raw content with the receiver's openid
    const shown = (await student.page.locator("main").textContent()) ?? ""
    expect(shown).toContain("SF1234567890")
    expect(shown).not.toContain("openid")
    expect(shown).not.toContain("demo-student")
    expect(shown).not.toMatch(/[{}]/)
    await shot(student.page, "05-receiver-qr")
    // what the staff's scanner reads off that image
    const content = (await h.api<{ data: { qrContent: string } }>(`/api/expressTosend/getById/${parcel!._id}`, studentToken)).data.qrContent
    expect(() => JSON.parse(content)).not.toThrow()

    // staff scan the QR on the pickup screen
    await page.goto(`${h.url}/takepart/${encodeURIComponent(staffToken)}`)
    await page.getByTestId("pickup-scan").waitFor()
    // the confirm button is aria-disabled until a takeable parcel is scanned; a tap still explains why
    expect(await page.getByTestId("pickup-confirm").getAttribute("aria-disabled")).toBe("true")
    await page.getByTestId("pickup-confirm").click({ force: true })
    await toast(page, "请先扫一扫取件码").waitFor()

    await scanInto(page, "pickup-scan", content)
    const tag = page.getByTestId("pickup-tag")
    await expect.poll(() => tag.getAttribute("data-can-takeaway"), POLL).toBe("true")
    expect(`${await page.getByTestId("pickup-storage").textContent()}-${await tag.textContent()}`).toBe(code)
    expect(await tag.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(0, 181, 120)")
    expect(await page.getByTestId("pickup-status").textContent()).toBe("待取件")
    await shot(page, "06-pickup-scanned")

    await page.getByTestId("pickup-confirm").click()
    await toast(page, "确认取件成功").waitFor()
    await expect.poll(() => page.getByTestId("pickup-storage").textContent(), POLL).toBe("-")
    expect(await tag.textContent()).toBe("-")
    await shot(page, "07-pickup-done")

    // the receiver's screen hears of the pickup over the socket
    await student.page.getByTestId("taken").waitFor({ timeout: 10_000 })
    await shot(student.page, "08-receiver-taken")

    // the same QR again: the parcel has been signed for, so the tag is red and pickup is refused
    await scanInto(page, "pickup-scan", content)
    await expect.poll(() => tag.getAttribute("data-can-takeaway"), POLL).toBe("false")
    expect(await tag.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(255, 49, 65)")
    expect(await page.getByTestId("pickup-status").textContent()).toBe("已签收")
    await page.getByTestId("pickup-confirm").click({ force: true })
    await toast(page, "已签收状态的快递不能取件").waitFor()
    await shot(page, "09-pickup-rescan")

    expect(staff.errors).toEqual([])
    expect(student.errors).toEqual([])
  }, 120_000)
})
