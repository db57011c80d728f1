/**
 * The home slice's pages in chromium at 390×844: home's grid with its gates and the carousel; an announcement (running, and one that has ended) with its back
 * button; customer service with its hotline (the number `getServicePhoneByTime` answers, labelled 7×12 小时), its ten
 * questions and the footer tabs; the tips and static pages with their footer; the error page's follow QR.
 */
import QRCode from "qrcode"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createUser } from "#adapters/postgres/seed"
import { DEMO_ANNOUNCEMENT_ID } from "#adapters/postgres/seed-activity"
import { messages } from "#src/home/activity"
import { BRAND, copyright } from "#src/home/footer"
import { HOTLINE_HOURS, serviceFaq } from "#src/home/service-faq"
import { addActivity } from "#src/home/use-cases"
import { PLATFORM_SERVICE_PHONE } from "#src/worksite/directory"
import { browserAvailable, POLL, shot, startHarness, type Harness } from "./harness"

const run = browserAvailable()

const phoneSized = async (h: Harness) => {
  const phone = await h.phone()
  await phone.page.setViewportSize({ width: 390, height: 844 })
  return phone
}

/** A screenshot once pictures have loaded and nothing moves. */
const still = async (page: Page, name: string) => {
  await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete))
  await page.waitForTimeout(300)
  await shot(page, name)
}

/**
 * The QR picture the page shows encodes exactly this text: every module read off its pixels (at the module's centre)
 * is the module of the QR code of the text, worked out here apart from the page.
 */
const expectQrOf = async (page: Page, testId: string, text: string) => {
  const image = page.getByTestId(testId)
  await image.waitFor()
  expect(await image.getAttribute("data-content")).toBe(text)
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" })
  const margin = 1
  const drawn = await image.evaluate((img: HTMLImageElement, { size, margin }) => {
    const canvas = document.createElement("canvas")
    canvas.width = img.naturalWidth
    canvas.height = img.naturalHeight
    const context = canvas.getContext("2d")!
    context.drawImage(img, 0, 0)
    const scale = img.naturalWidth / (size + 2 * margin)
    const dark: boolean[] = []
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        const [red] = context.getImageData(Math.floor((c + margin + 0.5) * scale), Math.floor((r + margin + 0.5) * scale), 1, 1).data
        dark.push(red! < 128)
      }
    }
    return dark
  }, { size: modules.size, margin })
  expect(drawn).toEqual(Array.from({ length: modules.size * modules.size }, (_, i) => Boolean(modules.data[i])))
}

describe.skipIf(!run)("home slice pages", () => {
  let h: Harness
  beforeAll(async () => { h = await startHarness() }, 60_000)
  afterAll(async () => { await h?.close() })

  it("home: the grid of eight with the core's gates, the running announcement turning to its page, the home tab current", async ({ onTestFailed }) => {
    const { page, errors } = await phoneSized(h)
    onTestFailed(() => shot(page, `FAILED-home-grid-${Date.now()}`))
    const hrefs = async () => page.locator(".home-grid a").evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute("href")]))

    // a runner, verified: every entry to its own page
    const runner = encodeURIComponent(await h.token("demo-runner"))
    await page.goto(`${h.url}/home/${runner}`)
    await page.getByTestId("home-collect").waitFor()
    expect(await hrefs()).toEqual([
      ["取快递", `/expressTotakeList/ing/${runner}`], ["寄快递", `/expressTotakein/${runner}`], ["寄件记录", `/expressSendList/ing/${runner}`],
      ["加入跑腿", `/paotuiApply/${runner}`], ["跑腿接单", `/robbing/${runner}`], ["我的接单", `/robbingList/2/ing/${runner}`],
      ["我的发布", `/robbingList/1/ing/${runner}`], ["新手指引", "/help"]
    ])
    await page.getByTestId("home-activity").first().waitFor()
    expect(await page.getByTestId("home-activity").first().textContent()).toContain("西园驿站服务升级公告")
    expect(await page.locator(".adm-tab-bar-item-active").textContent()).toContain("首页")
    await still(page, "hp-00-home-runner")

    // a new student: sending leads to verification, taking errands to the application
    const student = encodeURIComponent(await h.token("demo-student"))
    await page.goto(`${h.url}/home/${student}`)
    await page.getByTestId("home-send").waitFor()
    expect(await page.getByTestId("home-send").getAttribute("href")).toBe(`/authApply/0/expressTotakein/${student}`)
    expect(await page.getByTestId("home-takeErrands").getAttribute("href")).toBe(`/paotuiApply/${student}`)
    expect(await page.getByTestId("home-myClaimed").getAttribute("href")).toBe(`/paotuiApply/${student}`)
    expect(await page.getByTestId("home-myPublished").getAttribute("href")).toBe(`/robbingList/1/ing/${student}`)
    await page.getByTestId("home-takeErrands").click()
    await page.waitForURL((u) => u.pathname.startsWith("/paotuiApply/"))
    await page.goBack()
    await page.getByTestId("home-activity").first().click()
    await page.waitForURL((u) => u.pathname === `/active/${DEMO_ANNOUNCEMENT_ID}/${student}`)
    await page.getByTestId("activity-content").waitFor()
    expect(errors).toEqual([])
  })

  it("shows an announcement with its content and a back button, and says when one has ended", async ({ onTestFailed }) => {
    const token = await h.token("demo-student")
    const t = encodeURIComponent(token)
    const { page, errors } = await phoneSized(h)
    onTestFailed(() => shot(page, `FAILED-home-pages-${Date.now()}`))

    await page.goto(`${h.url}/home/${t}`)
    await page.getByTestId("home-collect").waitFor()
    await page.goto(`${h.url}/active/${DEMO_ANNOUNCEMENT_ID}/${t}`)
    await page.getByTestId("activity-content").waitFor()
    expect(await page.getByTestId("activity-title").textContent()).toBe("西园驿站服务升级公告")
    expect(await page.getByTestId("activity").getAttribute("data-state")).toBe("running")
    expect(await page.locator("[data-testid=activity-content] li").count()).toBe(3)
    expect(await page.getByTestId("activity-ended").count()).toBe(0)
    await still(page, "hp-01-activity")
    await page.getByTestId("activity-back").click()
    await page.waitForURL((u) => u.pathname.startsWith("/home/"))

    const now = Date.now()
    const exit = await h.runtime.run(addActivity({
      worksiteId: "ws-xiyuan", title: "国庆节营业时间", content: "<p>国庆期间每天10:00–16:00营业。</p>",
      from: new Date(now - 10 * 86_400_000).toISOString(), to: new Date(now - 86_400_000).toISOString()
    }))
    if (exit._tag === "Failure") throw new Error(String(exit.cause))
    await page.goto(`${h.url}/active/${exit.value.id}/${t}`)
    await page.getByTestId("activity-ended").waitFor()
    expect(await page.getByTestId("activity-ended").textContent()).toContain(messages.ended)
    expect(await page.getByTestId("activity-content").count()).toBe(0)
    expect(await page.getByTestId("activity-title").textContent()).toBe("国庆节营业时间")
    await still(page, "hp-02-activity-ended")

    await page.goto(`${h.url}/active/no-such-activity/${t}`)
    await page.getByText(messages.notFound).waitFor()
    expect(errors).toEqual([])
  }, 90_000)

  it("customer service: the hotline that answers now, labelled 7×12 小时, ten questions and the service tab", async ({ onTestFailed }) => {
    const token = await h.token("demo-student")
    const { page, errors } = await phoneSized(h)
    onTestFailed(() => shot(page, `FAILED-home-pages-${Date.now()}`))
    const answered = await h.api<{ data: string }>("/api/worksite/getServicePhoneByTime/ws-xiyuan", token)

    await page.goto(`${h.url}/serviceHelp/${encodeURIComponent(token)}`)
    const tel = page.getByTestId("service-tel")
    await tel.waitFor()
    expect(await tel.getAttribute("href")).toBe(`tel:${answered.data}`)
    expect(await tel.textContent()).toContain(HOTLINE_HOURS)
    const panels = page.locator("[data-testid=service-faq] .adm-collapse-panel-header")
    expect(await panels.count()).toBe(10)
    expect(await panels.first().textContent()).toContain("3天")
    // 西园's own cut-off (22:00), once its errand side has loaded
    const cutoff = serviceFaq().findIndex((i) => /截止/.test(i.question))
    await panels.nth(cutoff).click()
    await expect.poll(() => page.getByTestId(`service-answer-${cutoff + 1}`).textContent(), POLL).toContain("每天22:00截止")
    expect(await page.locator(".adm-tab-bar-item-active").getAttribute("data-testid")).toBe("tab-serviceHelp")
    await still(page, "hp-03-service-help")
    await panels.first().click()
    await expect.poll(() => page.getByTestId("service-answer-1").textContent(), POLL).toContain("退回给快递员")
    await page.getByTestId("tab-my").click()
    await page.waitForURL((u) => u.pathname.startsWith("/my/"))
    expect(errors).toEqual([])

    // without a worksite: the platform's own line
    await h.fixture((db, at) => createUser(db, { id: "u-no-site", openid: "test-no-site", nickname: "还没选网点", role: "student" }, {}, at))
    await page.goto(`${h.url}/serviceHelp/${encodeURIComponent(await h.token("test-no-site"))}`)
    await page.getByTestId("service-tel").waitFor()
    expect(await page.getByTestId("service-tel").getAttribute("href")).toBe(`tel:${PLATFORM_SERVICE_PHONE}`)
    expect(errors).toEqual([])
  }, 90_000)

  it("the tips pages: three guides from /help, image-only pages, about, follow QR, each with the footer", async ({ onTestFailed }) => {
    const { page, errors } = await phoneSized(h)
    onTestFailed(() => shot(page, `FAILED-home-pages-${Date.now()}`))
    const expectFooter = async () => {
      await page.getByTestId("static-footer").waitFor()
      expect(await page.getByTestId("static-footer-copyright").textContent()).toBe(copyright(new Date()))
      expect(await page.getByTestId("static-footer-brand").textContent()).toBe(BRAND)
      expect(await page.getByTestId("static-footer-brand").getAttribute("href")).toBe("/introduction")
    }

    await page.goto(`${h.url}/help`)
    await page.getByTestId("help-list").waitFor()
    await expectFooter()
    await still(page, "hp-04-help")
    for (const [entry, image, shotName] of [["qujianTips", "qujian", "hp-05-qujian-tips"], ["jijianTips", "jijian", "hp-06-jijian-tips"], ["paotuiTips", "paotui", "hp-07-paotui-tips"]] as const) {
      await page.goto(`${h.url}/help`)
      await page.getByTestId(`help-${entry}`).click()
      await page.waitForURL((u) => u.pathname === `/${entry}`)
      await page.getByTestId(`tip-${image}`).waitFor()
      await expect.poll(() => page.getByTestId("tip-image").evaluate((i: HTMLImageElement) => i.naturalWidth), POLL).toBe(750)
      await expectFooter()
      await still(page, shotName)
    }
    await page.goto(`${h.url}/yunfei`)
    await expect.poll(() => page.getByTestId("tip-image").evaluate((i: HTMLImageElement) => i.naturalWidth), POLL).toBe(750)
    await expectFooter()
    await still(page, "hp-08-yunfei")

    await page.getByTestId("static-footer-brand").click()
    await page.waitForURL((u) => u.pathname === "/introduction")
    await page.getByTestId("introduction").waitFor()
    await expectFooter()
    await still(page, "hp-09-introduction")

    await page.goto(`${h.url}/qrcode`)
    await expectQrOf(page, "follow-qr-image", `${h.url}/`)
    await expectFooter()
    await still(page, "hp-10-qrcode")
    expect(errors).toEqual([])
  }, 90_000)

  it("/error/10005 shows the official account's follow QR; another code its text and the customer-service QR", async ({ onTestFailed }) => {
    const { page, errors } = await phoneSized(h)
    onTestFailed(() => shot(page, `FAILED-home-pages-${Date.now()}`))
    await page.goto(`${h.url}/error/10005`)
    await page.getByText("请先关注公众号").first().waitFor()
    await expectQrOf(page, "follow-qr-image", `${h.url}/`)
    await still(page, "hp-11-error-10005")

    await page.goto(`${h.url}/error/10003`)
    await page.getByText("没有找到对应的订单").first().waitFor()
    expect(await page.getByTestId("error-code").textContent()).toBe("错误代码：10003")
    await expectQrOf(page, "error-qr-image", `tel:${PLATFORM_SERVICE_PHONE}`)
    expect(await page.getByTestId("follow-qr").count()).toBe(0)
    await still(page, "hp-12-error-10003")
    expect(errors).toEqual([])
  }, 60_000)
})
