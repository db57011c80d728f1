/**
 * The personal pick-up QR and the follow gift in chromium at 390×844: the student opens 我的取件码 on home (its image,
 * read by zbarimg as the staff's scanner reads it, and the warning not to forward it); staff scan it on /takepart,
 * see the student's two parcels, pick one and hand it over, the other staying listed. The student opens the gift
 * page; staff scan its QR and confirm; the student's page turns 已兑换 live.
 */
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { messages } from "#src/parcel/person-qr"
import { scanQrImage } from "../support/qr-scan"
import { checkInPayload } from "../support/test-app"
import { browserAvailable, POLL, scanInto, shot, startHarness, toast, type Harness } from "./harness"

const run = browserAvailable()

const phoneSized = async (h: Harness) => {
  const phone = await h.phone()
  await phone.page.setViewportSize({ width: 390, height: 844 })
  return phone
}

/** What the staff's scanner reads off a QR image on the page. */
const readQr = async (page: Page, testId: string): Promise<string> => scanQrImage((await page.getByTestId(testId).getAttribute("src")) ?? "")

describe.skipIf(!run)("personal pick-up QR and follow gift in chromium", () => {
  let h: Harness
  let studentToken: string
  let staffToken: string
  beforeAll(async () => {
    h = await startHarness()
    ;[studentToken, staffToken] = await Promise.all([h.token("demo-student"), h.token("demo-staff")])
  })
  afterAll(async () => {
    await h?.close()
  })

  it("staff scan the student's personal QR, see both parcels and hand one over", async () => {
    const expressNos = ["SFQR0000000001", "SFQR0000000002"]
    for (const expressNo of expressNos) {
      const r = await h.api<{ success: boolean }>("/api/expressTosend", staffToken, {
        method: "POST", body: JSON.stringify(checkInPayload({ expressNo, receiverPhone: "13800000001", receiver: "李明" }))
      })
      expect(r.success, JSON.stringify(r)).toBe(true)
    }

    const student = await phoneSized(h)
    await student.page.goto(`${h.url}/home/${encodeURIComponent(studentToken)}`)
    await student.page.getByTestId("home-pickup-qr").click()
    await student.page.getByTestId("home-pickup-qr-image").waitFor()
    expect(await student.page.getByTestId("home-pickup-qr-warning").textContent()).toBe(messages.forwardWarning)
    await student.page.waitForTimeout(400)
    await shot(student.page, "pq-01-home-personal-qr")
    const content = await readQr(student.page, "home-pickup-qr-image")
    expect(JSON.parse(content)).toMatchObject({ k: "p", uid: "u-student", ph: "13800000001" })

    const staff = await phoneSized(h)
    await staff.page.goto(`${h.url}/takepart/${encodeURIComponent(staffToken)}`)
    await scanInto(staff.page, "pickup-scan", content)
    const items = staff.page.getByTestId("pickup-person-parcel")
    await expect.poll(() => items.count(), POLL).toBe(2)
    expect(await staff.page.getByTestId("pickup-person").textContent()).toContain("李明")
    // two may leave: none is picked until the staff tap one
    expect(await staff.page.getByTestId("pickup-confirm").getAttribute("aria-disabled")).toBe("true")
    await items.filter({ hasText: expressNos[0]! }).click()
    await expect.poll(() => staff.page.getByTestId("pickup-tag").getAttribute("data-can-takeaway"), POLL).toBe("true")
    await shot(staff.page, "pq-02-takepart-person-list")
    await staff.page.getByTestId("pickup-confirm").click()
    await toast(staff.page, "确认取件成功").waitFor()
    await expect.poll(() => items.count(), POLL).toBe(1)
    expect(await items.first().textContent()).toContain(expressNos[1])
    await shot(staff.page, "pq-03-takepart-one-left")

    const rows = await h.runtime.db.selectFrom("parcel").select(["express_no", "status"]).where("express_no", "in", expressNos).orderBy("express_no").execute()
    expect(rows).toEqual([{ express_no: expressNos[0], status: 100 }, { express_no: expressNos[1], status: 0 }])
    expect(student.errors).toEqual([])
    expect(staff.errors).toEqual([])
  }, 120_000)

  it("staff redeem the student's follow gift and the student's page turns 已兑换 live", async () => {
    const student = await phoneSized(h)
    await student.page.goto(`${h.url}/subscribeActive/${encodeURIComponent(studentToken)}`)
    await student.page.getByTestId("gift-qr").waitFor()
    expect(await student.page.getByTestId("gift-status").textContent()).toBe("未兑换")
    expect(await student.page.getByTestId("gift-nickname").textContent()).toBe("李明")
    expect(await student.page.getByTestId("gift-phone").textContent()).toBe("13800000001")
    await shot(student.page, "pq-04-gift-open")
    const qr = await readQr(student.page, "gift-qr")
    expect(JSON.parse(qr)).toMatchObject({ k: "g" })
    expect(qr).not.toContain("13800000001")

    const staff = await phoneSized(h)
    await staff.page.goto(`${h.url}/takepart/${encodeURIComponent(staffToken)}`)
    await scanInto(staff.page, "pickup-scan", qr)
    await staff.page.getByText("确认已将关注礼品交给用户？").waitFor()
    await staff.page.getByRole("button", { name: "确定", exact: true }).click()
    await toast(staff.page, "兑换成功").waitFor()

    await expect.poll(() => student.page.getByTestId("gift-status").textContent(), POLL).toBe("已兑换")
    await shot(student.page, "pq-05-gift-redeemed")

    // the same QR again is refused
    await toast(staff.page, "兑换成功").waitFor({ state: "hidden" })
    await scanInto(staff.page, "pickup-scan", qr)
    await staff.page.getByRole("button", { name: "确定", exact: true }).click()
    await toast(staff.page, "该礼品已兑换").waitFor()
    expect(student.errors).toEqual([])
    expect(staff.errors).toEqual([])
  }, 120_000)
})
