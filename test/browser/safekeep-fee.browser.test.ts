/** A parcel over 48 h: its page shows the fee and hides the code; paid in the simulated sheet, the code shows, live on a second page too. */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { actorByOpenid } from "#adapters/ops/actors"
import { checkIn } from "#src/parcel/use-cases"
import { paySafekeeping } from "#src/payment/safekeeping"
import { paySignFor } from "#src/payment/use-cases"
import { settleNotice } from "#src/settlement/settlements"
import { jsonNotice } from "#src/payment/pay-in"
import { browserAvailable, POLL, shot, startHarness, toast, type Harness } from "./harness"
import { Exit } from "effect"

const run = browserAvailable()

describe.skipIf(!run)("safekeeping fee: pay with the simulated provider, then the code shows", () => {
  let h: Harness
  beforeAll(async () => { h = await startHarness() }, 60_000)
  afterAll(async () => { await h?.close() })

  it("shows ¥0.50 and no code, pays in the sheet, then shows the code here and live on another page", async ({ onTestFailed }) => {
    const staff = (await actorByOpenid(h.runtime.db, "demo-staff"))!
    const exit = await h.runtime.run(checkIn(staff, {
      worksite: "ws-xiyuan", expressCompany: "ec-sf", storageNo: "B-07", expressNo: "SF-FEE-1", weight: "wf-1", receiverPhone: "13800000001"
    }), { now: new Date(Date.now() - 50 * 3_600_000) })
    if (!Exit.isSuccess(exit)) throw new Error("check-in failed")
    const { parcel, code } = exit.value

    const token = await h.token("demo-student")
    const url = `${h.url}/safekeepFeeToPay/${parcel.id}/${encodeURIComponent(token)}`
    const { page, errors } = await h.phone()
    const other = await h.phone()
    onTestFailed(() => shot(page, `FAILED-safekeep-${Date.now()}`))
    await Promise.all([page.goto(url), other.page.goto(url)])

    await expect.poll(() => page.getByTestId("safekeep-fee").textContent(), POLL).toBe("¥0.50")
    expect(await page.getByTestId("pickup-code").textContent()).toBe("支付后显示")
    expect(await page.getByText(code).count()).toBe(0)
    await expect.poll(() => other.page.getByTestId("pickup-code").textContent(), POLL).toBe("支付后显示")
    await shot(page, "60-safekeep-fee-due")

    await page.getByTestId("pay-fee").click()
    await page.getByTestId("pay-sheet").waitFor()
    expect(await page.locator(".pay-sheet__amount").textContent()).toBe("¥0.50")
    await shot(page, "61-safekeep-pay-sheet")
    await page.getByTestId("pay-confirm").click()
    await toast(page, "支付成功").waitFor()

    await expect.poll(() => page.getByTestId("pickup-code").textContent(), POLL).toBe(code)
    expect(await page.getByTestId("safekeep-fee").textContent()).toBe("已支付")
    await page.getByTestId("fee-paid").waitFor()
    await shot(page, "62-safekeep-paid-code")
    // the other page never reloaded: the live event brought the code
    await expect.poll(() => other.page.getByTestId("pickup-code").textContent(), POLL).toBe(code)
    expect(await other.page.getByTestId("fee-paid").textContent()).toContain("保管费已支付")
    expect(await other.page.getByTestId("safekeep-fee").textContent()).toBe("已支付")
    await shot(other.page, "63-safekeep-paid-live")

    const row = await h.runtime.db.selectFrom("parcel").select("safekeep_paid").where("id", "=", parcel.id).executeTakeFirstOrThrow()
    expect(row.safekeep_paid).toBe(50)

    await page.getByTestId("fee-done").click()
    await page.getByTestId("pay-success").waitFor()
    await shot(page, "64-pay-success")
    await page.getByTestId("back-to-list").click()
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe(`/expressTotakeList/ing/${encodeURIComponent(token)}`)
    expect(errors).toEqual([])
    expect(other.errors).toEqual([])
  }, 120_000)

  it("the QR page links to the fee page and, like the list, shows the code live once the fee is paid elsewhere", async ({ onTestFailed }) => {
    const staff = (await actorByOpenid(h.runtime.db, "demo-staff"))!
    const student = (await actorByOpenid(h.runtime.db, "demo-student"))!
    const exit = await h.runtime.run(checkIn(staff, {
      worksite: "ws-xiyuan", expressCompany: "ec-sf", storageNo: "B-08", expressNo: "SF-FEE-QR", weight: "wf-1", receiverPhone: "13800000001"
    }), { now: new Date(Date.now() - 60 * 3_600_000) })
    if (!Exit.isSuccess(exit)) throw new Error("check-in failed")
    const { parcel, code } = exit.value

    const token = await h.token("demo-student")
    const { page, errors } = await h.phone()
    const list = await h.phone()
    onTestFailed(() => shot(page, `FAILED-safekeep-qr-${Date.now()}`))
    await Promise.all([
      page.goto(`${h.url}/expressQrcode/${parcel.id}/${encodeURIComponent(token)}`),
      list.page.goto(`${h.url}/expressTotakeList/ing/${encodeURIComponent(token)}`)
    ])
    await page.getByTestId("qr-fee").waitFor()
    expect(await page.getByTestId("qr-fee").textContent()).toMatch(/^保管费 ¥0\.50?，支付后显示取件码/)
    expect(await page.getByTestId("parcel-status").textContent()).toBe("待支付保管费")
    expect(await page.getByTestId("qr-image").count()).toBe(0)
    expect(await page.getByTestId("pickup-code").count()).toBe(0)
    expect(await page.locator("a", { has: page.getByTestId("qr-pay-fee") }).getAttribute("href"))
      .toBe(`/safekeepFeeToPay/${parcel.id}/${encodeURIComponent(token)}`)
    const card = list.page.locator(`[data-testid=parcel-card][data-id="${parcel.id}"]`)
    await expect.poll(() => card.getByTestId("parcel-fee").count(), POLL).toBe(1)
    await shot(page, "65-qr-fee-due")

    // paid on another device: prepay, the provider's sheet, the signed notice
    const paid = await h.runtime.run(paySafekeeping(student, parcel.id))
    if (!Exit.isSuccess(paid)) throw new Error("prepay failed")
    const sheet = await h.runtime.read(paySignFor(student, paid.value.prepayId))
    if (!Exit.isSuccess(sheet)) throw new Error("pay-sign failed")
    const notice = await h.runtime.paymentProvider.pay(sheet.value)
    if (!notice.ok) throw new Error(notice.reason)
    expect(Exit.isSuccess(await h.runtime.run(settleNotice(jsonNotice(notice.notice))))).toBe(true)

    // neither page reloaded: the live event brought the code and the QR
    await expect.poll(() => page.getByTestId("pickup-code").textContent(), POLL).toBe(code.replace(/-(\d{4})$/, "$1"))
    await page.getByTestId("qr-image").waitFor()
    expect(await page.getByTestId("qr-fee").count()).toBe(0)
    expect(await page.getByTestId("parcel-status").textContent()).not.toBe("待支付保管费")
    await shot(page, "66-qr-fee-paid-live")
    await expect.poll(() => card.getByTestId("parcel-code").textContent(), POLL).toBe(code)
    expect(await card.getByTestId("parcel-fee").count()).toBe(0)
    await shot(list.page, "67-list-fee-paid-live")
    expect(errors).toEqual([])
    expect(list.errors).toEqual([])
  }, 120_000)
})
