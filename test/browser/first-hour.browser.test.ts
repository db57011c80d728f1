/**
 * A first hour without surprises (issue 21, items 5, 6, 7, 10), in chromium at 390×844 over the demo rows of every
 * flow: 待退回 on a parcel due for return; one amount in one format on two screens; 资金明细 with money only, the
 * student's pay-ins as paid-out lines and the runner's income with its order number; the 校园跑腿 tile, the 客服 tab
 * without a dot, 返回首页 keeping the session, no toast over the verification form, the phones labelled; a parcel's
 * detail page with its timeline, reached from its card.
 */
import { randomUUID } from "node:crypto"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Exit } from "effect"
import { actorByOpenid } from "#adapters/ops/actors"
import { createUser } from "#adapters/postgres/seed"
import { returnParcel } from "#src/parcel/returns"
import { DEMO_FLOWS, seedFlowsDemo } from "#adapters/postgres/seed-flows"
import { browserAvailable, POLL, shot, startHarness, type Harness } from "./harness"

const run = browserAvailable()

const phoneSized = async (h: Harness) => {
  const phone = await h.phone()
  await phone.page.setViewportSize({ width: 390, height: 844 })
  return phone
}

const cardOf = (page: Page, id: string) => page.locator(`[data-testid=parcel-card][data-id="${id}"]`)
const amountIn = (text: string | null) => /¥(\d+\.\d+)/.exec(text ?? "")?.[1]

describe.skipIf(!run)("a first hour without surprises", () => {
  let h: Harness
  let student: string
  beforeAll(async () => {
    h = await startHarness()
    expect(await seedFlowsDemo(h.runtime.db)).toBe(true)
    student = encodeURIComponent(await h.token("demo-student"))
  }, 60_000)
  afterAll(async () => { await h?.close() })

  it("待退送 says 待退回, and the fee due shows as ¥0.50 on the parcel card and on the payment page alike", async ({ onTestFailed }) => {
    const { page, errors } = await phoneSized(h)
    onTestFailed(() => shot(page, `FAILED-fh-words-${Date.now()}`))
    await page.goto(`${h.url}/expressTotakeList/toreturn/${student}`)
    const due = cardOf(page, DEMO_FLOWS.dueForReturnParcel)
    await due.waitFor()
    expect(await due.getByTestId("parcel-status").textContent()).toBe("待退回")
    expect(await due.textContent()).not.toContain("待支付保管费")
    expect(await due.getByTestId("parcel-fee").textContent()).toContain("超过3天未取，待退回")
    await shot(page, "fh-01-to-return")

    await page.goto(`${h.url}/expressTotakeList/ing/${student}`)
    const feeDue = cardOf(page, DEMO_FLOWS.feeDueParcel)
    await feeDue.waitFor()
    const onCard = amountIn(await feeDue.getByTestId("parcel-fee").textContent())
    await shot(page, "fh-02-fee-on-card")
    await page.goto(`${h.url}/safekeepFeeToPay/${DEMO_FLOWS.feeDueParcel}/${student}`)
    await expect.poll(() => page.getByTestId("safekeep-fee").textContent(), POLL).toMatch(/¥/)
    const onPayPage = amountIn(await page.getByTestId("safekeep-fee").textContent())
    await shot(page, "fh-03-fee-on-pay-page")
    expect(onCard).toBe("0.50")
    expect(onPayPage).toBe(onCard)
    expect(errors).toEqual([])
  }, 60_000)

  it("资金明细: money only, the pay-ins as paid-out lines with their order numbers (the wallet untouched), the runner's income with its order number", async ({ onTestFailed }) => {
    const { page, errors } = await phoneSized(h)
    onTestFailed(() => shot(page, `FAILED-fh-money-${Date.now()}`))
    await page.goto(`${h.url}/moneyDetail/0/${student}`)
    await page.getByTestId("money-record").first().waitFor()
    const rows = await page.getByTestId("money-record").allTextContents()
    expect(rows.some((r) => r.includes("支付保管费（YDDEMO0003）") && r.includes("-0.50"))).toBe(true)
    expect(rows.some((r) => r.includes("支付跑腿费（PTDEMO0002）") && r.includes("-2.40"))).toBe(true)
    expect(rows.some((r) => r.includes("积分"))).toBe(false)
    expect(rows.every((r) => /[+-]\d+\.\d\d/.test(r))).toBe(true)
    await shot(page, "fh-04-money-detail-student")
    const wallet = await h.api<{ data: { money: number } }>("/api/user/wxuserInfo", decodeURIComponent(student))
    expect(wallet.data.money).toBe(50_000)

    const runner = encodeURIComponent(await h.token("demo-runner"))
    await page.goto(`${h.url}/moneyDetail/0/${runner}`)
    await page.getByTestId("money-record").first().waitFor()
    const income = (await page.getByTestId("money-record").allTextContents()).filter((r) => r.includes("跑腿收入"))
    expect(income.length).toBeGreaterThan(0)
    expect(income.every((r) => /跑腿收入（PT\w+）/.test(r))).toBe(true)
    await shot(page, "fh-05-money-detail-runner")
    expect(errors).toEqual([])
  }, 60_000)

  it("dead ends: the errand tile, no dot on 客服 which leads to the help page, labelled phones, 返回首页 keeping the session", async ({ onTestFailed }) => {
    const { page, errors } = await phoneSized(h)
    onTestFailed(() => shot(page, `FAILED-fh-dead-ends-${Date.now()}`))
    await page.goto(`${h.url}/my/${student}`)
    await page.getByTestId("me-errand").waitFor()
    expect(await page.getByTestId("me-errand").getAttribute("href")).toBe(`/paotuiApply/${student}`)
    expect(await page.getByTestId("me-runner-status").textContent()).toBe("未申请")
    expect(await page.getByTestId("footer-tabs").locator(".adm-badge").count()).toBe(0)
    await expect.poll(() => page.getByTestId("me-worksite-phone").textContent(), POLL).toContain("营业时间 08:00–21:00")
    expect(await page.getByTestId("me-worksite-phone").textContent()).toContain("驿站电话")
    expect(await page.getByTestId("me-worksite-phone").textContent()).toContain("020-84110001")
    expect(await page.getByTestId("me-platform-phone").textContent()).toContain("平台客服")
    expect(await page.getByTestId("me-platform-phone").textContent()).toContain("驿站营业时间外请拨打")
    await shot(page, "fh-06-me")
    await page.getByTestId("tab-serviceHelp").click()
    await page.waitForURL((u) => u.pathname === `/serviceHelp/${student}`)
    await page.getByTestId("service-faq").waitFor()
    await shot(page, "fh-07-service-help")

    const runner = encodeURIComponent(await h.token("demo-runner"))
    await page.goto(`${h.url}/my/${runner}`)
    await page.getByTestId("me-errand").waitFor()
    expect(await page.getByTestId("me-errand").getAttribute("href")).toBe(`/robbing/${runner}`)

    await page.goto(`${h.url}/expressTotakeList/ing/${student}`)
    await expect.poll(() => page.getByTestId("parcels-station-phone").textContent(), POLL).toBe("驿站电话 020-84110001（08:00–21:00）")

    await page.goto(`${h.url}/no-such-page`)
    await page.getByTestId("not-found-home").click()
    await page.waitForURL((u) => u.pathname === `/home/${student}`)
    await page.getByTestId("home-collect").waitFor()

    const stranger = await phoneSized(h)
    await stranger.page.goto(`${h.url}/no-such-page`)
    await stranger.page.getByTestId("not-found-home").click()
    await stranger.page.waitForURL((u) => u.pathname === "/")
    expect(errors).toEqual([])
  }, 60_000)

  it("the verification form opens without a toast over it; /paotuiApply fits the screen", async ({ onTestFailed }) => {
    const { page, errors } = await phoneSized(h)
    onTestFailed(() => shot(page, `FAILED-fh-verify-${Date.now()}`))
    const openid = `fh-${randomUUID()}`
    await h.fixture((db, at) => createUser(db, { id: `u-${openid}`, openid, nickname: "新同学", phone_main: "13600000021", worksite_id: "ws-xiyuan", role: "student", sex: 1 }, {}, at))
    const token = encodeURIComponent(await h.token(openid))
    await page.goto(`${h.url}/expressTotakein/${token}`)
    await page.waitForURL((u) => u.pathname.startsWith("/authApply/"))
    await page.getByTestId("auth-tip").waitFor()
    await page.waitForTimeout(400)
    expect(await page.locator(".adm-toast-main").count()).toBe(0)
    await shot(page, "fh-08-verify-no-toast")

    await page.goto(`${h.url}/paotuiApply/${token}`)
    await page.locator(".runner-steps").waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await shot(page, "fh-09-paotui-apply")
    expect(errors).toEqual([])
  }, 60_000)

  it("a parcel's detail with its timeline, from its card: checked in, fee paid, picked up by whom; due for return; returned from the log", async ({ onTestFailed }) => {
    const { page, errors } = await phoneSized(h)
    onTestFailed(() => shot(page, `FAILED-fh-timeline-${Date.now()}`))
    await page.goto(`${h.url}/expressTotakeList/complete/${student}`)
    await cardOf(page, DEMO_FLOWS.pickedUpParcel).getByTestId("parcel-timeline-link").click()
    await page.waitForURL((u) => u.pathname === `/expressTimeline/${DEMO_FLOWS.pickedUpParcel}/${student}`)
    await page.getByTestId("parcel-step").first().waitFor()
    const titles = async () => (await page.getByTestId("parcel-step").locator(".adm-step-title").allTextContents())
    // newest first on the page
    expect(await titles()).toEqual(["本人已取件", "已支付保管费", "已入库"])
    expect(await page.getByTestId("parcel-timeline").textContent()).toContain("¥0.50")
    expect(await page.getByTestId("parcel-timeline").textContent()).toContain("取件码 D-9903")
    await shot(page, "fh-10-timeline-picked-up")

    await page.goto(`${h.url}/expressTimeline/${DEMO_FLOWS.dueForReturnParcel}/${student}`)
    await page.getByTestId("parcel-step").first().waitFor()
    expect(await titles()).toEqual(["超过3天未取，待退回", "已入库"])

    // the station scans it out for its return
    const staff = (await actorByOpenid(h.runtime.db, "demo-staff"))!
    const returned = await h.runtime.run(returnParcel(staff, { _id: DEMO_FLOWS.dueForReturnParcel, expressNo: "YTDEMO0002" }))
    expect(Exit.isSuccess(returned), String(returned)).toBe(true)
    await page.reload()
    await page.getByTestId("parcel-step").first().waitFor()
    expect(await titles()).toEqual(["已退回", "超过3天未取，待退回", "已入库"])
    expect(await page.getByTestId("parcel-timeline-status").textContent()).toBe("已退回")
    await shot(page, "fh-11-timeline-returned")

    // someone else's parcel: not found, as for the parcel itself
    const runner = await h.token("demo-runner")
    const other = await h.api<{ success: boolean; message: string }>(`/api/expressTosend/timeline/${DEMO_FLOWS.pickedUpParcel}`, runner)
    expect(other).toMatchObject({ success: false })
    expect(errors).toEqual([])
  }, 60_000)

  it("the demo rows show every flow: the errands in each state under 我的发布, the send order awaiting its freight", async ({ onTestFailed }) => {
    const { page } = await phoneSized(h)
    onTestFailed(() => shot(page, `FAILED-fh-seed-${Date.now()}`))
    await page.goto(`${h.url}/robbingList/1/ing/${student}`)
    await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined)
    await shot(page, "fh-12-my-errands")
    await page.goto(`${h.url}/expressSendList/ing/${student}`)
    await expect.poll(() => page.locator("body").textContent(), POLL).toContain("待支付运费")
    await shot(page, "fh-13-send-awaiting-freight")
  }, 60_000)
})
