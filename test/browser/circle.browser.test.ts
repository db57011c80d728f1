/**
 * The campus circle at 390×844 (issue 19 "Proof"): a student sells a book with two photos (refused until verified, a
 * refused submit keeping what was typed and uploaded) and sees the share image with the QR of its short URL; another
 * student finds it in the market, likes it twice ('您已赞过') and asks for contact (a template message, never shown);
 * a visitor opened by openid (not adopted as the session) likes and reports it and gets the follow QR for contact;
 * the owner delists and deletes it; a teammate is sold, a confession and a message left, and all three show on
 * the discovery home.
 */
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createUser } from "#adapters/postgres/seed"
import { scanQrImage } from "../support/qr-scan"
import { browserAvailable, photo, POLL, shot, startHarness, toast, type Harness } from "./harness"

const run = browserAvailable()

/** Picks `label` in the picker a form row opens. */
const pick = async (page: Page, row: string, label: string) => {
  await page.getByTestId(row).click()
  const item = page.locator(".adm-picker-view-column-item").filter({ hasText: new RegExp(`^${label}$`) })
  await item.first().waitFor({ state: "attached" })
  await item.first().dispatchEvent("click")
  await page.waitForTimeout(250)
  await page.locator(".adm-picker-header-button").filter({ hasText: "确定" }).click()
  await page.locator(".adm-picker").waitFor({ state: "hidden" })
}

const confirmDialog = (page: Page, question: string) => async () => {
  await page.locator(".adm-dialog-content").filter({ hasText: question }).waitFor()
  await page.locator(".adm-dialog-footer .adm-dialog-button").filter({ hasText: "确定" }).click()
}

const input = (page: Page, testId: string) => page.getByTestId(testId).locator("input, textarea").first()

describe.skipIf(!run)("the campus circle", () => {
  let h: Harness
  let seller = ""
  let buyer = ""
  let itemId = ""
  beforeAll(async () => {
    h = await startHarness()
    seller = await h.token("demo-student")
    buyer = await h.token("demo-runner")
    await h.fixture((db, at) => createUser(db, {
      id: "u-circle-visitor", openid: "test-circle-visitor", nickname: "路人甲", worksite_id: "ws-xiyuan", role: "student", subscribe: false
    }, {}, at))
  }, 60_000)
  afterAll(async () => { await h?.close() })

  const phone = async (name: string, onTestFailed: (fn: () => Promise<void>) => void) => {
    const p = await h.phone()
    await p.page.setViewportSize({ width: 390, height: 844 })
    onTestFailed(() => shot(p.page, `FAILED-circle-${name}-${Date.now()}`))
    return p
  }

  const fillBook = async (page: Page, photos: ReadonlyArray<{ name: string; mimeType: string; buffer: Buffer }>) => {
    await pick(page, "circle-form-major", "数学学院")
    await pick(page, "circle-form-grade", "大一")
    await input(page, "circle-form-title").fill("高等数学（第七版）上下册")
    await input(page, "circle-form-sum").fill("1")
    await pick(page, "circle-form-level", "九成新")
    await page.getByTestId("circle-form-pics").locator("input[type=file]").setInputFiles([...photos])
    await expect.poll(() => page.getByTestId("circle-form-pics-count").textContent(), POLL).toBe(`${photos.length}/9`)
    await expect.poll(() => page.getByTestId("circle-form-pics").locator(".adm-image-uploader-cell img").count(), POLL).toBe(photos.length)
    await input(page, "circle-form-remark").fill("九成新，有少量笔记，期末复习很好用")
  }

  it("a student sells a book with two photos: refused until verified, then the share image with the short URL's QR", async ({ onTestFailed }) => {
    const { page, errors } = await phone("sell", onTestFailed)
    const t = encodeURIComponent(seller)
    await page.goto(`${h.url}/myCircle/${t}`)
    await page.getByTestId("circle-empty").waitFor()
    await shot(page, "circle-01-my-empty")
    await page.getByTestId("my-circle-publish").click()
    await page.waitForURL((u) => u.pathname.startsWith("/circleType/-1/"))
    await page.getByTestId("circle-biz-20").click()
    await page.getByTestId("circle-goods-10").click()
    await page.waitForURL((u) => u.pathname.startsWith("/circleEdit/20/10/-1/"))
    await page.getByTestId("circle-form-submit").click()
    await toast(page, "请选择适用的院系").waitFor()

    const photos = [await photo(page, "book-cover.jpg", 20, "高数上册"), await photo(page, "book-inside.jpg", 200, "高数下册")]
    await fillBook(page, photos)
    // no price yet: refused by the page, everything typed and uploaded stays
    await page.getByTestId("circle-form-submit").click()
    await toast(page, "请输入售价和原价").waitFor()
    expect(await input(page, "circle-form-title").inputValue()).toBe("高等数学（第七版）上下册")
    expect(await page.getByTestId("circle-form-pics-count").textContent()).toBe("2/9")
    await input(page, "circle-form-price").fill("25")
    await input(page, "circle-form-cost").fill("68")
    await shot(page, "circle-02-book-form")

    // not verified: the server refuses, the page goes to the verification form
    await page.getByTestId("circle-form-submit").click()
    await page.waitForURL((u) => u.pathname === `/authApply/0/myCircle/${t}`)
    expect(await h.runtime.db.selectFrom("circle_item").select("id").execute()).toEqual([])

    await h.fixture((db) => db.updateTable("app_user").set({ auth_status: 1, id_card_no: "110105199003071239" }).where("id", "=", "u-student").execute())
    await page.goto(`${h.url}/circleEdit/20/10/-1/${t}`)
    await fillBook(page, photos)
    await input(page, "circle-form-price").fill("25")
    await input(page, "circle-form-cost").fill("68")
    await page.getByTestId("circle-form-submit").click()
    await page.getByTestId("circle-edit-success").waitFor()
    const image = page.getByTestId("circle-share-image")
    await image.waitFor({ timeout: 20_000 })
    const qr = await image.getAttribute("data-qr")
    expect(qr).toMatch(new RegExp(`^${h.url}/s/[A-Za-z0-9]{8}$`))
    expect(scanQrImage((await image.getAttribute("src"))!)).toBe(qr)
    const stored = await h.runtime.db.selectFrom("circle_item").selectAll().execute()
    expect(stored).toHaveLength(1)
    itemId = stored[0]!.id
    // the short URL leads to the item's share page
    const redirect = await fetch(qr!, { redirect: "manual" })
    expect(redirect.headers.get("location")).toBe(`/share/circleDetail/${itemId}`)
    await shot(page, "circle-03-share-image")

    await page.getByTestId("circle-view-detail").click()
    await page.waitForURL((u) => u.pathname === `/circleDetail/${itemId}/${t}`)
    await expect.poll(() => page.getByTestId("circle-detail-title").textContent(), POLL).toBe("高等数学（第七版）上下册")
    expect(await page.getByTestId("circle-detail-price").textContent()).toBe("¥25.00")
    expect(await page.getByTestId("circle-detail-pics").locator("img").count()).toBe(2)
    expect(await page.getByTestId("circle-detail-phone").textContent()).toBe("13800000001")
    await page.getByTestId("circle-detail-edit").waitFor()
    await shot(page, "circle-04-detail-owner")
    expect(errors).toEqual([])
  }, 180_000)

  it("another student finds it in the market, likes it twice ('您已赞过') and asks for contact, sent as a message", async ({ onTestFailed }) => {
    expect(itemId).not.toBe("")
    const { page, errors } = await phone("buyer", onTestFailed)
    const t = encodeURIComponent(buyer)
    await page.goto(`${h.url}/home/${t}`)
    await page.getByTestId("home-circle").getByTestId("circle-item").first().waitFor()
    await shot(page, "circle-05-home")
    await page.goto(`${h.url}/circleShareList/${t}`)
    await page.getByTestId("circle-item").first().waitFor()
    expect(await page.getByTestId("circle-item-title").allTextContents()).toEqual(["高等数学（第七版）上下册"])
    await page.getByTestId("circle-filter-50").click()
    await page.getByTestId("circle-empty").waitFor()
    await page.getByTestId("circle-filter-10").click()
    await page.getByTestId("circle-item").first().waitFor()
    await shot(page, "circle-06-market")

    await page.getByTestId("circle-item-link").first().click()
    await page.waitForURL((u) => u.pathname === `/circleDetail/${itemId}/${t}`)
    await page.getByTestId("circle-detail").waitFor()
    expect(await page.getByTestId("circle-detail-phone").count()).toBe(0)
    await page.getByTestId("react-like").click()
    await expect.poll(() => page.getByTestId("react-like-count").textContent(), POLL).toBe("1")
    await page.getByTestId("react-like").click()
    await toast(page, "您已赞过").waitFor()
    expect(await page.getByTestId("react-like-count").textContent()).toBe("1")

    const before = new Date(Date.now() - 1000)
    await page.getByTestId("circle-contact").click()
    await toast(page, "联系方式已通过公众号消息发送给您").waitFor()
    await expect.poll(async () => {
      const rows = await h.runtime.db.selectFrom("outbox").select(["params", "created_at"]).where("recipient", "=", "demo-runner").execute()
      return rows.filter((r) => new Date(r.created_at) >= before).some((r) => JSON.stringify(r.params).includes("13800000001"))
    }, POLL).toBe(true)
    expect(await page.content()).not.toContain("13800000001")
    await shot(page, "circle-07-detail-liked")
    expect(errors).toEqual([])
  }, 120_000)

  it("a visitor opened by openid likes and reports it, without a session; contact shows the follow QR", async ({ onTestFailed }) => {
    const { page, errors } = await phone("visitor", onTestFailed)
    const authorized: string[] = []
    page.on("request", (r) => { if (r.url().includes("/api/circle/") && r.headers().authorization) authorized.push(r.url()) })
    await page.goto(`${h.url}/circleDetail/${itemId}/test-circle-visitor`)
    await expect.poll(() => page.getByTestId("circle-detail-title").textContent(), POLL).toBe("高等数学（第七版）上下册")
    expect(await page.evaluate(() => sessionStorage.getItem("station.token"))).toBeNull()
    await page.getByTestId("react-like").click()
    await expect.poll(() => page.getByTestId("react-like-count").textContent(), POLL).toBe("2")
    await page.getByTestId("react-like").click()
    await toast(page, "您已赞过").waitFor()

    await page.getByTestId("circle-report").click()
    await page.locator(".adm-action-sheet-button-item").filter({ hasText: "广告" }).click()
    await toast(page, "已提交").waitFor()
    await expect.poll(async () => (await h.runtime.db.selectFrom("circle_report").select("reporter_openid").execute()).map((r) => r.reporter_openid), POLL)
      .toEqual(["test-circle-visitor"])

    await page.getByTestId("circle-contact").click()
    await page.getByTestId("circle-follow-dialog").waitFor()
    await page.getByTestId("circle-follow-qr").waitFor()
    await shot(page, "circle-08-visitor-follow")
    expect(authorized).toEqual([])
    expect(errors).toEqual([])
  }, 120_000)

  it("the owner delists it (off the market, still in My circle) and deletes it", async ({ onTestFailed }) => {
    const { page, errors } = await phone("owner", onTestFailed)
    const t = encodeURIComponent(seller)
    await page.goto(`${h.url}/myCircle/${t}`)
    await expect.poll(() => page.getByTestId("my-item-status").textContent(), POLL).toBe("已上架")
    await shot(page, "circle-09-my-listed")
    await page.getByTestId("my-item-status-toggle").click()
    await confirmDialog(page, "确认下架？")()
    await toast(page, "操作成功").waitFor()
    await expect.poll(() => page.getByTestId("my-item-status").textContent(), POLL).toBe("已下架")
    const market = await h.api<{ data: { results: unknown[] } }>("/api/circle/paging?pageNo=0&goodsType=-1", buyer)
    expect(market.data.results).toEqual([])
    await shot(page, "circle-10-my-delisted")
    // the delist's toast gone first, so the delete's own toast is the one awaited (both read 操作成功)
    await toast(page, "操作成功").waitFor({ state: "hidden" })

    await page.getByTestId("my-item-delete").click()
    await confirmDialog(page, "确认删除？")()
    await toast(page, "操作成功").waitFor()
    await expect.poll(() => page.getByTestId("circle-item").count(), POLL).toBe(0)
    await page.reload()
    await page.getByTestId("circle-empty").waitFor()
    expect(errors).toEqual([])
  }, 120_000)

  it("sells a teammate, confesses to a goddess, leaves a message (the motto kept), and the discovery home shows them", async ({ onTestFailed }) => {
    const { page, errors } = await phone("social", onTestFailed)
    const t = encodeURIComponent(seller)

    await page.goto(`${h.url}/circleSfEdit/${t}`)
    await page.getByTestId("teammate-form").waitFor()
    await page.getByTestId("teammate-submit").click()
    await toast(page, "TA的昵称不能为空").waitFor()
    await input(page, "teammate-nickname-input").fill("阿杰")
    await page.getByTestId("teammate-sex").getByText("男生").click()
    await input(page, "teammate-wxno").fill("ajie_2026")
    await input(page, "teammate-motto").fill("生活不止眼前的代码")
    for (const tag of ["学霸", "会做饭", "学霸"]) {
      await input(page, "teammate-tag-input").fill(tag)
      await page.getByTestId("teammate-tag-add").click()
    }
    await toast(page, "该标签已存在").waitFor()
    expect(await page.getByTestId("teammate-tags").locator(".circle-flag").allTextContents()).toEqual(["学霸", "会做饭"])
    await page.getByTestId("teammate-header").locator("input[type=file]").setInputFiles(await photo(page, "ajie.jpg", 120, "阿杰"))
    await page.getByTestId("teammate-pics").locator("input[type=file]").setInputFiles(await photo(page, "ajie-life.jpg", 160, "篮球"))
    await expect.poll(() => page.getByTestId("teammate-pics-count").textContent(), POLL).toBe("1/9")
    await expect.poll(() => page.getByTestId("teammate-header-count").textContent(), POLL).toBe("1/1")
    await shot(page, "circle-11-teammate-form")
    await page.getByTestId("teammate-submit").click()
    await page.getByTestId("teammate-success").waitFor()
    await page.getByText("卖出成功").waitFor()
    await page.getByTestId("teammate-again").waitFor()
    await shot(page, "circle-12-teammate-sold")

    await page.goto(`${h.url}/circleBBEdit/${t}`)
    await input(page, "confession-nickname-input").fill("小雨")
    await page.getByTestId("confession-sex").getByText("女生").click()
    await input(page, "confession-word-input").fill("图书馆三楼靠窗的你，想认识一下可以吗？")
    await page.getByTestId("confession-submit").click()
    await toast(page, "请上传TA的头像").waitFor()
    await page.getByTestId("confession-header").locator("input[type=file]").setInputFiles(await photo(page, "xiaoyu.jpg", 330, "小雨"))
    await expect.poll(() => page.getByTestId("confession-header-count").textContent(), POLL).toBe("1/1")
    await page.getByTestId("confession-submit").click()
    await page.getByTestId("confession-success").waitFor()
    await page.getByText("成功向你的女神表白").waitFor()
    await shot(page, "circle-13-confessed")

    await page.goto(`${h.url}/circleJyEdit/${t}`)
    await input(page, "message-motto-input").fill("日拱一卒")
    await input(page, "message-word-input").fill("期末加油，大家都能过！")
    await page.getByTestId("message-submit").click()
    await page.getByTestId("message-success").waitFor()
    await page.goto(`${h.url}/circleJyEdit/${t}`)
    await expect.poll(() => page.getByTestId("message-motto").textContent(), POLL).toBe("日拱一卒")
    await page.getByTestId("message-motto-edit").waitFor()
    await shot(page, "circle-14-message-motto-known")

    const other = await phone("discovery", onTestFailed)
    await other.page.goto(`${h.url}/circleDiscovery/${encodeURIComponent(buyer)}`)
    await expect.poll(() => other.page.getByTestId("teammate-nickname").textContent(), POLL).toBe("阿杰")
    expect(await other.page.getByTestId("confession-nickname").textContent()).toBe("小雨")
    expect(await other.page.getByTestId("message-word").allTextContents()).toEqual(["期末加油，大家都能过！"])
    const teammate = other.page.getByTestId("teammate-card")
    await teammate.getByTestId("react-call").click()
    await toast(other.page, "已呼TA").waitFor()
    await expect.poll(() => teammate.getByTestId("react-call-count").textContent(), POLL).toBe("1")
    await other.page.getByTestId("confession-card").getByTestId("react-flower").click()
    await expect.poll(() => other.page.getByTestId("confession-card").getByTestId("react-flower-count").textContent(), POLL).toBe("1")
    await shot(other.page, "circle-15-discovery")
    await other.page.getByTestId("banner-confession").click()
    await other.page.getByTestId("confession-card").first().waitFor()
    await other.page.getByTestId("circle-no-more").waitFor()
    await shot(other.page, "circle-16-confession-wall")
    expect(errors).toEqual([])
    expect(other.errors).toEqual([])
  }, 180_000)
})
