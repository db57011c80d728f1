/**
 * The student's account area: completing the profile with an SMS code, adding an address by pasting a block of
 * text, submitting real-name verification with an ID card the OCR fake reads, and the Me badge after staff approval.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { pngWithText } from "#adapters/ocr/png-text"
import { createUser } from "#adapters/postgres/seed"
import { checkDigit } from "#src/profile/id-card"
import type { Page } from "playwright-core"
import { browserAvailable, POLL, shot, startHarness, toast, type Harness } from "./harness"

const run = browserAvailable()

/** A screenshot once toasts have gone and pickers have stopped moving. */
const still = async (page: Page, name: string) => {
  await page.locator(".adm-toast-mask").waitFor({ state: "detached", timeout: 5000 }).catch(() => undefined)
  await page.waitForTimeout(400)
  await shot(page, name)
}

/** A valid 18-character ID number (Beijing Chaoyang, born 2004-03-07, odd sequence: male). */
const ID_CARD_NO = (() => {
  const first17 = "11010520040307123"
  return first17 + checkDigit(first17)
})()

const idCardImage = (realname: string, idCardNo: string) => ({
  name: "idcard.png",
  mimeType: "image/png",
  buffer: pngWithText({ ocr: JSON.stringify({ realname, idCardNo }) })
})

describe.skipIf(!run)("account: profile, address, verification", () => {
  let h: Harness
  beforeAll(async () => { h = await startHarness() }, 60_000)
  afterAll(async () => { await h?.close() })

  /** The last code the SMS outbox holds for this phone, once the server has queued it. */
  const captchaSentTo = async (phone: string, after: Date): Promise<string> => {
    let code: string | undefined
    await expect.poll(async () => {
      const row = await h.runtime.db.selectFrom("outbox").select(["params", "created_at"])
        .where("template", "=", "captcha").where("recipient", "=", phone)
        .orderBy("created_at", "desc").executeTakeFirst()
      if (!row || new Date(row.created_at) < after) return undefined
      const params = (typeof row.params === "string" ? JSON.parse(row.params) : row.params) as Record<string, string>
      code = params.code
      return code
    }, POLL).toMatch(/^\d{4}$/)
    return code as string
  }

  it("completes a new student's profile: worksite from the grouped list, main phone with the SMS code", async ({ onTestFailed }) => {
    await h.fixture((db, at) => createUser(db, { id: "u-fresh", openid: "test-fresh", nickname: "新来的同学", role: "student" }, {}, at))
    const token = await h.token("test-fresh")
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-account-${Date.now()}`))

    await page.goto(`${h.url}/my/${encodeURIComponent(token)}`)
    const notice = page.getByTestId("me-complete-profile")
    await notice.waitFor()
    await expect.poll(() => page.getByTestId("me-name").textContent(), POLL).toBe("新来的同")
    await still(page, "30-me-incomplete")

    await notice.getByText("去完善").click()
    await page.waitForURL((u) => u.pathname.startsWith("/addUserInfo/my/"))
    const phone = page.locator("[data-testid=complete-phone-main] input")
    await phone.waitFor()

    // a code needs a worksite first, and the form checks run before anything is sent
    await page.getByTestId("complete-main-captcha-send").click()
    await toast(page, "请选择您所在的网点").waitFor()
    await page.getByTestId("complete-submit").click()
    await toast(page, "请选择您所在的网点").waitFor()
    await still(page, "31-complete-profile")

    // no position in this browser: the chooser falls back to the grouped list; the choice is kept for the form
    await page.getByTestId("complete-worksite").click()
    await page.waitForURL((u) => u.pathname === "/worksiteList")
    await page.getByTestId("location-failed").waitFor()
    const xiyuan = page.getByTestId("worksite-ws-xiyuan")
    await xiyuan.waitFor()
    await still(page, "32-worksite-groups")
    await xiyuan.click()
    await page.waitForURL((u) => u.pathname.startsWith("/addUserInfo/my/"))
    await expect.poll(() => page.getByTestId("complete-worksite").textContent(), POLL).toContain("西园驿站")

    await page.getByTestId("complete-main-captcha-send").click()
    await toast(page, "请绑定您正确的手机号").waitFor()
    await phone.fill("1381234")
    await page.getByTestId("complete-main-captcha-send").click()
    await toast(page, "请输入正确的手机号码").waitFor()

    await phone.fill("13812345678")
    const asked = new Date(Date.now() - 1000)
    await page.getByTestId("complete-main-captcha-send").click()
    await toast(page, "验证码已发送").waitFor()
    await expect.poll(() => page.getByTestId("complete-main-captcha-send").textContent(), POLL).toMatch(/^\d+秒后重发$/)
    expect(await page.getByTestId("complete-main-captcha-send").isDisabled()).toBe(true)
    const code = await captchaSentTo("13812345678", asked)

    const captcha = page.locator("[data-testid=complete-main-captcha] input")
    await captcha.fill(code === "0000" ? "1111" : "0000")
    await page.getByTestId("complete-submit").click()
    await toast(page, "验证码不正确或已失效").waitFor()
    await still(page, "33-complete-profile-wrong-code")

    await captcha.fill(code)
    await page.getByTestId("complete-submit").click()
    await page.waitForURL((u) => u.pathname.startsWith("/my/"))
    await page.getByTestId("me-name").waitFor()
    expect(await page.getByTestId("me-complete-profile").count()).toBe(0)
    expect(await page.getByTestId("me-auth-badge").textContent()).toBe("待实名认证")
    await still(page, "34-me-complete")

    const info = await h.api<{ data: { phoneMain: string; worksite: { _id: string } } }>("/api/user/wxuserInfo", token)
    expect(info.data.phoneMain).toBe("13812345678")
    expect(info.data.worksite._id).toBe("ws-xiyuan")
    expect(errors).toEqual([])
  }, 120_000)

  it("adds an address by pasting a block of text; the default one cannot be deleted, another can", async ({ onTestFailed }) => {
    const token = await h.token("demo-newstaff")
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-account-${Date.now()}`))

    await page.goto(`${h.url}/address/${encodeURIComponent(token)}`)
    await page.getByText("还没有收件地址").waitFor()
    await still(page, "35-address-empty")

    await page.getByTestId("address-add").click()
    const paste = page.locator("[data-testid=address-paste] textarea:not([aria-hidden])")
    await paste.waitFor()
    await page.getByTestId("address-paste-parse").click()
    await toast(page, "请输入您的收件信息").waitFor()
    await page.getByTestId("address-submit").click()
    await toast(page, "联系人员不能为空").waitFor()

    // the box keeps 80 characters
    await paste.fill("长".repeat(100))
    expect(Array.from(await paste.inputValue()).length).toBe(80)

    await paste.fill("张三 13812345678 广东省深圳市南山区科技园1号")
    await page.getByTestId("address-paste-parse").click()
    const region = page.getByTestId("address-region")
    await expect.poll(() => region.textContent(), POLL).toBe("广东省 深圳市 南山区")
    expect(await page.locator("[data-testid=address-name] input").inputValue()).toBe("张三")
    expect(await page.locator("[data-testid=address-phone] input").inputValue()).toBe("13812345678")
    expect(await page.locator("[data-testid=address-detail] textarea:not([aria-hidden])").inputValue()).toBe("科技园1号")
    await still(page, "36-address-pasted")

    await page.getByTestId("address-submit").click()
    const item = page.getByTestId("address-item")
    await item.first().waitFor()
    expect(await item.count()).toBe(1)
    expect(await item.first().textContent()).toContain("广东省深圳市南山区科技园1号")
    expect(await item.first().getByTestId("address-default").count()).toBe(1)
    expect(await item.first().getByTestId("address-delete").isDisabled()).toBe(true)

    // a municipality: province and county, the pseudo-city filled in
    await page.getByTestId("address-add").click()
    await paste.waitFor()
    await paste.fill("收件人：李四\n电话：139-0000-1111\n地址：北京市朝阳区建国路88号")
    await page.getByTestId("address-paste-parse").click()
    await expect.poll(() => region.textContent(), POLL).toBe("北京市 市辖区 朝阳区")
    expect(await page.locator("[data-testid=address-detail] textarea:not([aria-hidden])").inputValue()).toBe("建国路88号")
    await page.getByTestId("address-submit").click()
    await expect.poll(() => item.count(), POLL).toBe(2)
    await still(page, "37-address-list")

    const second = item.filter({ hasText: "李四" })
    expect(await second.getByTestId("address-default").count()).toBe(0)
    await second.getByTestId("address-delete").click()
    await page.locator(".adm-dialog-footer .adm-dialog-button").filter({ hasText: "确定" }).click()
    await toast(page, "删除成功").waitFor()
    await expect.poll(() => item.count(), POLL).toBe(1)
    expect(errors).toEqual([])
  }, 90_000)

  it("picks the region with the province/city/county picker", async ({ onTestFailed }) => {
    const token = await h.token("demo-runner")
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-account-${Date.now()}`))
    await page.goto(`${h.url}/address/${encodeURIComponent(token)}`)
    await page.getByTestId("address-add").click()
    await page.getByTestId("address-region").click()
    const columns = page.locator(".adm-picker-view-column")
    await expect.poll(() => columns.count(), POLL).toBe(3)
    await columns.nth(0).locator(".adm-picker-view-column-item").filter({ hasText: "广东省" }).tap()
    await expect.poll(() => columns.nth(1).locator(".adm-picker-view-column-item").filter({ hasText: "深圳市" }).count(), POLL).toBe(1)
    await columns.nth(1).locator(".adm-picker-view-column-item").filter({ hasText: "深圳市" }).tap()
    await expect.poll(() => columns.nth(2).locator(".adm-picker-view-column-item").filter({ hasText: "南山区" }).count(), POLL).toBe(1)
    await columns.nth(2).locator(".adm-picker-view-column-item").filter({ hasText: "南山区" }).tap()
    await still(page, "38-address-picker")
    await page.locator(".adm-picker-header-button").filter({ hasText: "确定" }).click()
    await expect.poll(() => page.getByTestId("address-region").textContent(), POLL).toBe("广东省 深圳市 南山区")

    await page.locator("[data-testid=address-name] input").fill("王强")
    await page.locator("[data-testid=address-phone] input").fill("13800000002")
    await page.getByTestId("address-submit").click()
    await toast(page, "详细地址不能为空").waitFor()
    await page.locator("[data-testid=address-detail] textarea:not([aria-hidden])").fill("深圳大学西丽校区")
    await page.getByTestId("address-submit").click()
    await page.getByTestId("address-item").first().waitFor()
    expect(await page.getByTestId("address-line").first().textContent()).toBe("广东省深圳市南山区深圳大学西丽校区")
    expect(errors).toEqual([])
  }, 60_000)

  it("submits real-name verification with an ID card the OCR reads; the badge changes after staff approval", async ({ onTestFailed }) => {
    const token = await h.token("demo-student")
    const staffToken = await h.token("demo-staff")
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-account-${Date.now()}`))

    await page.goto(`${h.url}/my/${encodeURIComponent(token)}`)
    const badge = page.getByTestId("me-auth-badge")
    await expect.poll(() => badge.textContent(), POLL).toBe("待实名认证")
    expect(await page.getByTestId("me-auth-tip").textContent()).toContain("根据国家邮政管理规定")
    await page.getByTestId("me-verify").click()
    await page.waitForURL((u) => u.pathname.startsWith("/authApply/0/my/"))

    await page.getByTestId("auth-submit").click()
    await toast(page, "请上传身份证/学生证照片").waitFor()
    await still(page, "39-auth-apply")

    // an image the OCR cannot read is said at once, right after the upload, and refused at submit as well
    await page.getByTestId("id-card-upload").locator("input[type=file]").setInputFiles({ name: "blank.png", mimeType: "image/png", buffer: pngWithText() })
    await page.getByTestId("id-card-upload").locator(".adm-image-uploader-cell img").waitFor()
    await page.getByTestId("auth-ocr-failed").waitFor()
    expect(await page.getByTestId("auth-ocr-failed").textContent()).toContain("请上传真实的身份证")
    expect(await page.getByTestId("auth-realname").textContent()).toBe("未识别")
    await toast(page, "请上传真实的身份证").waitFor()
    await still(page, "39a-auth-unrecognised")
    await page.getByTestId("auth-submit").click()
    await toast(page, "请上传真实的身份证").waitFor()
    await page.getByTestId("id-card-upload").locator(".adm-image-uploader-cell-delete").click()
    await page.getByTestId("auth-ocr-failed").waitFor({ state: "detached" })

    await page.getByTestId("id-card-upload").locator("input[type=file]").setInputFiles(idCardImage("李明", ID_CARD_NO))
    await expect.poll(() => page.getByTestId("auth-realname").textContent(), POLL).toBe("李明")
    expect(await page.getByTestId("auth-id-card-no").textContent()).toBe(ID_CARD_NO)
    await still(page, "40-auth-recognised")

    await page.getByTestId("auth-submit").click()
    await page.waitForURL((u) => u.pathname.startsWith("/my/"))
    await expect.poll(() => badge.textContent(), POLL).toBe("实名认证审核中")
    expect(await page.getByTestId("me-auth-tip").textContent()).toContain("您的实名认证正在审核中")
    await still(page, "41-me-reviewing")

    // the page stays open: the approval arrives as authStatusChanged and /my updates without a reload
    await page.evaluate(() => { (window as unknown as { stillHere: boolean }).stillHere = true })
    const me = await h.api<{ data: { _id: string } }>("/api/user/wxuserInfo", token)
    const approved = await h.api<{ success: boolean; message?: string }>(`/api/user/verifyauth/${me.data._id}`, staffToken, {
      method: "PUT",
      body: JSON.stringify({ authStatus: 1 })
    })
    expect(approved).toMatchObject({ success: true })

    await expect.poll(() => badge.textContent(), POLL).toBe("已实名认证")
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true)
    expect(await page.getByTestId("me-auth-tip").count()).toBe(0)
    await still(page, "42-me-verified")

    // personal info shows the verified name and the masked number; the photo is there
    await page.getByTestId("me-user-info").click()
    await page.waitForURL((u) => u.pathname.startsWith("/userInfo/express/"))
    await expect.poll(() => page.getByTestId("info-auth-badge").textContent(), POLL).toBe("已实名认证")
    expect(await page.getByTestId("info-id-card-no-value").textContent()).toBe(`${ID_CARD_NO.slice(0, 6)}********${ID_CARD_NO.slice(-4)}`)
    await page.getByTestId("info-id-card-photo").waitFor()
    await still(page, "43-user-info")

    // cancelling the verification returns to 'not submitted' and forgets the photo
    await page.getByTestId("unverify").click()
    await page.locator(".adm-dialog-footer .adm-dialog-button").filter({ hasText: "确定" }).click()
    await expect.poll(() => page.getByTestId("info-auth-badge").textContent(), POLL).toBe("待实名认证")
    expect(await page.getByTestId("info-id-card-photo").textContent()).toBe("未上传")
    expect(errors).toEqual([])
  }, 120_000)

  it("edits the profile: nickname, sex, a vice phone with the 90 s countdown, unbinding it", async ({ onTestFailed }) => {
    const token = await h.token("demo-newstaff")
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-account-${Date.now()}`))
    await page.goto(`${h.url}/userInfo/express/${encodeURIComponent(token)}`)
    await page.getByTestId("info-nickname").waitFor()

    // no vice phone: the button looks inactive, and a tap still says why (the spec's message)
    expect(await page.getByTestId("unbind-vice").getAttribute("aria-disabled")).toBe("true")
    await page.getByTestId("unbind-vice").click({ force: true })
    await toast(page, "还没绑定副手机").waitFor()

    await page.getByTestId("info-nickname").click()
    await page.waitForURL((u) => u.pathname === "/nicknameEdit")
    const nickname = page.locator("[data-testid=nickname] input")
    await expect.poll(() => nickname.inputValue(), POLL).toBe("刘洋")
    await nickname.fill("   ")
    await page.getByTestId("nickname-submit").click()
    await toast(page, "昵称不能为空").waitFor()
    await nickname.fill("跑得快")
    await page.getByTestId("nickname-submit").click()
    await page.waitForURL((u) => u.pathname.startsWith("/userInfo/express/"))
    await expect.poll(() => page.getByTestId("info-nickname").textContent(), POLL).toContain("跑得快")

    await page.getByTestId("info-sex").click()
    await page.waitForURL((u) => u.pathname === "/sexEdit")
    await page.getByTestId("sex-submit").click()
    await toast(page, "请选择性别").waitFor()
    await page.getByTestId("sex-2").click()
    await page.getByTestId("sex-submit").click()
    await page.waitForURL((u) => u.pathname.startsWith("/userInfo/express/"))
    await expect.poll(() => page.getByTestId("info-sex").textContent(), POLL).toContain("女")

    await page.getByTestId("info-phone-vice").click()
    await page.waitForURL((u) => u.pathname === "/phoneEdit" && u.search === "?type=vice")
    const phone = page.locator("[data-testid=phone-new] input")
    await phone.waitFor()
    await phone.fill("13900000003")
    await page.getByTestId("phone-captcha-send").click()
    await toast(page, "请输入一个新的手机号码").waitFor()
    await phone.fill("13700001111")
    const asked = new Date(Date.now() - 1000)
    await page.getByTestId("phone-captcha-send").click()
    await toast(page, "验证码已发送").waitFor()
    const send = page.getByTestId("phone-captcha-send")
    await expect.poll(() => send.textContent(), POLL).toMatch(/^(90|89|88)秒后重发$/)
    await still(page, "44-phone-edit")
    const code = await captchaSentTo("13700001111", asked)
    await page.locator("[data-testid=phone-captcha] input").fill(code)
    await page.getByTestId("phone-submit").click()
    await page.waitForURL((u) => u.pathname.startsWith("/userInfo/express/"))
    await expect.poll(() => page.getByTestId("info-phone-vice-value").textContent(), POLL).toBe("13700001111")

    expect(await page.getByTestId("unbind-vice").getAttribute("aria-disabled")).toBe("false")
    await page.getByTestId("unbind-vice").click()
    await page.locator(".adm-dialog-footer .adm-dialog-button").filter({ hasText: "确定" }).click()
    await expect.poll(() => page.getByTestId("info-phone-vice-value").textContent(), POLL).toBe("未绑定")
    expect(errors).toEqual([])
  }, 120_000)

  it("chooses a nearby worksite from personal info; unbinding the only phone leads to completing the profile", async ({ onTestFailed }) => {
    const token = await h.token("demo-newstaff")
    const { context, page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-account-${Date.now()}`))
    await context.grantPermissions(["geolocation"], { origin: h.url })
    await context.setGeolocation({ latitude: 23.1290, longitude: 113.2900 })
    await page.goto(`${h.url}/userInfo/express/${encodeURIComponent(token)}`)
    await expect.poll(() => page.getByTestId("info-worksite").textContent(), POLL).toContain("西园驿站")

    await page.getByTestId("info-worksite").click()
    await page.waitForURL((u) => u.pathname === "/worksiteList")
    const dongyuan = page.getByTestId("worksite-ws-dongyuan")
    await dongyuan.waitFor()
    // nearest first
    expect(await page.locator("[data-testid^=worksite-ws-]").first().getAttribute("data-testid")).toBe("worksite-ws-dongyuan")
    await page.getByTestId("worksite-submit").click()
    await toast(page, "请选择您所在的网点").waitFor()
    await dongyuan.click()
    await still(page, "51-worksite-nearby")
    await page.getByTestId("worksite-submit").click()
    await toast(page, "网点变更成功").waitFor()
    await page.waitForURL((u) => u.pathname.startsWith("/userInfo/express/"))
    await expect.poll(() => page.getByTestId("info-worksite").textContent(), POLL).toContain("东园驿站")

    await page.getByTestId("unbind-main").click()
    await page.locator(".adm-dialog-footer .adm-dialog-button").filter({ hasText: "确定" }).click()
    await page.waitForURL((u) => u.pathname.startsWith("/addUserInfo/my/"))
    await page.locator("[data-testid=complete-phone-main] input").waitFor()
    expect(await page.getByTestId("complete-worksite").textContent()).toContain("东园驿站")
    expect(errors).toEqual([])
  }, 60_000)

  it("shows each role its Me entries: the runner-leader's and the admin's", async ({ onTestFailed }) => {
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-account-${Date.now()}`))
    const runner = await h.token("demo-runner")
    await page.goto(`${h.url}/my/${encodeURIComponent(runner)}`)
    await page.getByTestId("me-invitation").waitFor()
    expect(await page.getByTestId("me-invitation").textContent()).toContain("XY2026")
    expect(await page.getByTestId("me-agreement").count()).toBe(1)
    expect(await page.getByTestId("me-remind").count()).toBe(1)
    expect(await page.getByTestId("me-report").count()).toBe(0)
    expect(await page.getByTestId("me-runner-status").textContent()).toBe("已加入")
    expect(await page.getByTestId("me-auth-badge").textContent()).toBe("已实名认证")
    // 88: between the 60 and 90 thresholds
    expect(await page.getByTestId("me-credit").locator("b").getAttribute("class")).toContain("credit--warning")
    expect(await page.getByTestId("footer-tabs").locator(".adm-badge").count()).toBe(0)
    expect(await page.getByTestId("me-to-rate-dot").count()).toBe(0)
    await still(page, "48-me-runner-leader")

    // a site admin (张伟, staff of 西园) sees the report too, not only the head office
    await page.goto(`${h.url}/my/${encodeURIComponent(await h.token("demo-staff"))}`)
    await page.getByTestId("me-report").waitFor()

    const admin = await h.token("demo-admin")
    await page.goto(`${h.url}/my/${encodeURIComponent(admin)}`)
    await page.getByTestId("me-report").waitFor()
    expect(await page.getByTestId("me-invitation").count()).toBe(0)
    expect(await page.getByTestId("me-agreement").count()).toBe(0)
    await page.getByTestId("me-report").click()
    await page.waitForURL((u) => u.pathname.startsWith("/tongji/"))
    await page.getByTestId("tongji-rows").waitFor()
    expect(errors).toEqual([])
  }, 60_000)

  it("applies to run errands: student card, the worksite's invitation code, the agreement", async ({ onTestFailed }) => {
    await h.fixture((db, at) => createUser(db, {
      id: "u-verified", openid: "test-verified", nickname: "赵同学", realname: "赵六", phone_main: "13600000001", worksite_id: "ws-xiyuan",
      role: "student", sex: 2, id_card_no: ID_CARD_NO, auth_status: 1
    }, {}, at))
    const token = await h.token("test-verified")
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-account-${Date.now()}`))
    await page.goto(`${h.url}/paotuiApply/${encodeURIComponent(token)}`)
    await expect.poll(() => page.getByTestId("runner-status").textContent(), POLL).toBe("未申请")

    await page.getByTestId("runner-submit").click()
    await toast(page, "请填入跑腿邀请码").waitFor()
    const invitation = page.locator("[data-testid=runner-invitation] input")
    await invitation.fill("WRONG1")
    await page.getByTestId("runner-submit").click()
    await toast(page, "请先阅读并同意《校园跑腿服务协议》").waitFor()
    await page.getByTestId("runner-agree").click()
    await page.getByTestId("runner-submit").click()
    await toast(page, "请先完成跑腿实名认证（须上传身份证和学生证）").waitFor()
    await still(page, "45-paotui-apply")

    // the student card, then back to the application
    await page.getByTestId("runner-verify").click()
    await page.waitForURL((u) => u.pathname.startsWith("/authApply/1/paotuiApply/"))
    await page.getByTestId("auth-state").waitFor()
    await page.getByText("上传学生证").first().click()
    await page.waitForURL((u) => u.pathname.startsWith("/studentCardEdit/"))
    await page.getByTestId("student-card-submit").click()
    await toast(page, "请上传图片").waitFor()
    // a 2000×1500 camera-sized JPEG, made by the browser, is scaled into the 800×800 box before upload
    const photo = await page.evaluate(async () => {
      const canvas = document.createElement("canvas")
      canvas.width = 2000
      canvas.height = 1500
      const g = canvas.getContext("2d") as CanvasRenderingContext2D
      const gradient = g.createLinearGradient(0, 0, 2000, 1500)
      gradient.addColorStop(0, "#1677ff")
      gradient.addColorStop(1, "#ffb347")
      g.fillStyle = gradient
      g.fillRect(0, 0, 2000, 1500)
      g.fillStyle = "#fff"
      g.font = "160px sans-serif"
      g.fillText("学生证 STUDENT", 200, 800)
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), "image/jpeg", 0.95))
      const bytes = new Uint8Array(await blob.arrayBuffer())
      let binary = ""
      for (const b of bytes) binary += String.fromCharCode(b)
      return btoa(binary)
    })
    await page.getByTestId("student-card-upload").locator("input[type=file]").setInputFiles({ name: "card.jpg", mimeType: "image/jpeg", buffer: Buffer.from(photo, "base64") })
    const uploaded = page.getByTestId("student-card-upload").locator(".adm-image-uploader-cell img[src^='/sign/']")
    await uploaded.waitFor()
    const stored = await uploaded.evaluate(async (img) => {
      const blob = await (await fetch((img as HTMLImageElement).src)).blob()
      const bitmap = await createImageBitmap(blob)
      return { width: bitmap.width, height: bitmap.height, type: blob.type, bytes: blob.size }
    })
    expect(stored).toMatchObject({ width: 800, height: 600 })
    expect(stored.bytes).toBeLessThan(Buffer.from(photo, "base64").length)
    await still(page, "49-student-card")
    await page.getByTestId("student-card-submit").click()
    await page.waitForURL((u) => u.pathname.startsWith("/authApply/1/paotuiApply/"))
    await page.goto(`${h.url}/paotuiApply/${encodeURIComponent(token)}`)
    await expect.poll(() => page.getByTestId("runner-verify").textContent(), POLL).toContain("已完成")

    await invitation.fill("WRONG1")
    await page.getByTestId("runner-agree").click()
    await page.getByTestId("runner-submit").click()
    await toast(page, "跑腿邀请码不正确").waitFor()
    await invitation.fill("XY2026")
    await page.getByTestId("runner-submit").click()
    await page.getByTestId("runner-state").waitFor()
    expect(await page.getByTestId("runner-status").textContent()).toBe("审核中")
    await still(page, "50-paotui-applied")
    expect(errors).toEqual([])
  }, 90_000)

  it("shows the error pages and the open-in-app page", async ({ onTestFailed }) => {
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-account-${Date.now()}`))
    await page.goto(`${h.url}/error/10005`)
    await page.getByTestId("follow-qr").waitFor()
    await page.getByText("请先关注公众号").first().waitFor()
    await still(page, "46-error-10005")
    await page.goto(`${h.url}/error/10003`)
    await page.getByText("没有找到对应的订单").first().waitFor()
    expect(await page.getByTestId("follow-qr").count()).toBe(0)

    await page.goto(`${h.url}/openInApp`)
    await page.getByText("请在微信客户端打开链接").waitFor()
    await still(page, "47-open-in-app")
    expect(errors).toEqual([])
  }, 60_000)
})
