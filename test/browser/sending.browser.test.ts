/**
 * Sending, end to end on phone-sized pages: the booking gates (not open; real-name), a verified student books
 * a sending (the core's checks in the spec's order, the insurance fee); staff scan it, the automatic freight
 * fails for a carrier without a tariff and is cleared, then is computed and confirmed; printing unpaid is
 * refused; the student pays through the simulated provider (live on the staff screen); staff print (the PDF
 * is rendered to PNG and looked at) and dispatch by scan, and a second staff page sees the count rise and
 * drop live. The door pickup end to end: booked at a demo building and its reward paid, grabbed live in a runner's
 * hall, handed over and confirmed, then freight, payment, print (PDF looked at) and dispatch, the count dropping live.
 */
import { execFileSync } from "node:child_process"
import { writeFileSync } from "node:fs"
import { resolve } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { browserAvailable, POLL, SCREENSHOTS, scanInto, shot, startHarness, toast, type Harness } from "./harness"
import { fillDoorBooking, pick, seedSending, setVerified } from "./sending-kit"

const run = browserAvailable()

describe.skipIf(!run)("sending: book, freight, pay, print, dispatch", () => {
  let h: Harness
  beforeAll(async () => {
    // issue 22, open: a door pickup's setFreight and payFreight errand steps are dated by a later clock reading, which a replay
    // (its clock at the logged time) writes otherwise; the replay finds it, the fix is still to make
    h = await startHarness()
    await seedSending(h)
  }, 60_000)
  afterAll(async () => { await h?.close() })

  it("gates booking: 'not open' where sending is off; an unverified sender goes to real-name verification", async ({ onTestFailed }) => {
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-sending-gate-${Date.now()}`))
    const dy = await h.token("demo-staff-dy")
    await page.goto(`${h.url}/expressTotakein/${encodeURIComponent(dy)}`)
    await page.getByTestId("sending-closed").waitFor()
    expect(await page.getByTestId("sending-closed").textContent()).toContain("本网点暂未开通寄件业务")
    await shot(page, "s01-sending-not-open")

    await setVerified(h, -1)
    const token = await h.token("demo-student")
    await page.goto(`${h.url}/expressTotakein/${encodeURIComponent(token)}`)
    await toast(page, "用户还没通过实名认证").waitFor()
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe(`/authApply/0/expressTotakein/${encodeURIComponent(token)}`)
    await shot(page, "s02-sending-needs-verification")
    await setVerified(h, 1)
    expect(errors).toEqual([])
  }, 60_000)

  it("books, sets freight, pays, prints and dispatches; a second staff page follows the count live", async ({ onTestFailed }) => {
    await setVerified(h, 1)
    const token = await h.token("demo-student")
    const staffToken = await h.token("demo-staff")
    const student = await h.phone()
    const staff = await h.phone()
    const watcher = await h.phone()
    onTestFailed(async () => {
      await shot(student.page, `FAILED-sending-student-${Date.now()}`)
      await shot(staff.page, `FAILED-sending-staff-${Date.now()}`)
      await shot(watcher.page, `FAILED-sending-watcher-${Date.now()}`)
    })
    const page = student.page

    // ---- the price table tab, then booking with the core's checks in the spec's order
    await page.goto(`${h.url}/expressTotakein/${encodeURIComponent(token)}`)
    await page.getByTestId("booking-form").waitFor()
    await page.getByRole("tab", { name: "价格表" }).click()
    // the tariff's rows, as the staff's 计费 quotes them: SF to Beijing, 12.00 the first kilogram, 5.00 each further one
    await page.getByTestId("price-table").waitFor()
    expect(await page.locator("[data-testid=price-carrier][data-code=SF] [data-testid=price-row][data-province='11']").textContent()).toBe("北京市¥12.00¥5.00")
    await page.getByRole("tab", { name: "寄快递" }).click()
    expect(await page.getByTestId("sender-name").textContent()).toContain("李明")

    await page.getByTestId("booking-submit").click()
    await toast(page, "请选择快递公司").waitFor()
    await page.getByTestId("company-picker").click()
    await pick(page, "顺丰速运")
    expect(await page.getByTestId("company-name").textContent()).toBe("顺丰速运")
    await page.getByTestId("booking-submit").click()
    await toast(page, "请选择收件人").waitFor()
    await page.getByTestId("receiver-card").click()
    await page.locator("[data-testid=receiver-option][data-name=王芳]").click()
    expect(await page.getByTestId("receiver-name").textContent()).toContain("王芳")
    await page.getByTestId("booking-submit").click()
    await toast(page, "物品名称不能为空").waitFor()
    await page.locator("[data-testid=goods-name] input").fill("一二三四五六七八九十一二三")
    await page.getByTestId("booking-submit").click()
    await toast(page, "物品名称不能超过12个字").waitFor()
    await page.locator("[data-testid=goods-name] input").fill("专业书籍")
    await page.locator("[data-testid=insure-money] input").fill("0")
    await page.getByTestId("booking-submit").click()
    await toast(page, "保价金额必须>0").waitFor()
    await page.locator("[data-testid=insure-money] input").fill("500")
    await expect.poll(() => page.getByTestId("insure-fee").textContent(), POLL).toContain("保价费 ¥2.50")
    await page.locator("[data-testid=remark] textarea").fill("易碎物品请轻拿轻放")
    expect(await page.getByTestId("remark-counter").textContent()).toBe("9/20")
    await shot(page, "s03-booking-filled")
    await page.getByTestId("booking-submit").click()
    await toast(page, "提交成功").waitFor()
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe(`/expressSendList/ing/${encodeURIComponent(token)}`)
    const card = page.getByTestId("send-card").first()
    await card.waitFor()
    expect(await card.getByTestId("send-status").textContent()).toBe("待计算运费")
    const orderNo = (await h.runtime.db.selectFrom("send_order").select(["order_no", "id"]).where("sender_id", "=", "u-student").orderBy("created_at", "desc").executeTakeFirstOrThrow())
    expect(await card.textContent()).toContain(orderNo.order_no)
    await shot(page, "s04-send-list-booked")

    // ---- a second staff page on the dispatch screen: nothing waits yet
    await watcher.page.goto(`${h.url}/toTakeinOutScan/${encodeURIComponent(staffToken)}`)
    const sfCount = watcher.page.locator("[data-testid=dispatch-company][data-id=ec-sf] [data-testid=dispatch-count]")
    await sfCount.waitFor()
    const before = Number(await sfCount.textContent())

    // ---- staff: scan, automatic freight (fails for a carrier without tariff, then works), confirm
    const s = staff.page
    await s.goto(`${h.url}/printSurface/${encodeURIComponent(staffToken)}`)
    await s.getByTestId("outbound-scan").waitFor()
    await scanInto(s, "outbound-scan", `SEND,${orderNo.order_no}`)
    await s.getByTestId("outbound-order-no").waitFor()
    expect(await s.getByTestId("outbound-sender").textContent()).toContain("李明")
    expect(await s.getByTestId("outbound-receiver").textContent()).toContain("王芳")
    expect(await s.getByTestId("outbound-goods").textContent()).toBe("专业书籍 × 1")
    expect(await s.getByTestId("outbound-insure").textContent()).toContain("¥500.00（保价费 ¥2.50）")
    await expect.poll(() => s.getByTestId("sender-auth").textContent(), POLL).toBe("已认证")

    await s.getByTestId("outbound-print").click()
    await toast(s, "寄件客户还没付运费").waitFor()
    await s.getByTestId("outbound-company").click()
    await pick(s, "中通快递")
    await s.locator("[data-testid=outbound-weight] input").fill("2.3")
    await s.locator("[data-testid=outbound-freight] input").fill("9.9")
    await s.getByTestId("outbound-quote").click()
    await toast(s, "自动计算运费失败，请手动输入。").waitFor()
    expect(await s.locator("[data-testid=outbound-freight] input").inputValue()).toBe("")
    await s.getByTestId("outbound-company").click()
    await pick(s, "顺丰速运")
    await s.getByTestId("outbound-quote").click()
    // SF to Beijing: 12.00 first kg + 2 started kg × 5.00
    await expect.poll(() => s.locator("[data-testid=outbound-freight] input").inputValue(), POLL).toBe("22.00")
    await shot(s, "s05-outbound-freight-computed")
    await s.getByTestId("outbound-confirm-freight").click()
    await toast(s, "计费成功待支付").waitFor()
    await expect.poll(() => s.getByTestId("outbound-status").textContent(), POLL).toBe("待支付运费")
    await s.getByTestId("outbound-print").click()
    await toast(s, "寄件客户还没付运费").waitFor()
    await shot(s, "s06-outbound-awaiting-payment")

    // ---- the student's list shows the freight live and pays it in the simulated sheet
    await expect.poll(() => card.getByTestId("send-status").textContent(), POLL).toBe("待支付运费")
    expect(await card.getByTestId("send-pay-freight").textContent()).toContain("¥24.50")
    await shot(page, "s07-send-list-freight-due")
    await card.getByTestId("send-pay-freight").click()
    await page.getByTestId("pay-sheet").waitFor()
    expect(await page.locator(".pay-sheet__amount").textContent()).toBe("¥24.50")
    await page.getByTestId("pay-confirm").click()
    await toast(page, "支付成功").waitFor()
    await expect.poll(() => card.getByTestId("send-status").textContent(), POLL).toBe("待分配单号")

    // ---- staff screen learns of the payment live; print; the count rises on the watcher's page
    await expect.poll(() => s.getByTestId("outbound-screen").getAttribute("data-step"), POLL).toBe("readyToPrint")
    await s.getByTestId("outbound-print").click()
    await toast(s, "打印成功").waitFor()
    await s.getByTestId("printed-express-no").waitFor()
    const expressNo = (await s.getByTestId("printed-express-no").textContent()) ?? ""
    expect(expressNo).toMatch(/^SF\d{14}[0-9A-Z]{6}$/)
    await shot(s, "s08-outbound-printed")
    await expect.poll(async () => Number(await sfCount.textContent()), POLL).toBe(before + 1)
    await shot(watcher.page, "s09-dispatch-count-up")

    // ---- the waybill PDF, as the staff page fetches it, rendered to an image
    const pdfPath = (await s.getByTestId("waybill-pdf").getAttribute("data-pdf")) ?? ""
    const pdfAnswer = await fetch(`${h.url}${pdfPath}`, { headers: { Authorization: `Bearer ${staffToken}` } })
    expect(pdfAnswer.headers.get("content-type")).toContain("application/pdf")
    const pdf = Buffer.from(await pdfAnswer.arrayBuffer())
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-")
    const pdfFile = resolve(SCREENSHOTS, "s10-waybill.pdf")
    writeFileSync(pdfFile, pdf)
    execFileSync("pdftoppm", ["-png", "-r", "110", "-singlefile", pdfFile, resolve(SCREENSHOTS, "s10-waybill")])

    // ---- dispatch: scan out (text after the first comma), '出库成功' for 2 s, the watcher's count drops live
    await s.goto(`${h.url}/toTakeinOutScan/${encodeURIComponent(staffToken)}`)
    await s.getByTestId("dispatch-scan").waitFor()
    await scanInto(s, "dispatch-scan", "NOPE,SF000000")
    await expect.poll(() => s.getByTestId("dispatch-result").textContent(), POLL).toBe("没有找到该寄件")
    await scanInto(s, "dispatch-scan", `${orderNo.order_no},${expressNo}`)
    await expect.poll(() => s.getByTestId("dispatch-result").textContent(), POLL).toBe("出库成功")
    await shot(s, "s11-dispatch-sent-out")
    await expect.poll(async () => Number(await sfCount.textContent()), POLL).toBe(before)
    await shot(watcher.page, "s12-dispatch-count-down-live")
    await s.getByTestId("dispatch-result").waitFor({ state: "detached", timeout: 5_000 })

    // the student's order is out: it moved from 待处理 to 已出库
    await page.goto(`${h.url}/expressSendList/complete/${encodeURIComponent(token)}`)
    await page.locator(`[data-testid=send-card][data-id="${orderNo.id}"]`).waitFor()
    expect(await page.locator(`[data-testid=send-card][data-id="${orderNo.id}"] [data-testid=send-express-no]`).textContent()).toContain(expressNo)
    await shot(page, "s13-send-list-complete")

    expect(student.errors).toEqual([])
    expect(staff.errors).toEqual([])
    expect(watcher.errors).toEqual([])
  }, 180_000)

  it("books a door pickup: the place before the goods type, every door check in order, the time picker; then closes it", async ({ onTestFailed }) => {
    await setVerified(h, 1)
    const token = await h.token("demo-student")
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-sending-door-${Date.now()}`))
    await page.goto(`${h.url}/expressTotakein/${encodeURIComponent(token)}`)
    await page.getByTestId("booking-form").waitFor()
    await page.getByTestId("company-picker").click()
    await pick(page, "顺丰速运")
    await page.getByTestId("receiver-card").click()
    await page.locator("[data-testid=receiver-option][data-name=王芳]").click()
    await page.locator("[data-testid=goods-name] input").fill("冬季衣物")
    await page.getByTestId("door-switch").click()
    await page.getByTestId("dorm-building").waitFor()

    const goodsType = (label: string) => page.getByTestId("goods-type").locator(".adm-selector-item").filter({ hasText: label }).click()
    await goodsType("小件")
    await toast(page, "请选择大楼").waitFor()
    await page.getByTestId("dorm-building").click()
    await pick(page, "1号楼")
    await goodsType("小件")
    await toast(page, "请选择楼层").waitFor()
    await page.getByTestId("dorm-floor").click()
    await pick(page, "3层")
    await page.getByTestId("booking-submit").click()
    await toast(page, "请选择物品类别").waitFor()
    await goodsType("大件")
    await page.getByTestId("booking-submit").click()
    await toast(page, "请选择大件分类").waitFor()
    await page.getByTestId("large-category").click()
    await pick(page, "其他")
    await page.getByTestId("booking-submit").click()
    await toast(page, "请填入宿舍号码").waitFor()
    await page.locator("[data-testid=dorm-room] input").fill("305")
    await page.getByTestId("booking-submit").click()
    await toast(page, "赏金不能为空").waitFor()
    await page.locator("[data-testid=reward] input").fill("3")
    await page.locator("[data-testid=paotui-remark] textarea").fill("请在宿舍楼下打电话，谢谢你，我会准时下楼的哦")
    expect(await page.getByTestId("paotui-remark-counter").textContent()).toBe("22/20")
    expect(await page.getByTestId("paotui-remark-counter").getAttribute("class")).toContain("note-counter--over")
    await page.getByTestId("booking-submit").click()
    await toast(page, "备注不能超过20个字").waitFor()
    await page.locator("[data-testid=paotui-remark] textarea").fill("到楼下请打电话")
    await page.getByTestId("booking-submit").click()
    await toast(page, "请选择正确的预约时间").waitFor()
    await page.getByTestId("booking-time").click()
    const tomorrow = page.locator(".adm-picker:visible .adm-picker-view-column").first().locator(".adm-picker-view-column-item").filter({ hasText: /^明天/ })
    await tomorrow.first().waitFor()
    const dayText = (await tomorrow.first().textContent()) ?? ""
    await pick(page, dayText, "10:00")
    expect(await page.getByTestId("booking-time-value").textContent()).toBe(`${dayText} 10:00`)
    await shot(page, "s14-door-pickup-filled")
    await page.getByTestId("booking-submit").click()
    await page.waitForURL((u) => u.pathname.startsWith("/orderSuccess/"))
    const url = new URL(page.url())
    expect(url.searchParams.get("kind")).toBe("send")
    const id = url.pathname.split("/")[2]!
    const row = await h.runtime.db.selectFrom("send_order").selectAll().where("id", "=", id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 0, door_pickup: true, dorm_building: "b-xy-1", dorm_floor: 3, dorm_room: "305", goods_type: 3, large_category: "-1", fee: 300 })
    expect(row.errand_id).not.toBeNull()
    // '提交并支付赏金': the payment sheet opens at once; cancelled here, the reward stays to pay
    await page.getByTestId("pay-sheet").waitFor()
    expect(await page.locator(".pay-sheet__amount").textContent()).toBe("¥3.00")
    await page.locator(".adm-dialog-button").filter({ hasText: "取消" }).click()
    await page.getByTestId("pay-sheet").waitFor({ state: "detached" })
    await page.locator("[data-testid=send-success], [data-testid=order-success]").or(page.getByText("页面不存在")).first().waitFor()
    if (await page.getByTestId("send-success").count() > 0) {
      await expect.poll(() => page.getByTestId("send-success-order-no").textContent(), POLL).toBe(row.order_no)
      expect(await page.getByTestId("send-pay-now").textContent()).toContain("¥3.00")
      await shot(page, "s14b-send-success")
    }

    // the list: the reward still to pay, and close (status 0, no runner) → '关闭成功', into 已取消
    await page.goto(`${h.url}/expressSendList/ing/${encodeURIComponent(token)}`)
    const card = page.locator(`[data-testid=send-card][data-id="${id}"]`)
    await card.waitFor()
    expect(await card.getByTestId("send-status").textContent()).toBe("待支付")
    expect(await card.getByTestId("send-door").textContent()).toBe("上门取件：赏金待支付（赏金 ¥3.00）")
    await card.getByTestId("send-pay-reward").waitFor()
    await shot(page, "s15-send-list-door-pickup")
    await card.getByTestId("send-close").click()
    await page.locator(".adm-dialog-button").filter({ hasText: "确定" }).click()
    await toast(page, "关闭成功").waitFor()
    await card.waitFor({ state: "detached" })
    await page.getByRole("tab", { name: "已取消" }).click()
    await page.locator(`[data-testid=send-card][data-id="${id}"]`).waitFor()
    expect(await page.locator(`[data-testid=send-card][data-id="${id}"] [data-testid=send-status]`).textContent()).toBe("已取消")
    expect(errors).toEqual([])
  }, 120_000)

  it("staff approve the sender in place, and the sender's cancellation clears the staff screen live", async ({ onTestFailed }) => {
    await h.fixture((db) => db.updateTable("app_user").set({ auth_status: 0, id_card_no: "440106200001010011" }).where("id", "=", "u-student").execute())
    const token = await h.token("demo-student")
    const staffToken = await h.token("demo-staff")
    const booked = await h.api<{ success: boolean; message: string; data: { _id: string; orderNo: string } }>("/api/expressTakein", token, {
      method: "POST",
      body: JSON.stringify({ expressCompanyId: "ec-sf", senderAddressId: "addr-student-1", receiverAddressId: "addr-student-bj", goodsName: "相机", goodsCount: 1 })
    })
    expect(booked.success, booked.message).toBe(true)
    const { page: s, errors } = await h.phone()
    onTestFailed(() => shot(s, `FAILED-sending-cancel-${Date.now()}`))
    await s.goto(`${h.url}/printSurface/${encodeURIComponent(staffToken)}`)
    await s.getByTestId("outbound-scan").waitFor()
    await scanInto(s, "outbound-scan", booked.data.orderNo)
    await expect.poll(() => s.getByTestId("sender-auth").textContent(), POLL).toBe("待审核")
    await shot(s, "s16-outbound-sender-reviewing")
    await s.getByTestId("sender-approve").click()
    await toast(s, "审核通过").waitFor()
    await expect.poll(() => s.getByTestId("sender-auth").textContent(), POLL).toBe("已认证")
    expect((await h.runtime.db.selectFrom("app_user").select("auth_status").where("id", "=", "u-student").executeTakeFirstOrThrow()).auth_status).toBe(1)

    await s.locator("[data-testid=outbound-weight] input").fill("1")
    await s.locator("[data-testid=outbound-freight] input").fill("15")
    await s.getByTestId("outbound-confirm-freight").click()
    await toast(s, "计费成功待支付").waitFor()
    const closed = await h.api<{ success: boolean; message: string }>(`/api/expressTakein/${booked.data._id}`, token, { method: "DELETE" })
    expect(closed).toMatchObject({ success: true, message: "关闭成功" })
    await expect.poll(() => s.getByTestId("outbound-message").textContent(), POLL).toBe("该预约单已经被用户取消")
    expect(await s.getByTestId("outbound-order-no").count()).toBe(0)
    await shot(s, "s17-outbound-cancelled-live")
    expect(errors).toEqual([])
  }, 90_000)

  it("cash on delivery: the configured carrier offers the pay mode; '到付成功待打印' and it prints at once", async ({ onTestFailed }) => {
    await setVerified(h, 1)
    const token = await h.token("demo-student")
    const staffToken = await h.token("demo-staff")
    const booked = await h.api<{ success: boolean; message: string; data: { _id: string; orderNo: string } }>("/api/expressTakein", token, {
      method: "POST",
      body: JSON.stringify({ expressCompanyId: "ec-zto", senderAddressId: "addr-student-1", receiverAddressId: "addr-student-bj", goodsName: "台灯", goodsCount: 1 })
    })
    expect(booked.success, booked.message).toBe(true)
    const { page: s, errors } = await h.phone()
    onTestFailed(() => shot(s, `FAILED-sending-daofu-${Date.now()}`))
    await s.goto(`${h.url}/printSurface/${encodeURIComponent(staffToken)}`)
    await s.getByTestId("outbound-scan").waitFor()
    await scanInto(s, "outbound-scan", booked.data.orderNo)
    await s.getByTestId("outbound-pay-mode").waitFor()
    await s.getByTestId("outbound-pay-mode").locator(".adm-selector-item").filter({ hasText: "到付" }).click()
    expect(await s.getByTestId("outbound-weight").count()).toBe(0)
    await s.getByTestId("outbound-confirm-freight").click()
    await toast(s, "到付成功待打印").waitFor()
    await expect.poll(() => s.getByTestId("outbound-screen").getAttribute("data-step"), POLL).toBe("readyToPrint")
    await shot(s, "s18-outbound-daofu-ready")
    await s.getByTestId("outbound-print").click()
    await toast(s, "打印成功").waitFor()
    expect(await s.getByTestId("printed-express-no").textContent()).toMatch(/^ZTO\d{14}[0-9A-Z]{6}$/)
    const row = await h.runtime.db.selectFrom("send_order").select(["status", "is_daofu", "freight"]).where("id", "=", booked.data._id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 5, is_daofu: true, freight: null })
    expect(errors).toEqual([])
  }, 90_000)

  it("door pickup end to end: booked and rewarded, grabbed live in the hall, handed over and confirmed; freight set and paid, printed, dispatched", async ({ onTestFailed }) => {
    await setVerified(h, 1)
    // a runner who also takes door pickups hears the hall's pickup event (spec §7: pickupAble users)
    await h.fixture((db) => db.updateTable("app_user").set({ pickup_able: true }).where("openid", "=", "demo-runner").execute())
    const token = await h.token("demo-student")
    const runnerToken = await h.token("demo-runner")
    const staffToken = await h.token("demo-staff")
    const student = await h.phone()
    const runner = await h.phone()
    const staff = await h.phone()
    const watcher = await h.phone()
    onTestFailed(async () => {
      const at = Date.now()
      await shot(student.page, `FAILED-door-student-${at}`)
      await shot(runner.page, `FAILED-door-runner-${at}`)
      await shot(staff.page, `FAILED-door-staff-${at}`)
      await shot(watcher.page, `FAILED-door-watcher-${at}`)
    })
    const page = student.page
    const r = encodeURIComponent(runnerToken)
    const sendRow = (id: string) => h.runtime.db.selectFrom("send_order").selectAll().where("id", "=", id).executeTakeFirstOrThrow()
    const errandRow = (id: string) => h.runtime.db.selectFrom("errand_order").selectAll().where("id", "=", id).executeTakeFirstOrThrow()
    /** The send order and its errand where the two status machines put them. */
    const statuses = async (id: string) => {
      const o = await sendRow(id)
      return [o.status, (await errandRow(o.errand_id!)).status]
    }

    // the runner waits in the hall
    await runner.page.goto(`${h.url}/robbing/${r}`)
    await runner.page.locator("[data-testid=hall-empty], [data-testid=errand-order]").first().waitFor()

    // ---- the student books a sending with door pickup at 1号楼 (the demo seed's building, the real route)
    await page.goto(`${h.url}/expressTotakein/${encodeURIComponent(token)}`)
    await page.getByTestId("booking-form").waitFor()
    await fillDoorBooking(page, { goods: "教材", floor: "5层", room: "512", reward: "4", time: "15:00" })
    await shot(page, "s20-door-booking-filled")
    await page.getByTestId("booking-submit").click()
    await page.waitForURL((u) => u.pathname.startsWith("/orderSuccess/"))
    const id = new URL(page.url()).pathname.split("/")[2]!
    const booked = await sendRow(id)
    expect(booked).toMatchObject({ door_pickup: true, dorm_building: "b-xy-1", dorm_floor: 5, dorm_room: "512", fee: 400 })
    expect(await statuses(id)).toEqual([0, -1])
    const errand = await errandRow(booked.errand_id!)

    // ---- pays the reward (simulated) in the sheet that opened at once; the order appears in the runner's hall live
    await expect.poll(() => page.getByTestId("send-success-order-no").textContent(), POLL).toBe(booked.order_no)
    await page.getByTestId("pay-sheet").waitFor()
    expect(await page.locator(".pay-sheet__amount").textContent()).toBe("¥4.00")
    await page.getByTestId("pay-confirm").click()
    await toast(page, "支付成功").waitFor()
    await expect.poll(() => page.getByTestId("send-success-status").textContent(), POLL).toBe("任务已发布")
    expect(await statuses(id)).toEqual([1, 0])
    await shot(page, "s21-door-reward-paid")
    const card = runner.page.locator(`[data-testid=errand-order][data-order-no="${errand.order_no}"]`)
    await card.waitFor({ timeout: 15_000 })
    // the hall shows the building only, never the requester's floor and room (issue 21 item 1)
    expect(await card.getByTestId("order-place").textContent()).toBe("1号楼")
    expect(await card.getByTestId("order-pickup").textContent()).toBe("上门取件")
    await shot(runner.page, "s22-hall-door-pickup-live")

    // ---- the runner grabs it
    await card.getByTestId("hall-grab").click()
    await toast(runner.page, "接单成功").waitFor()
    await card.waitFor({ state: "detached" })
    expect(await statuses(id)).toEqual([2, 1])
    await expect.poll(() => page.getByTestId("send-success-status").textContent(), POLL).toBe("已接单")

    // ---- the sender says the runner has taken the parcel (on the errand's page)
    await page.goto(`${h.url}/orderSuccess/${encodeURIComponent(errand.id)}/${encodeURIComponent(token)}`)
    await page.getByTestId("order-say-taken").click()
    await page.locator(".adm-dialog-button").filter({ hasText: "确定" }).click()
    await toast(page, "已确认").waitFor()
    await expect.poll(() => statuses(id), POLL).toEqual([3, 2])
    await expect.poll(() => page.getByTestId("order-status").textContent(), POLL).toBe("待跑腿确认")
    expect(await page.locator(".adm-steps .adm-step-status-process .adm-step-title").textContent()).toBe("已交件")
    await shot(page, "s23-sender-says-taken")

    // ---- the runner confirms it in their list (pay now)
    await runner.page.goto(`${h.url}/robbingList/2/ing/${r}`)
    const mine = runner.page.locator(`[data-testid=errand-order][data-order-no="${errand.order_no}"]`)
    await mine.getByTestId("order-confirm-takeaway").click()
    await runner.page.getByTestId("confirm-takeaway").waitFor()
    await runner.page.getByTestId("confirm-daofu").waitFor()
    await runner.page.waitForTimeout(500) // the sheet's slide-in
    await shot(runner.page, "s24-runner-confirms")
    await runner.page.getByTestId("confirm-submit").click()
    await toast(runner.page, "已确认取件").waitFor()
    await expect.poll(() => statuses(id), POLL).toEqual([10, 3])

    // ---- the watcher's dispatch screen: the SF count before
    await watcher.page.goto(`${h.url}/toTakeinOutScan/${encodeURIComponent(staffToken)}`)
    const sfCount = watcher.page.locator("[data-testid=dispatch-company][data-id=ec-sf] [data-testid=dispatch-count]")
    await sfCount.waitFor()
    const before = Number(await sfCount.textContent())

    // ---- staff set the freight
    const s = staff.page
    await s.goto(`${h.url}/printSurface/${encodeURIComponent(staffToken)}`)
    await s.getByTestId("outbound-scan").waitFor()
    await scanInto(s, "outbound-scan", booked.order_no)
    await s.getByTestId("outbound-order-no").waitFor()
    expect(await s.getByTestId("outbound-goods").textContent()).toBe("教材 × 1")
    await s.locator("[data-testid=outbound-weight] input").fill("1")
    await s.getByTestId("outbound-quote").click()
    await expect.poll(() => s.locator("[data-testid=outbound-freight] input").inputValue(), POLL).toBe("12.00")
    await s.getByTestId("outbound-confirm-freight").click()
    await toast(s, "计费成功待支付").waitFor()
    await expect.poll(() => statuses(id), POLL).toEqual([20, 10])
    await shot(s, "s25-door-freight-set")

    // ---- the student pays the freight (simulated) from the list
    await page.goto(`${h.url}/expressSendList/ing/${encodeURIComponent(token)}`)
    const sendCard = page.locator(`[data-testid=send-card][data-id="${id}"]`)
    await expect.poll(() => sendCard.getByTestId("send-status").textContent(), POLL).toBe("待支付运费")
    expect(await sendCard.textContent()).toContain("王强")
    await shot(page, "s26-door-freight-due")
    await sendCard.getByTestId("send-pay-freight").click()
    await page.getByTestId("pay-sheet").waitFor()
    expect(await page.locator(".pay-sheet__amount").textContent()).toBe("¥12.00")
    await page.getByTestId("pay-confirm").click()
    await toast(page, "支付成功").waitFor()
    await expect.poll(() => statuses(id), POLL).toEqual([4, 20])

    // ---- staff print (live on the staff screen), the PDF looked at; the watcher's count rises
    await expect.poll(() => s.getByTestId("outbound-screen").getAttribute("data-step"), POLL).toBe("readyToPrint")
    await s.getByTestId("outbound-print").click()
    await toast(s, "打印成功").waitFor()
    const expressNo = (await s.getByTestId("printed-express-no").textContent()) ?? ""
    expect(expressNo).toBe(`SF${booked.order_no.slice(2)}`)
    expect(await statuses(id)).toEqual([5, 5])
    await expect.poll(async () => Number(await sfCount.textContent()), POLL).toBe(before + 1)
    const pdfPath = (await s.getByTestId("waybill-pdf").getAttribute("data-pdf")) ?? ""
    const pdf = Buffer.from(await (await fetch(`${h.url}${pdfPath}`, { headers: { Authorization: `Bearer ${staffToken}` } })).arrayBuffer())
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-")
    const pdfFile = resolve(SCREENSHOTS, "s27-door-waybill.pdf")
    writeFileSync(pdfFile, pdf)
    execFileSync("pdftoppm", ["-png", "-r", "110", "-singlefile", pdfFile, resolve(SCREENSHOTS, "s27-door-waybill")])

    // ---- dispatch; the watcher's count drops live; the runner is paid the reward
    const wallet = async () => (await h.runtime.db.selectFrom("wallet").innerJoin("app_user", "app_user.id", "wallet.user_id").select("wallet.money").where("app_user.openid", "=", "demo-runner").executeTakeFirstOrThrow()).money
    const walletBefore = await wallet()
    await s.goto(`${h.url}/toTakeinOutScan/${encodeURIComponent(staffToken)}`)
    await s.getByTestId("dispatch-scan").waitFor()
    await scanInto(s, "dispatch-scan", expressNo)
    await expect.poll(() => s.getByTestId("dispatch-result").textContent(), POLL).toBe("出库成功")
    await expect.poll(async () => Number(await sfCount.textContent()), POLL).toBe(before)
    await shot(watcher.page, "s28-door-dispatch-count-down-live")
    expect(await statuses(id)).toEqual([100, 100])
    expect(await errandRow(errand.id)).toMatchObject({ paid: 400, refunded: 0, runner_income: 400, to_comment: true })
    expect(await wallet()).toBe(walletBefore + 400)

    expect(student.errors).toEqual([])
    expect(runner.errors).toEqual([])
    expect(staff.errors).toEqual([])
    expect(watcher.errors).toEqual([])
  }, 240_000)
})
