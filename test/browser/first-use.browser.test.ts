/**
 * What a first-time user ran into: staff entries and tabs, the real-name review page with live /my updates,
 * paste recognition that leaves nothing stale, one name per demo person, the wallet's back arrow, unbroken toasts.
 */
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { pngWithText } from "#adapters/ocr/png-text"
import { createUser } from "#adapters/postgres/seed"
import { checkDigit } from "#src/profile/id-card"
import { browserAvailable, POLL, shot, startHarness, toast, type Harness } from "./harness"

const run = browserAvailable()

const still = async (page: Page, name: string) => {
  await page.locator(".adm-toast-mask").waitFor({ state: "detached", timeout: 5000 }).catch(() => undefined)
  await page.waitForTimeout(400)
  await shot(page, name)
}

const idNo = (seq: string) => {
  const first17 = `11010520040307${seq}`
  return first17 + checkDigit(first17)
}

const dialogButton = (page: Page, text: string) => page.locator(".adm-dialog-footer .adm-dialog-button").filter({ hasText: text })

describe.skipIf(!run)("first use: staff, review, account screens", () => {
  let h: Harness
  beforeAll(async () => { h = await startHarness() }, 60_000)
  afterAll(async () => { await h?.close() })

  /** A student of 西园驿站 who has submitted an ID card photo for review. */
  const submitted = async (id: string, realname: string, seq: string) => {
    await h.fixture((db, at) => createUser(db, { id, openid: `test-${id}`, nickname: realname, worksite_id: "ws-xiyuan", phone_main: `1360000${seq}0`, role: "student" }, {}, at))
    const token = await h.token(`test-${id}`)
    const form = new FormData()
    form.append("idCard", new Blob([new Uint8Array(pngWithText({ ocr: JSON.stringify({ realname, idCardNo: idNo(seq) }) }))], { type: "image/png" }), "id.png")
    const up = await fetch(`${h.url}/api/upload/uploadFile`, { method: "POST", body: form, headers: { Authorization: `Bearer ${token}` } })
    const url = ((await up.json()) as { data: { url: string } }).data.url
    const applied = await h.api<{ success: boolean }>("/api/user/applyAuth", token, { method: "PUT", body: JSON.stringify({ idCardUrl: url }) })
    expect(applied.success).toBe(true)
    return { id, token, idCardNo: idNo(seq) }
  }

  it("staff reach check-in, pickup and the review page from /my and from each other; a review reaches the student's open /my", async ({ onTestFailed }) => {
    const passing = await submitted("u-review-a", "周一", "113")
    const rejecting = await submitted("u-review-b", "吴二", "125")
    const staffToken = await h.token("demo-staff")
    const staff = await h.phone()
    const student = await h.phone()
    const other = await h.phone()
    onTestFailed(async () => {
      await shot(staff.page, `FAILED-first-use-staff-${Date.now()}`)
      await shot(student.page, `FAILED-first-use-student-${Date.now()}`)
    })

    // both students keep /my open
    await student.page.goto(`${h.url}/my/${encodeURIComponent(passing.token)}`)
    await other.page.goto(`${h.url}/my/${encodeURIComponent(rejecting.token)}`)
    for (const p of [student.page, other.page]) {
      await expect.poll(() => p.getByTestId("me-auth-badge").textContent(), POLL).toBe("实名认证审核中")
      await p.evaluate(() => { (window as unknown as { stillHere: boolean }).stillHere = true })
    }
    expect(await student.page.getByTestId("me-staff").count()).toBe(0)

    // a bound employee's /my has the staff entries
    await staff.page.goto(`${h.url}/my/${encodeURIComponent(staffToken)}`)
    await staff.page.getByTestId("me-staff").waitFor()
    expect(await staff.page.getByTestId("me-staff").textContent()).toBe("驿站工作快递入库确认取件退件寄件计费打单寄件出库实名审核意见反馈处理")
    await still(staff.page, "60-me-staff-entries")

    await staff.page.getByTestId("me-staff-review").click()
    await staff.page.waitForURL((u) => u.pathname.startsWith("/authReview/"))
    const card = staff.page.getByTestId(`review-${passing.id}`)
    await card.waitFor()
    expect(await card.getByTestId("review-name").textContent()).toBe("周一")
    expect(await card.getByTestId("review-id-card-no").textContent()).toBe(`${passing.idCardNo.slice(0, 6)}********${passing.idCardNo.slice(-4)}`)
    await expect.poll(() => card.getByTestId("review-id-card").locator("img").evaluate((img) => (img as HTMLImageElement).naturalWidth), POLL).toBeGreaterThan(0)
    expect(await card.getByTestId("review-student-card").textContent()).toBe("未上传")
    expect(await staff.page.getByTestId(`review-${rejecting.id}`).count()).toBe(1)
    await still(staff.page, "61-review-list")

    // pass after a confirmation
    await card.getByTestId("review-pass").click()
    await staff.page.locator(".adm-dialog-body").filter({ hasText: "确认通过 周一" }).waitFor()
    await dialogButton(staff.page, "通过").click()
    await toast(staff.page, "已通过").waitFor()
    await card.waitFor({ state: "detached" })

    // the student's /my changes without a reload
    await expect.poll(() => student.page.getByTestId("me-auth-badge").textContent(), POLL).toBe("已实名认证")
    expect(await student.page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true)

    // reject: a reason is required, and the student reads it once
    const second = staff.page.getByTestId(`review-${rejecting.id}`)
    await second.getByTestId("review-reject").click()
    const comment = staff.page.locator("[data-testid=review-comment] textarea:not([aria-hidden])")
    await comment.waitFor()
    await dialogButton(staff.page, "不通过").click()
    await toast(staff.page, "请填写不通过的原因").waitFor()
    await comment.fill("照片模糊，请重新上传")
    await still(staff.page, "62-review-reject")
    await dialogButton(staff.page, "不通过").click()
    await toast(staff.page, "已驳回").waitFor()
    await second.waitFor({ state: "detached" })
    await expect.poll(() => other.page.getByTestId("me-auth-badge").textContent(), POLL).toBe("实名认证未通过")
    const tip = (await other.page.getByTestId("me-auth-tip").textContent()) ?? ""
    expect(tip).toContain("实名认证未通过：照片模糊，请重新上传")
    expect(tip.match(/请重新/g)).toHaveLength(1)
    expect(await other.page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true)
    await still(other.page, "63-me-rejected")

    // the staff tabs lead between the three screens and back to /my
    await staff.page.getByTestId("review-empty").waitFor()
    await still(staff.page, "64-review-empty")
    // a submission made while the page is open shows after 刷新
    const third = await submitted("u-review-c", "郑三", "137")
    await staff.page.getByTestId("review-refresh").click()
    await staff.page.getByTestId(`review-${third.id}`).waitFor()
    await staff.page.getByTestId("staff-nav-warehousing").click()
    await staff.page.waitForURL((u) => u.pathname.startsWith("/warehousing/"))
    await staff.page.getByTestId("station-header").waitFor()
    expect(await staff.page.getByTestId("staff-nav-warehousing").getAttribute("aria-current")).toBe("page")
    await still(staff.page, "65-check-in-with-tabs")
    await staff.page.getByTestId("staff-nav-takepart").click()
    await staff.page.waitForURL((u) => u.pathname.startsWith("/takepart/"))
    await staff.page.getByTestId("pickup-scan").waitFor()
    await still(staff.page, "66-pickup-with-tabs")
    await staff.page.getByTestId("staff-nav-authReview").click()
    await staff.page.waitForURL((u) => u.pathname.startsWith("/authReview/"))
    await staff.page.getByTestId(`review-${third.id}`).waitFor()
    await staff.page.getByTestId("staff-nav-my").click()
    await staff.page.waitForURL((u) => u.pathname.startsWith("/my/"))
    await staff.page.getByTestId("me-staff").waitFor()

    // a student is refused the review page; an admin gets the review entry but no check-in
    await student.page.goto(`${h.url}/authReview/${encodeURIComponent(passing.token)}`)
    await student.page.getByText("只有网点工作人员或管理员可以审核实名认证").waitFor()
    const admin = await h.phone()
    await admin.page.goto(`${h.url}/my/${encodeURIComponent(await h.token("demo-admin"))}`)
    await admin.page.getByTestId("me-staff-review").waitFor()
    expect(await admin.page.getByTestId("me-staff-warehousing").count()).toBe(0)
    await still(admin.page, "71-me-admin-review-entry")

    for (const p of [staff, student, other, admin]) expect(p.errors).toEqual([])
  }, 180_000)

  it("a failed paste leaves nothing stale; 清空 clears the box and what recognition filled, not what was typed", async ({ onTestFailed }) => {
    const token = await h.token("demo-runner")
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-first-use-address-${Date.now()}`))
    await page.goto(`${h.url}/address/${encodeURIComponent(token)}`)
    await page.getByTestId("address-add").click()
    const paste = page.locator("[data-testid=address-paste] textarea:not([aria-hidden])")
    const name = page.locator("[data-testid=address-name] input")
    const phone = page.locator("[data-testid=address-phone] input")
    const detail = page.locator("[data-testid=address-detail] textarea:not([aria-hidden])")
    const region = page.getByTestId("address-region")
    await paste.waitFor()

    await paste.fill("张三 13812345678 广东省深圳市南山区科技园1号")
    await page.getByTestId("address-paste-parse").click()
    await expect.poll(() => region.textContent(), POLL).toBe("广东省 深圳市 南山区")
    expect(await page.getByTestId("address-paste-missed").count()).toBe(0)

    // a paste with no name, phone or region: what the last paste filled is emptied, and the page says what was missing
    await paste.fill("明天下午三点到")
    await page.getByTestId("address-paste-parse").click()
    await expect.poll(() => page.getByTestId("address-paste-missed").textContent(), POLL).toBe("未识别出联系人、联系电话、所在地区，请手动填写")
    expect(await name.inputValue()).toBe("")
    expect(await phone.inputValue()).toBe("")
    expect(await region.textContent()).toBe("请选择省市区")
    expect(await detail.inputValue()).toBe("明天下午三点到")
    await still(page, "67-address-paste-missed")

    // typed by hand: kept by a recognition that finds no name, and by 清空
    await name.fill("王五")
    await paste.fill("13912345678")
    await page.getByTestId("address-paste-parse").click()
    await expect.poll(() => phone.inputValue(), POLL).toBe("13912345678")
    expect(await name.inputValue()).toBe("王五")
    expect(await detail.inputValue()).toBe("")
    await page.getByTestId("address-paste-clear").click()
    expect(await paste.inputValue()).toBe("")
    expect(await phone.inputValue()).toBe("")
    expect(await name.inputValue()).toBe("王五")
    expect(await page.getByTestId("address-paste-missed").count()).toBe(0)
    await still(page, "68-address-cleared")
    expect(errors).toEqual([])
  }, 90_000)

  it("the sign-in picker names each person as the app does", async ({ onTestFailed }) => {
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-first-use-names-${Date.now()}`))
    await page.goto(`${h.url}/`)
    const pickerName = async (openid: string) => ((await page.getByTestId(`dev-user-${openid}`).getByTestId("dev-user-name").textContent()) ?? "").trim()
    await page.getByTestId("dev-user-demo-student").waitFor()
    const names = Object.fromEntries(await Promise.all(
      ["demo-student", "demo-runner", "demo-staff", "demo-staff-dy", "demo-admin", "demo-newstaff"].map(async (o) => [o, await pickerName(o)] as const)
    ))
    expect(names).toEqual({
      "demo-student": "李明", "demo-runner": "王强", "demo-staff": "张伟", "demo-staff-dy": "赵磊", "demo-admin": "陈静", "demo-newstaff": "刘洋"
    })
    await still(page, "69-sign-in-picker")

    await page.getByTestId("dev-user-demo-student").click()
    await page.waitForURL((u) => u.pathname.startsWith("/my/"))
    await expect.poll(() => page.getByTestId("me-name").textContent(), POLL).toBe(names["demo-student"])

    await page.goto(`${h.url}/`)
    await page.getByTestId("dev-user-demo-staff").click()
    await page.waitForURL((u) => u.pathname.startsWith("/warehousing/"))
    await expect.poll(() => page.getByTestId("station-header").textContent(), POLL).toContain(names["demo-staff"])
    expect(errors).toEqual([])
  }, 60_000)

  it("the wallet page has a back arrow to /my", async ({ onTestFailed }) => {
    const token = await h.token("demo-student")
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-first-use-back-${Date.now()}`))
    await page.goto(`${h.url}/takecash/${encodeURIComponent(token)}`)
    await page.getByTestId("balance").waitFor()
    const back = page.locator(".page__nav .adm-nav-bar-back")
    expect(await back.isVisible()).toBe(true)
    await still(page, "70-takecash-back")
    await back.click()
    await page.waitForURL((u) => u.pathname.startsWith("/my/"))
    await page.getByTestId("me-name").waitFor()
    expect(errors).toEqual([])
  }, 60_000)

  it("a long toast wraps between words, never inside a number", async ({ onTestFailed }) => {
    const { page } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-first-use-toast-${Date.now()}`))
    await page.goto(`${h.url}/`)
    await page.getByTestId("dev-user-demo-student").waitFor()
    // antd-mobile's toast markup with the app's stylesheet; with a growing lead-in, under break-all some line end
    // would fall inside the number
    const measured = await page.evaluate(() => {
      const tops = (rects: DOMRectList) => new Set(Array.from(rects, (r) => Math.round(r.top))).size
      const results: Array<{ lead: number; numberLines: number; lines: number }> = []
      for (let lead = 0; lead <= 16; lead++) {
        const mask = document.createElement("div")
        mask.className = "adm-toast-mask"
        const main = document.createElement("div")
        main.className = "adm-toast-main adm-toast-main-text"
        const number = document.createElement("span")
        number.textContent = "13800000001"
        main.append(`${"请联系网点客服处理该手机号码绑定的问题".slice(0, lead)}电话`, number, "处理")
        mask.append(main)
        document.body.append(mask)
        const all = document.createRange()
        all.selectNodeContents(main)
        results.push({ lead, numberLines: tops(number.getClientRects()), lines: tops(all.getClientRects()) })
        mask.remove()
      }
      return results
    })
    expect(measured.some((m) => m.lines > 1)).toBe(true)
    expect(measured.filter((m) => m.numberLines !== 1)).toEqual([])
  }, 30_000)
})
