/**
 * Feedback and the pages' leftover messages at 390×844 (issue 20): a student sends a suggestion with two pictures from
 * /my (refused submits keep everything), sees the success page and the details; staff answer it from their inbox and
 * the student's open details show the reply live; the student answers back; staff mark it handled after a confirm
 * (a second handler hears '该反馈已处理'); staff write a note to a user on /answer. 取消任务 puts a parcel's unpaid
 * door delivery back on the shelf. Each load failure is shown in the spec's words when its call fails (answered 500).
 * Screenshots go to /tmp/feedback-shots/.
 */
import { mkdirSync } from "node:fs"
import { randomUUID } from "node:crypto"
import { resolve } from "node:path"
import { Effect } from "effect"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { errandStore } from "#adapters/postgres/stores/errand-store"
import type { ErrandOrderRecord } from "#src/errand/errand-store"
import { browserAvailable, photo, POLL, scanInto, shot, startHarness, toast, type Harness } from "./harness"
import { seedSending, setVerified } from "./sending-kit"

const run = browserAvailable()
const SHOTS = "/tmp/feedback-shots"

/** A full-page screenshot into /tmp/feedback-shots (the viewport stretched to the page, as the harness's `shot`). */
const snap = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true })
  await page.locator(".adm-toast-main").waitFor({ state: "hidden", timeout: 5_000 }).catch(() => undefined)
  await page.waitForTimeout(350)
  await page.evaluate(() => window.scrollTo(0, 0))
  const viewport = page.viewportSize()
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  if (viewport && height > viewport.height) await page.setViewportSize({ width: viewport.width, height })
  try {
    await page.screenshot({ path: resolve(SHOTS, `${name}.png`), fullPage: true })
  } finally {
    if (viewport && height > viewport.height) await page.setViewportSize(viewport)
  }
}

const field = (page: Page, testId: string) => page.getByTestId(testId).locator("input, textarea").first()

const confirmDialog = async (page: Page, text: string) => {
  await page.locator(".adm-dialog-content").filter({ hasText: text }).waitFor()
  await page.locator(".adm-dialog-footer .adm-dialog-button").filter({ hasText: "确定" }).click()
  await page.locator(".adm-dialog-content").filter({ hasText: text }).waitFor({ state: "detached" })
}

/** Answers every call matching `pattern` with a bare 500 (no message: the page's own words show). */
const failing = (page: Page, pattern: string, method?: string) =>
  page.route(pattern, (route) =>
    method && route.request().method() !== method
      ? route.continue()
      : route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ success: false }) }))

describe.skipIf(!run)("feedback and the pages' load failures", () => {
  let h: Harness
  let student = ""
  let staff = ""
  let suggestionId = ""
  beforeAll(async () => {
    h = await startHarness()
    ;[student, staff] = await Promise.all([h.token("demo-student"), h.token("demo-staff")])
  }, 60_000)
  afterAll(async () => { await h?.close() })

  const phone = async (name: string, onTestFailed: (fn: () => Promise<void>) => void) => {
    const p = await h.phone()
    await p.page.setViewportSize({ width: 390, height: 844 })
    onTestFailed(() => shot(p.page, `FAILED-feedback-${name}-${Date.now()}`))
    return p
  }
  const t = (token: string) => encodeURIComponent(token)

  it("a student sends feedback with two pictures from /my: refused submits keep everything; success; then the details", async ({ onTestFailed }) => {
    const { page, errors } = await phone("submit", onTestFailed)
    await page.goto(`${h.url}/my/${t(student)}`)
    await page.getByTestId("me-feedback").click()
    await page.waitForURL((u) => u.pathname === `/suggestion/${t(student)}`)
    await page.getByTestId("suggestion-form").waitFor()
    await snap(page, "01-suggestion-empty")

    await page.getByTestId("suggestion-submit").click()
    await toast(page, "请选择意见反馈类型").waitFor()
    await page.getByTestId("suggestion-type").getByText("系统问题", { exact: true }).click()
    await page.getByTestId("suggestion-submit").click()
    await toast(page, "标题不能为空").waitFor()
    await field(page, "suggestion-title").fill("取件码短信收不到")
    await page.getByTestId("suggestion-submit").click()
    await toast(page, "内容不能为空").waitFor()
    const content = "这周有两个快递到了驿站，但是都没有收到取件码短信，只能到现场报手机号查询，希望能看一下短信通道是不是有问题。"
    await field(page, "suggestion-content").fill(content)
    expect(await page.getByTestId("suggestion-content").locator(".adm-text-area-count").textContent()).toBe(`${[...content].length}/512`)

    const pics = page.getByTestId("suggestion-pics")
    await pics.locator("input[type=file]").setInputFiles([await photo(page, "sms-1.jpg", 210, "短信1"), await photo(page, "sms-2.jpg", 30, "短信2")])
    await expect.poll(() => page.getByTestId("suggestion-pics-count").textContent(), POLL).toBe("2/3")
    await expect.poll(() => pics.locator(".adm-image-uploader-cell img").count(), POLL).toBe(2)
    // two more would be four: only one is taken, with the spec's words; its upload is held back until released
    let release = () => {}
    const held = new Promise<void>((resolve) => { release = resolve })
    await page.route("**/api/upload/uploadFile", async (route) => { await held; await route.continue() })
    await pics.locator("input[type=file]").setInputFiles([await photo(page, "x-1.jpg", 120, "多1"), await photo(page, "x-2.jpg", 300, "多2")])
    await toast(page, "最多只能上传3张图片").waitFor()
    await expect.poll(() => pics.locator(".adm-image-uploader-cell img").count(), POLL).toBe(3)
    expect(await page.locator(".feedback-uploader__add").isVisible()).toBe(false)
    // the second picture removed while the third still uploads: the third, done before the confirm, stays
    await pics.locator(".adm-image-uploader-cell-delete").nth(1).click()
    await page.locator(".adm-dialog-content").filter({ hasText: "确定删除这张图片吗？" }).waitFor()
    release()
    await expect.poll(() => page.getByTestId("suggestion-pics-count").textContent(), POLL).toBe("3/3")
    await page.unroute("**/api/upload/uploadFile")
    const shown = () => pics.locator(".adm-image-uploader-cell img").evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src))
    const [first, , third] = await shown()
    await confirmDialog(page, "确定删除这张图片吗？")
    await expect.poll(() => page.getByTestId("suggestion-pics-count").textContent(), POLL).toBe("2/3")
    expect(await shown()).toEqual([first, third])

    // a refused submit (title cleared) keeps the type, the content and the pictures
    await field(page, "suggestion-title").fill("  ")
    await page.getByTestId("suggestion-submit").click()
    await toast(page, "标题不能为空").waitFor()
    expect(await field(page, "suggestion-content").inputValue()).toBe(content)
    expect(await pics.locator(".adm-image-uploader-cell img").count()).toBe(2)
    await field(page, "suggestion-title").fill("取件码短信收不到")
    // the server failing: its words when it gave none, everything kept
    await failing(page, "**/api/suggestion", "POST")
    await page.getByTestId("suggestion-submit").click()
    await toast(page, "提交意见反馈报错").waitFor()
    expect(await field(page, "suggestion-title").inputValue()).toBe("取件码短信收不到")
    expect(await pics.locator(".adm-image-uploader-cell img").count()).toBe(2)
    await page.unroute("**/api/suggestion")
    await snap(page, "02-suggestion-filled")

    await page.getByTestId("suggestion-submit").click()
    await page.getByTestId("suggestion-success").waitFor()
    const stored = await h.runtime.db.selectFrom("suggestion").selectAll().where("user_id", "=", "u-student").execute()
    expect(stored).toHaveLength(1)
    suggestionId = stored[0]!.id
    expect(stored[0]).toMatchObject({ type: 2, title: "取件码短信收不到", content, status: 0, worksite_id: "ws-xiyuan" })
    expect(stored[0]!.pics).toHaveLength(2)
    expect(new URL(page.url()).pathname).toBe(`/suggestionSuccess/${suggestionId}/${t(student)}`)
    await snap(page, "03-suggestion-success")

    await page.getByTestId("suggestion-view-detail").click()
    await page.waitForURL((u) => u.pathname === `/suggestionDetail/${suggestionId}/${t(student)}`)
    await page.getByTestId("suggestion-detail").waitFor()
    expect(await page.getByTestId("suggestion-title-text").textContent()).toBe("取件码短信收不到")
    expect(await page.getByTestId("suggestion-type-name").textContent()).toBe("系统问题")
    expect(await page.getByTestId("suggestion-status").textContent()).toBe("待回复")
    await expect.poll(() => page.getByTestId("suggestion-detail-pics").locator("img").evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length), POLL).toBe(2)
    await page.getByTestId("suggestion-thread-empty").waitFor()
    expect(await page.getByTestId("suggestion-handle").count()).toBe(0)
    await page.getByTestId("suggestion-reply-box").waitFor()
    await snap(page, "04-suggestion-detail-new")

    // the success page's other way: back to /my
    await page.goBack()
    await page.getByTestId("suggestion-back-my").click()
    await page.waitForURL((u) => u.pathname === `/my/${t(student)}`)
    expect(errors).toEqual([])
  }, 180_000)

  it("staff answer from the inbox and the student's open details show it live; the student answers back; handled after a confirm", async ({ onTestFailed }) => {
    expect(suggestionId).not.toBe("")
    const s = await phone("student-live", onTestFailed)
    const w = await phone("staff", onTestFailed)
    const a = await phone("admin", onTestFailed)

    await s.page.goto(`${h.url}/suggestionDetail/${suggestionId}/${t(student)}`)
    await s.page.getByTestId("suggestion-thread-empty").waitFor()

    // the staff's way in: /my → 意见反馈处理 → 待回复
    await w.page.goto(`${h.url}/my/${t(staff)}`)
    await w.page.getByTestId("me-staff-feedback").waitFor()
    await snap(w.page, "05a-my-staff-entries")
    await w.page.getByTestId("me-staff-feedback").click()
    await w.page.waitForURL((u) => u.pathname === `/suggestionReview/${t(staff)}`)
    const item = w.page.locator(`[data-testid=suggestion-list-0] [data-testid=suggestion-item][data-id="${suggestionId}"]`)
    await item.waitFor()
    expect(await item.textContent()).toContain("取件码短信收不到")
    expect(await item.textContent()).toContain("李明")
    await snap(w.page, "05-inbox-open")
    await item.click()
    await w.page.waitForURL((u) => u.pathname === `/suggestionDetail/${suggestionId}/${t(staff)}`)
    await w.page.getByTestId("suggestion-handle").waitFor()
    expect(await w.page.getByTestId("suggestion-author").textContent()).toBe("李明")

    await field(w.page, "suggestion-reply-input").fill("好")
    await w.page.getByTestId("suggestion-reply-send").click()
    await toast(w.page, "回复内容不能少于2个字").waitFor()
    await failing(w.page, "**/api/suggestion/reply/**")
    await field(w.page, "suggestion-reply-input").fill("您好，已联系短信服务商排查，今天内会恢复，给您带来不便非常抱歉。")
    await w.page.getByTestId("suggestion-reply-send").click()
    await toast(w.page, "回复失败").waitFor()
    expect(await field(w.page, "suggestion-reply-input").inputValue()).toContain("已联系短信服务商")
    await w.page.unroute("**/api/suggestion/reply/**")
    await w.page.getByTestId("suggestion-reply-send").click()
    await toast(w.page, "回复成功").waitFor()
    await expect.poll(() => w.page.getByTestId("suggestion-reply").count(), POLL).toBe(1)
    expect(await field(w.page, "suggestion-reply-input").inputValue()).toBe("")

    // the student's open page: live, marked as 客服, on the left
    const reply = s.page.getByTestId("suggestion-reply")
    await expect.poll(() => reply.count(), POLL).toBe(1)
    expect(await reply.first().getAttribute("data-staff")).toBe("true")
    expect(await reply.first().getAttribute("data-mine")).toBe("false")
    expect(await reply.first().locator(".feedback-msg__who").textContent()).toContain("客服")
    await expect.poll(() => s.page.getByTestId("suggestion-status").textContent(), POLL).toBe("已回复")
    await snap(s.page, "06-student-sees-reply-live")

    // the student answers back: theirs on the right; open again for staff
    await field(s.page, "suggestion-reply-input").fill("好的，谢谢！")
    await s.page.getByTestId("suggestion-reply-send").click()
    await toast(s.page, "回复成功").waitFor()
    await expect.poll(() => reply.count(), POLL).toBe(2)
    expect(await reply.nth(1).getAttribute("data-mine")).toBe("true")
    const [left, right] = await Promise.all([reply.nth(0).boundingBox(), reply.nth(1).boundingBox()])
    expect(right!.x + right!.width).toBeGreaterThan(left!.x + left!.width)
    await expect.poll(() => s.page.getByTestId("suggestion-status").textContent(), POLL).toBe("待回复")
    await snap(s.page, "07-student-thread")

    // staff: the thread after a reload, their own on the right; the head office opens it too, before it is handled
    await w.page.reload()
    await expect.poll(() => w.page.getByTestId("suggestion-reply").count(), POLL).toBe(2)
    expect(await w.page.getByTestId("suggestion-reply").nth(0).getAttribute("data-mine")).toBe("true")
    expect(await w.page.getByTestId("suggestion-reply").nth(1).locator(".feedback-msg__who").textContent()).toContain("李明")
    await snap(w.page, "08-staff-thread")
    const admin = await h.token("demo-admin")
    await a.page.goto(`${h.url}/suggestionDetail/${suggestionId}/${t(admin)}`)
    await a.page.getByTestId("suggestion-handle").waitFor()

    await w.page.getByTestId("suggestion-handle").click()
    await w.page.locator(".adm-dialog-content").filter({ hasText: "确定将该反馈标记为已处理吗" }).waitFor()
    await snap(w.page, "09-staff-handle-confirm")
    await confirmDialog(w.page, "确定将该反馈标记为已处理吗")
    await toast(w.page, "处理成功").waitFor()
    await expect.poll(() => w.page.getByTestId("suggestion-status").textContent(), POLL).toBe("已处理")
    await w.page.getByTestId("suggestion-handled").waitFor()
    expect(await w.page.getByTestId("suggestion-reply-box").count()).toBe(0)
    expect(await w.page.getByTestId("suggestion-handle").count()).toBe(0)
    await snap(w.page, "10-staff-handled")
    expect((await h.runtime.db.selectFrom("suggestion").select("status").where("id", "=", suggestionId).executeTakeFirstOrThrow()).status).toBe(100)

    // the head office's page was opened before: its handle is refused with 409 and the page shows the handled state
    await a.page.getByTestId("suggestion-handle").click()
    await confirmDialog(a.page, "确定将该反馈标记为已处理吗")
    await toast(a.page, "该反馈已处理").waitFor()
    await expect.poll(() => a.page.getByTestId("suggestion-status").textContent(), POLL).toBe("已处理")
    expect(await a.page.getByTestId("suggestion-reply-box").count()).toBe(0)

    // the student sees it handled, with no reply box; the inbox lists it under 已处理
    await s.page.reload()
    await s.page.getByTestId("suggestion-handled").waitFor()
    expect(await s.page.getByTestId("suggestion-reply-box").count()).toBe(0)
    await snap(s.page, "11-student-handled")
    await w.page.goto(`${h.url}/suggestionReview/${t(staff)}`)
    await w.page.getByTestId("suggestion-list-0").waitFor()
    await expect.poll(() => w.page.locator(`[data-testid=suggestion-list-0] [data-id="${suggestionId}"]`).count(), POLL).toBe(0)
    await w.page.getByTestId("suggestion-tab-100").click()
    await w.page.locator(`[data-testid=suggestion-list-100] [data-id="${suggestionId}"]`).waitFor()
    expect(new URL(w.page.url()).search).toBe("?status=100")
    await snap(w.page, "12-inbox-handled")
    expect([...s.errors, ...w.errors, ...a.errors]).toEqual([])
  }, 180_000)

  it("staff write to a user on /answer: nickname and masked phone, 2–256 characters, '回复成功'; another worksite's staff may not", async ({ onTestFailed }) => {
    const { page, errors } = await phone("answer", onTestFailed)
    await page.goto(`${h.url}/answer/demo-student/${t(staff)}`)
    await page.getByTestId("answer-page").waitFor()
    expect(await page.getByTestId("answer-nickname").textContent()).toBe("李明")
    expect(await page.getByTestId("answer-phone").textContent()).toBe("138****0001")
    await field(page, "answer-input").fill("好")
    await page.getByTestId("answer-send").click()
    await toast(page, "回复内容不能少于2个字").waitFor()
    await failing(page, "**/api/common/answer", "POST")
    await field(page, "answer-input").fill("您的快递已到驿站，请尽快取件。")
    await page.getByTestId("answer-send").click()
    await toast(page, "回复失败").waitFor()
    await page.unroute("**/api/common/answer")
    await page.getByTestId("answer-send").click()
    await toast(page, "回复成功").waitFor()
    await page.getByTestId("answer-sent").waitFor()
    expect(await field(page, "answer-input").inputValue()).toBe("")
    expect(await h.runtime.db.selectFrom("user_answer").select(["to_user_id", "content"]).execute())
      .toEqual([{ to_user_id: "u-student", content: "您的快递已到驿站，请尽快取件。" }])
    await snap(page, "13-answer-sent")

    const other = await h.token("demo-staff-dy")
    await page.goto(`${h.url}/answer/demo-student/${t(other)}`)
    await page.getByText("回复失败").waitFor()
    await snap(page, "14-answer-other-worksite")
    expect(errors).toEqual([])
  }, 90_000)

  /** A parcel checked in for demo-student at 西园. */
  const checkIn = async () => {
    const expressNo = `SF${Date.now()}${Math.floor(Math.random() * 1000)}`
    const r = await h.api<{ success: boolean }>("/api/expressTosend", staff, {
      method: "POST", body: JSON.stringify({ worksite: "ws-xiyuan", expressCompany: "ec-sf", storageNo: "C-03", expressNo, weight: "wf-1", receiverPhone: "13800000001" })
    })
    expect(r.success).toBe(true)
    return (await h.runtime.db.selectFrom("parcel").select("id").where("express_no", "=", expressNo).executeTakeFirstOrThrow()).id
  }
  /** demo-student's door delivery of the parcel, placed and not paid (errand −1, parcel 2), written as the ordering leaves it. */
  const unpaidDoorDelivery = async (parcelId: string) => {
    const now = new Date()
    const order: ErrandOrderRecord = {
      id: `eo-${randomUUID()}`, orderNo: `P${Date.now()}${Math.floor(Math.random() * 100)}`, type: 1, status: -1, openid: "demo-student", worksiteId: "ws-xiyuan",
      accept: null, payFee: 240, paid: 0, refunded: 0, runnerIncome: 0, freight: null, freightPaid: 0, goodsPic: null, createdAt: now,
      requireArriveTime: new Date(now.getTime() + 3_600_000), toComment: false, sexLimit: -1, goodsClass: 1, specialGoodId: null, buildingId: "b-xy-1",
      floor: 5, dormRoom: "501", proxyReceiver: null, proxyReceiverPhone: null, remark: "", toTakeId: parcelId, fee: 300, activityId: null, prepayId: null,
      acceptedAt: null, finishedAt: null
    }
    await h.fixture((db) => Effect.runPromise(errandStore(db).insert(order)))
    await h.fixture((db) => db.updateTable("parcel").set({ status: 2 }).where("id", "=", parcelId).execute())
    return order
  }
  const parcelStatus = async (id: string) => (await h.runtime.db.selectFrom("parcel").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status

  it("取消任务 on a parcel whose door delivery is unpaid: '取消任务失败' when the call fails, then cancelled and back to 0", async ({ onTestFailed }) => {
    const { page, errors } = await phone("cancel-task", onTestFailed)
    const parcel = await checkIn()
    const order = await unpaidDoorDelivery(parcel)
    await page.goto(`${h.url}/expressTotakeList/ing/${t(student)}`)
    const card = page.locator(`[data-testid=parcel-card][data-id="${parcel}"]`)
    await card.waitFor()
    expect(await card.getByTestId("parcel-status").textContent()).toBe("待支付")
    await card.getByTestId("parcel-cancel-errand").waitFor()
    await snap(page, "15-parcel-cancel-task")

    await failing(page, "**/api/paotuiOrder/cancel/**")
    await card.getByTestId("parcel-cancel-errand").click()
    await confirmDialog(page, "确定取消送货上门任务吗")
    await toast(page, "取消任务失败").waitFor()
    expect(await parcelStatus(parcel)).toBe(2)
    await page.unroute("**/api/paotuiOrder/cancel/**")

    await card.getByTestId("parcel-cancel-errand").click()
    await confirmDialog(page, "确定取消送货上门任务吗")
    await toast(page, "取消成功").waitFor()
    await expect.poll(() => parcelStatus(parcel), POLL).toBe(0)
    expect((await h.runtime.db.selectFrom("errand_order").select("status").where("id", "=", order.id).executeTakeFirstOrThrow()).status).toBe(4)
    await expect.poll(() => card.getByTestId("parcel-status").textContent(), POLL).toBe("待取件")
    expect(await card.getByTestId("parcel-cancel-errand").count()).toBe(0)
    await snap(page, "16-parcel-cancelled")
    expect(errors).toEqual([])
  }, 90_000)

  it("each load failure in the spec's words when its call fails", async ({ onTestFailed }) => {
    const { page } = await phone("load-failures", onTestFailed)
    const parcel = await checkIn()
    const errand = await unpaidDoorDelivery(await checkIn())
    const expectFailure = async (path: string, pattern: string, message: string, shotName: string, method?: string) => {
      await failing(page, pattern, method)
      await page.goto(`${h.url}${path}`)
      await page.getByText(message).first().waitFor()
      await snap(page, shotName)
      await page.unroute(pattern)
    }
    await expectFailure(`/expressTotakeList/ing/${t(student)}`, "**/api/expressTosend/pagingForFontend**", "获取快递列表出错，点击重试", "20-fail-parcel-list")
    await expectFailure(`/expressQrcode/${parcel}/${t(student)}`, "**/api/expressTosend/getById/**", "获取待取件信息出错", "21-fail-qrcode")
    await expectFailure(`/doorService/${parcel}/${t(student)}`, "**/api/expressTosend/getById/**", "获取待取件信息出错", "22-fail-door-parcel")
    await expectFailure(`/doorService/${parcel}/${t(student)}`, "**/api/paotuiOrder/formInfo/**", "获取网点营业时间失败", "23-fail-door-windows")
    await expectFailure(`/takecashList/${t(student)}`, "**/api/takecash/wxlist**", "获取提现列表失败，点击重试", "24-fail-takecash-list")
    await expectFailure(`/moneyDetail/0/${t(student)}`, "**/api/money/wxlist/**", "获取资金流水失败，点击重试", "25-fail-money-detail")
    await expectFailure(`/orderSuccess/${errand.id}/${t(student)}`, "**/api/paotuiOrder/getById/**", "获取订单信息失败", "26-fail-order-success")
    await expectFailure(`/comment/${errand.id}/demo-runner/${encodeURIComponent("王强")}/${encodeURIComponent("今天 12:30")}/${t(student)}`,
      "**/api/paotuiOrder/getById/**", "获取订单信息失败", "27-fail-comment")
    await expectFailure(`/return/${t(staff)}`, "**/api/expressTosend/toreturn**", "获取待退送列表失败", "28-fail-return")

    // the door-delivery form loads whole when nothing fails (its windows shown)
    await page.goto(`${h.url}/doorService/${parcel}/${t(student)}`)
    await page.getByTestId("door-windows").waitFor()

    // a booked sending: its success page, and the staff's carriers list on the outbound screen
    await seedSending(h)
    await setVerified(h, 1)
    const booked = await h.api<{ success: boolean; message: string; data: { _id: string; orderNo: string } }>("/api/expressTakein", student, {
      method: "POST",
      body: JSON.stringify({ expressCompanyId: "ec-sf", senderAddressId: "addr-student-1", receiverAddressId: "addr-student-bj", goodsName: "书", goodsCount: 1 })
    })
    expect(booked.success, booked.message).toBe(true)
    await expectFailure(`/orderSuccess/${booked.data._id}/${t(student)}?kind=send`, "**/api/expressTakein/getById/**", "获取订单信息失败", "29-fail-send-success")

    await failing(page, "**/api/expressTakein/expressSendCompanies/**")
    await page.goto(`${h.url}/printSurface/${t(staff)}`)
    await page.getByTestId("outbound-scan").waitFor()
    await scanInto(page, "outbound-scan", booked.data.orderNo)
    await page.getByTestId("send-companies-failed").waitFor()
    expect(await page.getByTestId("send-companies-failed").textContent()).toBe("获取可用寄件快递列表失败，点击重试")
    await snap(page, "30-fail-send-companies")
    await page.unroute("**/api/expressTakein/expressSendCompanies/**")
    await page.getByTestId("outbound-company").click()
    await page.getByTestId("send-companies-failed").waitFor({ state: "detached" })

    // the suggestion's details and the staff's inbox
    await expectFailure(`/suggestionDetail/${suggestionId || "x"}/${t(student)}`, "**/api/suggestion/getById/**", "获取意见反馈信息出错", "31-fail-suggestion-detail")
    await expectFailure(`/suggestionReview/${t(staff)}`, "**/api/suggestion/list**", "获取意见反馈信息出错，点击重试", "32-fail-inbox")
  }, 180_000)
})
