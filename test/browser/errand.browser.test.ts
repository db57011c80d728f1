/**
 * Errands in the browser: the door-delivery form from the parcel's QR page (checks in the spec's order,
 * the amount from the core, the remark counter, the discount banner, the full state), and the whole
 * errand: a student books and pays, a runner sees it arrive live, grabs it, collects it at the station
 * (staff scan the runner's QR), delivers; the student confirms and rates with a ¥2 tip (the runner's credit score moves).
 */
import { Exit } from "effect"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { actorByOpenid } from "#adapters/ops/actors"
import { checkIn } from "#src/parcel/use-cases"
import { browserAvailable, POLL, scanInto, shot, startHarness, toast, type Harness } from "./harness"

const run = browserAvailable()

/**
 * The demo campus's errand side (seed: 1号楼 without a lift, 研究生公寓 with a lift and its own lift small fee 250,
 * sub-categories 行李箱 and 自行车, the activity act-xy-door) with tiers set here (fen): tier one small 200, two 300,
 * lift middle 250; open all day so the test runs at any hour; the activity's discount, fixed price and daily limit.
 */
const setUpErrands = async (h: Harness, activity: { discount: number | null; countDaily: number | null; fee?: number }) => {
  const db = h.runtime.db
  await db.updateTable("errand_settings").set({
    lift_small_fee: 150, lift_middle_fee: 250, lift_big_fee: 400, small_fee_one: 200, small_fee_two: 300, middle_fee_one: 300, middle_fee_two: 400,
    big_fee_one: 500, big_fee_two: 600, paotui_order_last_time: "24:00",
    noon_door_service_begin: "12:00", noon_door_service_end: "14:00", pm_door_service_begin: "19:00", pm_door_service_end: "24:00"
  }).where("worksite_id", "=", "ws-xiyuan").executeTakeFirstOrThrow()
  await db.updateTable("errand_activity").set({ title: "新生优惠", discount: activity.discount, fee: activity.fee ?? null, count_daily: activity.countDaily, active: true })
    .where("id", "=", "act-xy-door").executeTakeFirstOrThrow()
}

const checkInParcel = async (h: Harness, expressNo: string, weight = "wf-1") => {
  const staff = (await actorByOpenid(h.runtime.db, "demo-staff"))!
  const exit = await h.runtime.run(checkIn(staff, {
    worksite: "ws-xiyuan", expressCompany: "ec-sf", storageNo: "C-01", expressNo, weight, receiverPhone: "13800000001"
  }))
  if (!Exit.isSuccess(exit)) throw new Error("check-in failed")
  return exit.value.parcel
}

const submitSays = async (page: Page, message: string) => {
  await page.getByTestId("door-submit").click()
  await toast(page, message).waitFor()
  await toast(page, message).waitFor({ state: "detached" })
}

const pick = (page: Page, testId: string, label: string) => page.getByTestId(testId).locator(".adm-selector-item", { hasText: label }).click()

describe.skipIf(!run)("errands in the browser", () => {
  let h: Harness
  beforeAll(async () => { h = await startHarness() }, 60_000)
  afterAll(async () => { await h?.close() })

  it("the door-delivery form: from the QR page, checks in the spec's order, the core's amount with the discount, the remark counter", async ({ onTestFailed }) => {
    await setUpErrands(h, { discount: 2, countDaily: 20 })
    const parcel = await checkInParcel(h, "SF-DOOR-FORM")
    const token = encodeURIComponent(await h.token("demo-student"))
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-errand-form-${Date.now()}`))
    await page.goto(`${h.url}/expressQrcode/${parcel.id}/${token}`)
    await page.getByTestId("qr-door-service").click()
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe(`/doorService/${parcel.id}/${token}`)

    await page.getByTestId("door-windows").waitFor()
    expect(await page.getByTestId("door-windows").textContent()).toBe("送货时段：12:00-14:00、19:00-24:00")
    expect(await page.getByTestId("door-activity").textContent()).toContain("新生优惠：跑腿费8折，每日限20单")
    expect(await page.getByTestId("door-cutoff").count()).toBe(0)
    // floors −1..30 without 0, each 'N楼'
    const floors = await page.getByTestId("door-floor").locator("option").allTextContents()
    expect(floors.slice(1)).toEqual([-1, ...Array.from({ length: 30 }, (_, i) => i + 1)].map((f) => `${f}楼`))
    await shot(page, "80-door-form-empty")

    await submitSays(page, "请选择物品类别")
    await pick(page, "door-class", "大件")
    await submitSays(page, "请选择大件分类")
    expect(await page.getByTestId("door-special").locator(".adm-selector-item").allTextContents()).toEqual(["行李箱", "自行车", "其他"])
    await pick(page, "door-class", "小件")
    await submitSays(page, "请选择大楼")
    await page.getByTestId("door-building").selectOption("b-xy-1")
    await submitSays(page, "请选择楼层")
    await page.getByTestId("door-floor").selectOption("3")
    // tier one small 200 fen, 8折 → ¥1.60 from the core's price
    await expect.poll(() => page.getByTestId("door-payable").textContent(), POLL).toBe("¥1.60")
    expect(await page.getByTestId("door-amount").textContent()).toContain("原价 ¥2.00，已优惠 ¥0.40")
    await page.getByTestId("door-floor").selectOption("5")
    await expect.poll(() => page.getByTestId("door-payable").textContent(), POLL).toBe("¥2.40")
    await page.getByTestId("door-building").selectOption("b-xy-3")
    // the lift building's own lift small fee (250) overrides the worksite's (150): ¥2.00
    await expect.poll(() => page.getByTestId("door-payable").textContent(), POLL).toBe("¥2.00")
    await submitSays(page, "请填入宿舍号码")
    await page.getByTestId("door-room").fill("502")
    await page.getByTestId("door-friend").click()
    await submitSays(page, "请输入代收朋友的姓名")
    await page.getByTestId("door-friend-name").fill("张三")
    await page.getByTestId("door-friend-phone").fill("1380000")
    await submitSays(page, "请输入代收朋友的正确电话")
    await page.getByTestId("door-friend").click()

    await page.locator("[data-testid=door-remark] textarea").fill("放门口".repeat(17))
    expect(await page.getByTestId("door-remark-counter").textContent()).toBe("51/50")
    expect(await page.getByTestId("door-remark-counter").getAttribute("class")).toContain("errand-counter--over")
    await submitSays(page, "备注不能超过50个字")
    await page.locator("[data-testid=door-remark] textarea").fill("放门口就好")
    expect(await page.getByTestId("door-remark-counter").textContent()).toBe("5/50")
    expect(await page.getByTestId("door-remark-counter").getAttribute("class")).not.toContain("errand-counter--over")
    expect(await page.getByTestId("door-submit").textContent()).toBe("支付 ¥2.00")
    await shot(page, "81-door-form-filled")
    expect(errors).toEqual([])
  }, 120_000)

  it("a heavy parcel (3-5kg, large) leaves only 大件 to choose; a 1-3kg one 中件 and 大件", async ({ onTestFailed }) => {
    await setUpErrands(h, { discount: 2, countDaily: 20 })
    const token = encodeURIComponent(await h.token("demo-student"))
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-errand-size-${Date.now()}`))
    const classes = async () => Object.fromEntries(await page.getByTestId("door-class").locator(".adm-selector-item").evaluateAll((items) =>
      items.map((i) => [i.textContent, i.classList.contains("adm-selector-item-disabled")])))
    const large = await checkInParcel(h, "SF-DOOR-LARGE", "wf-3")
    await page.goto(`${h.url}/doorService/${large.id}/${token}`)
    await page.getByTestId("door-class").waitFor()
    expect(await classes()).toEqual({ 小件: true, 中件: true, 大件: false })
    await pick(page, "door-class", "小件")
    await page.getByTestId("door-special").waitFor({ state: "detached" })
    await shot(page, "80b-door-form-large-parcel")
    const medium = await checkInParcel(h, "SF-DOOR-MEDIUM", "wf-2")
    await page.goto(`${h.url}/doorService/${medium.id}/${token}`)
    await page.getByTestId("door-class").waitFor()
    expect(await classes()).toEqual({ 小件: true, 中件: false, 大件: false })
    expect(errors).toEqual([])
  }, 60_000)

  it("the form's full state ('今日已约满') and the day's cut-off", async ({ onTestFailed }) => {
    await setUpErrands(h, { discount: 2, countDaily: 0 })
    const parcel = await checkInParcel(h, "SF-DOOR-FULL")
    const token = encodeURIComponent(await h.token("demo-student"))
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-errand-full-${Date.now()}`))
    await page.goto(`${h.url}/doorService/${parcel.id}/${token}`)
    await page.getByTestId("door-full").waitFor()
    expect(await page.getByTestId("door-full").textContent()).toBe("今日已约满")
    expect(await page.getByTestId("door-submit").count()).toBe(0)
    expect(await page.getByTestId("door-activity").textContent()).toContain("今日已约满")
    await shot(page, "82-door-form-full")

    // past the day's cut-off (00:00 here, so at any hour): the notice, and submit says it once the form is complete
    await setUpErrands(h, { discount: 2, countDaily: 20 })
    await h.runtime.db.updateTable("errand_settings").set({ paotui_order_last_time: "00:00" }).where("worksite_id", "=", "ws-xiyuan").execute()
    await page.reload()
    const cutoff = "今日跑腿下单已于00:00截止，请预约明天的送货上门服务"
    await page.getByTestId("door-cutoff").waitFor()
    expect(await page.getByTestId("door-cutoff").textContent()).toContain(cutoff)
    await pick(page, "door-class", "小件")
    await page.getByTestId("door-building").selectOption("b-xy-1")
    await page.getByTestId("door-floor").selectOption("-1")
    await page.getByTestId("door-room").fill("B01")
    await expect.poll(() => page.getByTestId("door-payable").textContent(), POLL).toBe("¥1.60")
    await submitSays(page, cutoff)
    await shot(page, "82b-door-form-cutoff")
    await h.runtime.db.updateTable("errand_settings").set({ paotui_order_last_time: "24:00" }).where("worksite_id", "=", "ws-xiyuan").execute()
    expect(errors).toEqual([])
  }, 60_000)

  it("the whole errand: a student books and pays, a runner sees it live, grabs, collects at the station, delivers; the student confirms and rates with a tip; the credit score changes", async ({ onTestFailed }) => {
    await setUpErrands(h, { discount: 2, countDaily: 20 })
    const parcel = await checkInParcel(h, "SF-DOOR-E2E")
    const studentToken = await h.token("demo-student")
    const runnerToken = await h.token("demo-runner")
    const staffToken = await h.token("demo-staff")
    const student = await h.phone()
    const runner = await h.phone()
    const staff = await h.phone()
    onTestFailed(async () => {
      const at = Date.now()
      await shot(student.page, `FAILED-errand-student-${at}`)
      await shot(runner.page, `FAILED-errand-runner-${at}`)
      await shot(staff.page, `FAILED-errand-staff-${at}`)
    })
    const s = encodeURIComponent(studentToken)
    const r = encodeURIComponent(runnerToken)

    // the runner waits in the hall, on two phones; it is empty
    const second = await h.phone()
    await runner.page.goto(`${h.url}/robbing/${r}`)
    await second.page.goto(`${h.url}/robbing/${r}`)
    await runner.page.getByTestId("hall-empty").waitFor()
    await second.page.getByTestId("hall-empty").waitFor()
    await shot(runner.page, "83-hall-empty")

    // the student books door delivery from the parcel's QR page
    await student.page.goto(`${h.url}/expressQrcode/${parcel.id}/${s}`)
    await student.page.getByTestId("qr-door-service").click()
    await student.page.getByTestId("door-windows").waitFor()
    await pick(student.page, "door-class", "小件")
    await student.page.getByTestId("door-building").selectOption("b-xy-1")
    await student.page.getByTestId("door-floor").selectOption("3")
    await student.page.getByTestId("door-room").fill("302")
    await student.page.locator("[data-testid=door-remark] textarea").fill("放门口就好")
    await expect.poll(() => student.page.getByTestId("door-payable").textContent(), POLL).toBe("¥1.60")
    await student.page.getByTestId("door-submit").click()
    await student.page.getByTestId("pay-sheet").waitFor()
    expect(await student.page.locator(".pay-sheet__amount").textContent()).toBe("¥1.60")
    await shot(student.page, "84-door-pay-sheet")
    await student.page.getByTestId("pay-confirm").click()
    await expect.poll(() => new URL(student.page.url()).pathname.startsWith("/orderSuccess/"), POLL).toBe(true)
    expect(new URL(student.page.url()).pathname.endsWith(`/${s}`)).toBe(true)
    const status = student.page.getByTestId("order-status")
    await expect.poll(() => status.textContent(), POLL).toBe("待接单")
    expect(await student.page.getByTestId("order-fee").textContent()).toBe("¥1.60")
    await toast(student.page, "支付成功").waitFor({ state: "detached" })
    await shot(student.page, "85-order-success-paid")
    const order = await h.runtime.db.selectFrom("errand_order").selectAll().where("to_take_id", "=", parcel.id).executeTakeFirstOrThrow()
    expect(order).toMatchObject({ status: 0, fee: 200, pay_fee: 160, paid: 160 })

    // both halls show it without a reload, and the runner grabs it on the first
    const card = runner.page.locator(`[data-testid=errand-order][data-order-no="${order.order_no}"]`)
    await card.waitFor({ timeout: 15_000 })
    await second.page.locator(`[data-testid=errand-order][data-order-no="${order.order_no}"]`).waitFor({ timeout: 15_000 })
    expect(await card.getByTestId("order-place").textContent()).toBe("1号楼 3楼 302")
    await shot(runner.page, "86-hall-live-order")
    await card.getByTestId("hall-grab").click()
    await toast(runner.page, "接单成功").waitFor()
    await toast(runner.page, "接单成功").waitFor({ state: "detached" })
    await card.waitFor({ state: "detached" })
    // the other hall drops the taken order live too
    const elsewhere = second.page.locator(`[data-testid=errand-order][data-order-no="${order.order_no}"]`)
    await elsewhere.waitFor({ state: "detached", timeout: 15_000 })
    await second.page.getByTestId("hall-empty").waitFor()
    // the student's page hears of it
    await expect.poll(() => status.textContent(), POLL).toBe("已接单")
    expect(await student.page.getByTestId("order-runner").textContent()).toContain("王强")
    await shot(student.page, "87-student-accepted-live")

    // the runner's list: the order with its pickup QR; staff scan it at the station
    await runner.page.goto(`${h.url}/robbingList/2/ing/${r}`)
    const mine = runner.page.locator(`[data-testid=errand-order][data-order-no="${order.order_no}"]`)
    await mine.waitFor()
    await mine.getByTestId("order-qrcode").click()
    await runner.page.getByTestId("runner-qr-image").waitFor()
    await shot(runner.page, "88-runner-qr")
    const qr = await runner.page.getByTestId("runner-qr").getAttribute("data-content")
    expect(JSON.parse(qr ?? "{}")).toMatchObject({ poid: "demo-runner", en: "SF-DOOR-E2E" })
    await runner.page.getByTestId("runner-qr-close").click()

    await staff.page.goto(`${h.url}/takepart/${encodeURIComponent(staffToken)}`)
    await scanInto(staff.page, "pickup-scan", qr!)
    await expect.poll(() => staff.page.getByTestId("pickup-tag").getAttribute("data-can-takeaway"), POLL).toBe("true")
    await shot(staff.page, "89-staff-scans-runner-qr")
    await staff.page.getByTestId("pickup-confirm").click()
    await toast(staff.page, "确认取件成功").waitFor()

    // collected: the runner's list and the student's page move on live
    await expect.poll(() => mine.getByTestId("order-status").textContent(), POLL).toBe("已取件")
    await expect.poll(() => status.textContent(), POLL).toBe("已取件")
    await shot(runner.page, "90-runner-collected")

    // delivered
    await mine.getByTestId("order-delivered").click()
    await runner.page.locator(".adm-dialog-button", { hasText: "确定" }).click()
    await toast(runner.page, "已送达").waitFor()
    await toast(runner.page, "已送达").waitFor({ state: "detached" })
    await expect.poll(() => mine.getByTestId("order-status").textContent(), POLL).toBe("已送达")
    await expect.poll(() => status.textContent(), POLL).toBe("已送达")
    expect(await student.page.getByTestId("order-place").textContent()).toBe("1号楼 3楼 302")
    await student.page.getByTestId("order-progress").waitFor()
    await shot(student.page, "91-student-delivered-live")

    // the student confirms receipt; the order is done and waits for a rating
    await student.page.getByTestId("order-confirm").click()
    await student.page.locator(".adm-dialog-button", { hasText: "确定" }).click()
    await toast(student.page, "已确认收货").waitFor()
    await toast(student.page, "已确认收货").waitFor({ state: "detached" })
    await expect.poll(() => status.textContent(), POLL).toBe("已完成")
    await student.page.getByTestId("order-rate").waitFor()
    await shot(student.page, "92-student-completed")
    const done = await h.runtime.db.selectFrom("errand_order").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow()
    expect(done).toMatchObject({ status: 100, runner_income: 160, to_comment: true })
    const parcelRow = await h.runtime.db.selectFrom("parcel").select("status").where("id", "=", parcel.id).executeTakeFirstOrThrow()
    expect(parcelRow.status).toBe(100)

    // /my shows the pending-rating dot; '待评价' leads to the finished orders, where the student rates with a ¥2 tip
    await student.page.goto(`${h.url}/my/${s}`)
    await student.page.locator("[data-testid=me-to-rate-dot].adm-badge-dot").waitFor()
    await shot(student.page, "93-my-rating-dot")
    await student.page.getByTestId("me-to-rate").click()
    await expect.poll(() => new URL(student.page.url()).pathname, POLL).toBe(`/robbingList/1/complete/${s}`)
    const finished = student.page.locator(`[data-testid=errand-order][data-order-no="${order.order_no}"]`)
    await finished.getByTestId("order-rate").click()
    await student.page.getByTestId("rating-form").waitFor()
    expect(await student.page.getByTestId("rating-runner").textContent()).toBe("王强")
    const creditBefore = (await h.runtime.db.selectFrom("app_user").select("credit_score").where("openid", "=", "demo-runner").executeTakeFirstOrThrow()).credit_score
    await student.page.getByTestId("rating-star-5").click()
    await expect.poll(() => student.page.locator(".rating__score").textContent(), POLL).toBe("5星")
    await student.page.getByTestId("rating-tag-1").click()
    await student.page.getByTestId("rating-tip").locator(".adm-selector-item", { hasText: "2.00元" }).click()
    await shot(student.page, "94-rating-form")
    await student.page.getByTestId("rating-submit").click()
    await student.page.getByTestId("pay-sheet").waitFor()
    await student.page.getByTestId("pay-confirm").click()
    await toast(student.page, "评论成功").waitFor()
    await expect.poll(() => new URL(student.page.url()).pathname, POLL).toBe(`/robbingList/1/complete/${s}`)
    await expect.poll(() => finished.getByTestId("order-rate").count(), POLL).toBe(0)
    const comment = await h.runtime.db.selectFrom("errand_comment").selectAll().where("order_id", "=", order.id).executeTakeFirstOrThrow()
    expect(comment).toMatchObject({ score: 5, reward_money: 200, accept_openid: "demo-runner" })
    const creditAfter = (await h.runtime.db.selectFrom("app_user").select("credit_score").where("openid", "=", "demo-runner").executeTakeFirstOrThrow()).credit_score
    expect(creditAfter).toBe(Math.min(100, creditBefore + 2))
    await student.page.goto(`${h.url}/my/${s}`)
    await student.page.getByTestId("me-to-rate").waitFor()
    await expect.poll(() => student.page.locator("[data-testid=me-to-rate-dot].adm-badge-dot").count(), POLL).toBe(0)
    await shot(student.page, "95-my-rated")

    expect(student.errors).toEqual([])
    expect(runner.errors).toEqual([])
    expect(staff.errors).toEqual([])
    expect(second.errors).toEqual([])
  }, 180_000)

  it("an order left unpaid is paid from its page with the prepay id its page carries (spec 001 §7), without a new prepay", async ({ onTestFailed }) => {
    await setUpErrands(h, { discount: 2, countDaily: 20 })
    const parcel = await checkInParcel(h, "SF-DOOR-PAY-LATER")
    const s = encodeURIComponent(await h.token("demo-student"))
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-errand-pay-later-${Date.now()}`))
    await page.goto(`${h.url}/doorService/${parcel.id}/${s}`)
    await page.getByTestId("door-windows").waitFor()
    await pick(page, "door-class", "小件")
    await page.getByTestId("door-building").selectOption("b-xy-1")
    await page.getByTestId("door-floor").selectOption("3")
    await page.getByTestId("door-room").fill("303")
    await page.getByTestId("door-submit").click()
    // the sheet is put away: the order waits unpaid on its page
    await page.getByTestId("pay-sheet").waitFor()
    await page.locator(".adm-dialog-button", { hasText: "取消" }).click()
    await expect.poll(() => new URL(page.url()).pathname.startsWith("/orderSuccess/"), POLL).toBe(true)
    await expect.poll(() => page.getByTestId("order-status").textContent(), POLL).toBe("待支付")
    const order = await h.runtime.db.selectFrom("errand_order").selectAll().where("to_take_id", "=", parcel.id).executeTakeFirstOrThrow()
    expect(order).toMatchObject({ status: -1, pay_fee: 160, paid: 0 })

    const calls: Array<string> = []
    page.on("request", (req) => { if (req.url().includes("/api/")) calls.push(new URL(req.url()).pathname) })
    await page.getByTestId("order-pay").click()
    await page.getByTestId("pay-sheet").waitFor()
    expect(await page.locator(".pay-sheet__amount").textContent()).toBe("¥1.60")
    await page.getByTestId("pay-confirm").click()
    await toast(page, "支付成功").waitFor()
    await expect.poll(() => page.getByTestId("order-status").textContent(), POLL).toBe("待接单")
    // signed with the order's own prepay: no prepay call, the same trade paid
    expect(calls.filter((c) => c.startsWith("/api/paotuiOrder/prepay/"))).toEqual([])
    expect(calls).toContain("/api/wx/paysign")
    expect(await h.runtime.db.selectFrom("errand_order").select(["status", "paid", "prepay_id"]).where("id", "=", order.id).executeTakeFirstOrThrow())
      .toEqual({ status: 0, paid: 160, prepay_id: order.prepay_id })
    await toast(page, "支付成功").waitFor({ state: "detached" })
    await shot(page, "85b-order-paid-from-its-page")
    expect(errors).toEqual([])
  }, 120_000)

  it("free orders skip payment; the hall refuses a taken order with '接单失败'; a runner gives one up; the requester cancels; a leader signs; non-runners go to the application", async ({ onTestFailed }) => {
    // a fixed-price activity of ¥0: the amount is 0 and no payment sheet opens
    await setUpErrands(h, { discount: null, countDaily: null, fee: 0 })
    const studentToken = encodeURIComponent(await h.token("demo-student"))
    const runnerToken = encodeURIComponent(await h.token("demo-runner"))
    const student = await h.phone()
    const runner = await h.phone()
    onTestFailed(async () => {
      const at = Date.now()
      await shot(student.page, `FAILED-errand2-student-${at}`)
      await shot(runner.page, `FAILED-errand2-runner-${at}`)
    })

    // not a runner: the hall and the accepted list lead to the runner application
    await student.page.goto(`${h.url}/robbing/${studentToken}`)
    await expect.poll(() => new URL(student.page.url()).pathname, POLL).toBe(`/paotuiApply/${studentToken}`)
    await student.page.goto(`${h.url}/robbingList/2/ing/${studentToken}`)
    await expect.poll(() => new URL(student.page.url()).pathname, POLL).toBe(`/paotuiApply/${studentToken}`)

    const book = async (expressNo: string, room: string) => {
      const parcel = await checkInParcel(h, expressNo)
      await student.page.goto(`${h.url}/doorService/${parcel.id}/${studentToken}`)
      await pick(student.page, "door-class", "中件")
      await student.page.getByTestId("door-building").selectOption("b-xy-3")
      await student.page.getByTestId("door-floor").selectOption("6")
      await student.page.getByTestId("door-room").fill(room)
      await expect.poll(() => student.page.getByTestId("door-payable").textContent(), POLL).toBe("¥0.00")
      expect(await student.page.getByTestId("door-amount").textContent()).toContain("原价 ¥2.50，已优惠 ¥2.50")
      expect(await student.page.getByTestId("door-submit").textContent()).toBe("提交订单")
      await student.page.getByTestId("door-submit").click()
      await expect.poll(() => student.page.getByTestId("order-status").textContent(), POLL).toBe("待接单")
      expect(await student.page.getByTestId("pay-sheet").count()).toBe(0)
      return h.runtime.db.selectFrom("errand_order").selectAll().where("to_take_id", "=", parcel.id).executeTakeFirstOrThrow()
    }
    const first = await book("SF-FREE-1", "601")
    await shot(student.page, "96-free-order-placed")
    const second = await book("SF-FREE-2", "602")
    expect([first.pay_fee, second.pay_fee]).toEqual([0, 0])

    // the hall by fee and by time; one order is taken behind the page's back: grabbing it says '接单失败'
    await runner.page.goto(`${h.url}/robbing/${runnerToken}`)
    const inHall = (no: string) => runner.page.locator(`[data-testid=errand-order][data-order-no="${no}"]`)
    await inHall(first.order_no).waitFor()
    await inHall(second.order_no).waitFor()
    await runner.page.locator(".adm-tabs-tab", { hasText: "按赏金" }).click()
    await inHall(second.order_no).waitFor()
    await h.runtime.db.updateTable("errand_order").set({ status: 1, accept_openid: "someone-else", accept_user: "某人", accept_user_phone: "13800009999" })
      .where("id", "=", first.id).execute()
    await inHall(first.order_no).getByTestId("hall-grab").click()
    await toast(runner.page, "接单失败").waitFor()
    await inHall(first.order_no).waitFor({ state: "detached" })
    await h.runtime.db.updateTable("errand_order").set({ status: 0, accept_openid: null, accept_user: null, accept_user_phone: null })
      .where("id", "=", first.id).execute()

    // grab the second and give it up: the reason needs 5–50 characters; back in the hall
    await inHall(second.order_no).getByTestId("hall-grab").click()
    await toast(runner.page, "接单成功").waitFor()
    await runner.page.getByTestId("hall-accepted").click()
    const mine = runner.page.locator(`[data-testid=errand-order][data-order-no="${second.order_no}"]`)
    await mine.getByTestId("order-runner-cancel").click()
    await expect.poll(() => new URL(runner.page.url()).pathname, POLL).toBe(`/cancelPaotuiAccept/${second.order_no}/1/${runnerToken}`)
    await pick(runner.page, "cancel-type", "用户原因")
    const reason = runner.page.locator("[data-testid=cancel-reason] textarea")
    await reason.fill("联系不上")
    expect(await runner.page.getByTestId("cancel-counter").textContent()).toBe("4/50")
    await runner.page.getByTestId("cancel-submit").click()
    await toast(runner.page, "取消原因不能少于5个字").waitFor()
    await reason.fill("联系不上收件人".repeat(8))
    expect(await runner.page.getByTestId("cancel-counter").textContent()).toBe("56/50")
    expect(await runner.page.getByTestId("cancel-counter").getAttribute("class")).toContain("errand-counter--over")
    await runner.page.getByTestId("cancel-submit").click()
    await toast(runner.page, "取消原因不能超过50个字").waitFor()
    await reason.fill("电话一直联系不上收件人")
    await toast(runner.page, "取消原因不能超过50个字").waitFor({ state: "detached" })
    await shot(runner.page, "97-runner-cancel-form")
    await runner.page.getByTestId("cancel-submit").click()
    await toast(runner.page, "已取消接单").waitFor()
    await expect.poll(() => new URL(runner.page.url()).pathname, POLL).toBe(`/robbingList/2/ing/${runnerToken}`)
    await expect.poll(async () => (await h.runtime.db.selectFrom("errand_order").select("status").where("id", "=", second.id).executeTakeFirstOrThrow()).status, POLL).toBe(0)

    // the requester cancels the first from their list (status 0)
    await student.page.goto(`${h.url}/robbingList/1/ing/${studentToken}`)
    const own = student.page.locator(`[data-testid=errand-order][data-order-no="${first.order_no}"]`)
    await own.getByTestId("order-cancel").click()
    await student.page.locator(".adm-dialog-button", { hasText: "确定" }).click()
    await toast(student.page, "已取消").waitFor()
    await own.waitFor({ state: "detached" })
    await student.page.locator(".adm-tabs-tab", { hasText: "已取消" }).click()
    await expect.poll(() => new URL(student.page.url()).pathname, POLL).toBe(`/robbingListCompleteOrCancel/1/cancel/${studentToken}`)
    await expect.poll(() => own.getByTestId("order-status").textContent(), POLL).toBe("已取消")
    await student.page.getByText("没有更多了").waitFor()
    await toast(student.page, "已取消").waitFor({ state: "detached" })
    await shot(student.page, "98-requester-cancelled-list")

    // the runner (a leader of the worksite) takes the second again; as leader marks it delivered and done
    await runner.page.goto(`${h.url}/robbing/${runnerToken}`)
    await inHall(second.order_no).getByTestId("hall-grab").click()
    await toast(runner.page, "接单成功").waitFor()
    await runner.page.goto(`${h.url}/paotuiLeaderSign/${second.id}/${runnerToken}`)
    expect(await runner.page.getByTestId("leader-status").textContent()).toBe("已接单")
    await shot(runner.page, "99-leader-sign")
    await runner.page.getByTestId("leader-sign").click()
    await runner.page.locator(".adm-dialog-button", { hasText: "确定" }).click()
    await expect.poll(() => runner.page.getByTestId("leader-status").textContent(), POLL).toBe("已完成")
    await runner.page.getByTestId("leader-done").waitFor()
    expect(await runner.page.getByTestId("leader-sign").count()).toBe(0)
    const signed = await h.runtime.db.selectFrom("errand_order").select("status").where("id", "=", second.id).executeTakeFirstOrThrow()
    expect(signed.status).toBe(100)

    expect(student.errors).toEqual([])
    expect(runner.errors).toEqual([])
  }, 180_000)

  it("a door pickup (type 2): the requester says it was taken, the runner confirms with a goods photo", async ({ onTestFailed }) => {
    const now = new Date()
    await h.runtime.db.insertInto("errand_order").values({
      id: "eo-pickup-1", order_no: "PT-PICKUP-1", type: 2, status: 1, worksite_id: "ws-xiyuan", openid: "demo-student", accept_openid: "demo-runner",
      accept_user: "王强", accept_user_phone: "13800000002", goods_class: 1, building_id: "b-xy-1", floor: 2, dorm_room: "201", fee: 300, pay_fee: 300, paid: 300,
      require_arrive_time: new Date(now.getTime() + 3_600_000), created_at: now, accepted_at: now
    }).execute()
    // a door pickup is booked as a sending: its send order goes with the errand, accepted by the same runner
    const contact = JSON.stringify({ name: "李明", phone: "13800000001" })
    await h.runtime.db.insertInto("send_order").values({
      id: "so-pickup-1", order_no: "JJ-PICKUP-1", status: 2, worksite_id: "ws-xiyuan", sender_id: "u-student", sender: contact, receiver: contact,
      goods_name: "书", goods_count: 1, door_pickup: true, errand_id: "eo-pickup-1", runner_id: "u-runner", fee: 300, created_at: now
    }).execute()
    const studentToken = encodeURIComponent(await h.token("demo-student"))
    const runnerToken = encodeURIComponent(await h.token("demo-runner"))
    const student = await h.phone()
    const runner = await h.phone()
    onTestFailed(async () => {
      const at = Date.now()
      await shot(student.page, `FAILED-errand3-student-${at}`)
      await shot(runner.page, `FAILED-errand3-runner-${at}`)
    })
    await student.page.goto(`${h.url}/robbingList/1/ing/${studentToken}`)
    await runner.page.goto(`${h.url}/robbingList/2/ing/${runnerToken}`)
    const asStudent = student.page.locator('[data-testid=errand-order][data-order-no="PT-PICKUP-1"]')
    const asRunner = runner.page.locator('[data-testid=errand-order][data-order-no="PT-PICKUP-1"]')
    expect(await asStudent.getByTestId("order-status").textContent()).toBe("已接单")
    expect(await asRunner.getByTestId("order-confirm-takeaway").count()).toBe(0)

    await asStudent.getByTestId("order-say-taken").click()
    await student.page.locator(".adm-dialog-button", { hasText: "确定" }).click()
    await expect.poll(() => asStudent.getByTestId("order-status").textContent(), POLL).toBe("待跑腿确认")
    // the runner's list hears of it
    await expect.poll(() => asRunner.getByTestId("order-status").textContent(), POLL).toBe("待跑腿确认")

    await asRunner.getByTestId("order-confirm-takeaway").click()
    await runner.page.getByTestId("confirm-takeaway").waitFor()
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64")
    await runner.page.getByTestId("confirm-photo").locator("input[type=file]").setInputFiles({ name: "goods.png", mimeType: "image/png", buffer: png })
    await runner.page.getByTestId("confirm-photo").locator(".adm-image-uploader-cell-image").waitFor()
    await shot(runner.page, "100-runner-confirm-photo")
    await runner.page.getByTestId("confirm-submit").click()
    await toast(runner.page, "已确认取件").waitFor()
    await expect.poll(() => asRunner.getByTestId("order-status").textContent(), POLL).toBe("待计算运费")
    await asRunner.getByTestId("order-goods-pic").waitFor()
    await expect.poll(() => asStudent.getByTestId("order-status").textContent(), POLL).toBe("待计算运费")
    const row = await h.runtime.db.selectFrom("errand_order").select(["status", "goods_pic"]).where("id", "=", "eo-pickup-1").executeTakeFirstOrThrow()
    expect(row.status).toBe(3)
    expect(row.goods_pic).toMatch(/goods|\.png/)
    await toast(runner.page, "已确认取件").waitFor({ state: "detached" })
    await shot(runner.page, "101-runner-confirmed")
    // a door pickup ends at its dispatch, not by a leader's sign: the leader's page offers no 送货完成 for it
    await runner.page.goto(`${h.url}/paotuiLeaderSign/eo-pickup-1/${runnerToken}`)
    await runner.page.getByTestId("leader-done").waitFor()
    expect(await runner.page.getByTestId("leader-sign").count()).toBe(0)
    expect(student.errors).toEqual([])
    expect(runner.errors).toEqual([])
  }, 120_000)

  it("a runner hands accepted orders to a teammate: batch needs a choice ('请选择您想转的跑腿单'), then one by the batch and one from its card", async ({ onTestFailed }) => {
    // 陈静 joins the leader 王强's team
    await h.runtime.db.updateTable("app_user").set({ paotui_status: 1, auth_status: 1, paotui_leader: "u-runner", worksite_id: "ws-xiyuan" }).where("id", "=", "u-admin").execute()
    const now = new Date()
    const accepted = (id: string) => ({
      id, order_no: id.toUpperCase(), type: 3, status: 1, worksite_id: "ws-xiyuan", openid: "demo-student", accept_openid: "demo-runner", accept_user: "王强",
      accept_user_phone: "13800000002", goods_class: 1, building_id: "b-xy-1", floor: 4, dorm_room: "401", fee: 300, pay_fee: 300, paid: 300,
      require_arrive_time: new Date(now.getTime() + 3_600_000), created_at: now, accepted_at: now
    })
    await h.runtime.db.insertInto("errand_order").values([accepted("eo-hand-1"), accepted("eo-hand-2")]).execute()
    const runnerToken = encodeURIComponent(await h.token("demo-runner"))
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-errand-transfer-${Date.now()}`))
    await page.goto(`${h.url}/robbingList/2/ing/${runnerToken}`)
    const card = (no: string) => page.locator(`[data-testid=errand-order][data-order-no="${no}"]`)
    await card("EO-HAND-1").waitFor()
    await page.getByTestId("batch-start").click()
    await page.getByTestId("batch-transfer").click()
    await toast(page, "请选择您想转的跑腿单").waitFor()
    await card("EO-HAND-1").getByTestId("order-choose").click()
    await page.getByTestId("batch-transfer").click()
    await page.getByTestId("transfer-sheet").waitFor()
    expect(await page.getByTestId("transfer-member").allTextContents()).toEqual([expect.stringContaining("陈静")])
    await shot(page, "102-transfer-sheet")
    await page.getByTestId("transfer-member").click()
    await page.locator(".adm-dialog-button", { hasText: "确定" }).click()
    await toast(page, "转单成功").waitFor()
    await card("EO-HAND-1").waitFor({ state: "detached" })
    // the first toast gone, so the second one waited for below is the second transfer's (a slow machine showed both at once)
    await toast(page, "转单成功").waitFor({ state: "hidden" })
    // the other from its own card

    await card("EO-HAND-2").getByTestId("order-transfer").click()
    await page.getByTestId("transfer-member").click()
    await page.locator(".adm-dialog-button", { hasText: "确定" }).click()
    await toast(page, "转单成功").waitFor()
    await card("EO-HAND-2").waitFor({ state: "detached" })
    const rows = await h.runtime.db.selectFrom("errand_order").select(["accept_openid", "status"]).where("id", "in", ["eo-hand-1", "eo-hand-2"]).execute()
    expect(rows).toEqual([{ accept_openid: "demo-admin", status: 1 }, { accept_openid: "demo-admin", status: 1 }])
    expect(errors).toEqual([])
  }, 120_000)
})
