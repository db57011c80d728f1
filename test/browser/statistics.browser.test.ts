/**
 * The statistics pages at 390×844 (issue 20): the head office opens 运营报表 from /my, sees every site over the last 7
 * days with the unbound followers, narrows to one site and to today, opens the site's figures today, then the daily
 * report, steps to yesterday and opens a stored record in place. The site admin 张伟 sees 西园驿站 alone with the
 * new-user counts left out; a staff member who is no site admin is refused in the spec's words. A report link opens
 * the daily report with no session (its key from the fragment, kept from day to day); once revoked, the page says
 * the link no longer works instead of showing the session-expired screen. Screenshots go to test-results/screenshots.
 */
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { actorByOpenid } from "#adapters/ops/actors"
import { jobNamed } from "#adapters/scheduler/jobs"
import { checkIn } from "#src/parcel/use-cases"
import { addDays, todayAt } from "#src/statistics/days"
import { createReportLink, revokeReportLink } from "#src/statistics/use-cases"
import { browserAvailable, POLL, shot, startHarness, type Harness } from "./harness"

const run = browserAvailable()
const HOUR = 3_600_000

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).first().textContent())?.trim() ?? ""

/** The count a daily block shows for a worksite. */
const dailyCount = (page: Page, type: number, worksite: string) =>
  page.getByTestId(`daily-block-${type}`).locator(`[data-testid=daily-line][data-worksite=${worksite}] [data-testid=daily-count]`)

describe.skipIf(!run)("statistics pages: /tongji, /statisticsDetail and /dailyStatic", () => {
  let h: Harness
  const today = todayAt(new Date())
  const yesterday = addDays(today, -1)
  beforeAll(async () => {
    h = await startHarness()
    const db = h.runtime.db
    const [xy, dy] = [(await actorByOpenid(db, "demo-staff"))!, (await actorByOpenid(db, "demo-staff-dy"))!]
    const base = { worksite: "ws-xiyuan", expressCompany: "ec-sf", storageNo: "C-01", weight: "wf-1", receiverPhone: "13800000001" }
    // two parcels at 西园 yesterday at noon Beijing time, three there today, one at 东园 today
    const yesterdayNoon = new Date(Date.parse(`${yesterday}T04:00:00.000Z`))
    for (const no of ["TJ0001", "TJ0002"]) expect((await h.runtime.run(checkIn(xy, { ...base, expressNo: no }), { now: yesterdayNoon }))._tag).toBe("Success")
    for (const no of ["TJ1001", "TJ1002", "TJ1003"]) expect((await h.runtime.run(checkIn(xy, { ...base, expressNo: no })))._tag).toBe("Success")
    expect((await h.runtime.run(checkIn(dy, { ...base, worksite: "ws-dongyuan", expressNo: "TJ2001" })))._tag).toBe("Success")
    // the job stores the closed days (yesterday's record is what the daily report's lines open)
    expect(await jobNamed("daily-statistics")!.run(h.runtime, new Date())).toMatchObject({ failed: 0 })
  }, 90_000)
  afterAll(async () => { await h?.close() })

  const phone = async () => {
    const p = await h.phone()
    await p.page.setViewportSize({ width: 390, height: 844 })
    return p
  }

  it("the head office: every site over the last 7 days, one site today, its figures now, the daily report and a stored record", async ({ onTestFailed }) => {
    const token = encodeURIComponent(await h.token("demo-admin"))
    const { page, errors } = await phone()
    onTestFailed(async () => { await shot(page, `FAILED-statistics-admin-${Date.now()}`); console.error("page errors:", errors) })

    await page.goto(`${h.url}/my/${token}`)
    await page.getByTestId("me-report").click()
    await page.getByTestId("tongji-rows").waitFor()
    expect(await text(page, "tongji-site-name")).toBe("全部网点")
    expect(await text(page, "tongji-days-text")).toBe(`${addDays(today, -6)} 至 ${today}`)
    const xyRow = page.locator("[data-testid=tongji-row][data-id=ws-xiyuan]")
    expect(await xyRow.getByTestId("tongji-checked-in").textContent()).toBe("5")
    expect(await page.locator("[data-testid=tongji-row][data-id=ws-dongyuan]").getByTestId("tongji-checked-in").textContent()).toBe("1")
    expect(await xyRow.getByTestId("tongji-new-bind").count()).toBe(1)
    expect(Number(await text(page, "tongji-unbound-count"))).toBeGreaterThanOrEqual(0)
    await shot(page, "statistics-01-tongji-head-office")

    // one site
    await page.getByTestId("tongji-site").click()
    await page.locator(".adm-picker-view-column-item").filter({ hasText: "西园" }).first().tap()
    await page.waitForTimeout(400)
    await page.locator(".adm-picker-header-button").filter({ hasText: "确定" }).click()
    await expect.poll(() => page.getByTestId("tongji-row").count(), POLL).toBe(1)
    expect(await text(page, "tongji-site-name")).toContain("西园")

    // today only: the calendar shows the last 7 days chosen; a tap on today starts a new range of that one day
    await page.getByTestId("tongji-days").click()
    await expect.poll(() => page.locator(".adm-calendar-picker-view-cell-selected").count(), POLL).toBe(7)
    await page.locator(".adm-calendar-picker-view-cell-today").click()
    await shot(page, "statistics-02-tongji-calendar")
    await page.locator(".adm-calendar-picker-footer .adm-button").click()
    await expect.poll(() => text(page, "tongji-days-text"), POLL).toBe(`${today} 至 ${today}`)
    await expect.poll(() => xyRow.getByTestId("tongji-checked-in").textContent(), POLL).toBe("3")
    await shot(page, "statistics-03-tongji-one-site-today")

    // the row: the site's figures today, counted now
    await xyRow.click()
    await page.getByTestId("stats-record").waitFor()
    expect(page.url()).toContain("/statisticsDetail/ws-xiyuan/")
    expect(await text(page, "stats-record-day")).toBe(today)
    expect(await text(page, "stats-figure-expessCount")).toBe("3")
    expect(await text(page, "stats-figure-smsCost")).toMatch(/^¥\d+\.\d\d$/)
    expect(await page.getByTestId("stats-figure-newBindCount").count()).toBe(1)
    await shot(page, "statistics-04-detail-today")

    // the daily report with the session: today, then yesterday, whose line opens the stored record in place
    await page.goBack()
    await page.getByTestId("tongji-daily").click()
    await page.getByTestId("daily-block-1").waitFor()
    expect(await text(page, "daily-date")).toBe(today)
    for (const type of [1, 2, 3, 4, 5, 6]) expect(await page.getByTestId(`daily-block-${type}`).count()).toBe(1)
    expect(await dailyCount(page, 2, "ws-xiyuan").textContent()).toBe("3")
    expect(await page.getByTestId("daily-next").isDisabled()).toBe(true)
    await shot(page, "statistics-05-daily-today")
    await page.getByTestId("daily-prev").click()
    await expect.poll(() => text(page, "daily-date"), POLL).toBe(yesterday)
    await expect.poll(() => dailyCount(page, 2, "ws-xiyuan").textContent(), POLL).toBe("2")
    await page.getByTestId("daily-block-2").locator("[data-testid=daily-line][data-worksite=ws-xiyuan]").click()
    const popup = page.locator(".stats-popup")
    await popup.getByTestId("stats-record").waitFor()
    expect(await popup.getByTestId("stats-record-day").textContent()).toBe(yesterday)
    expect(await popup.getByTestId("stats-figure-expessCount").textContent()).toBe("2")
    expect(await popup.getByText("今日实时").count()).toBe(0)
    await shot(page, "statistics-06-daily-yesterday-record")
    expect(errors).toEqual([])
  })

  it("the site admin sees 西园驿站 alone without the new-user counts; another staff member is refused", async ({ onTestFailed }) => {
    const { page, errors } = await phone()
    onTestFailed(async () => { await shot(page, `FAILED-statistics-site-admin-${Date.now()}`); console.error("page errors:", errors) })
    await page.goto(`${h.url}/tongji/${encodeURIComponent(await h.token("demo-staff"))}`)
    await page.getByTestId("tongji-rows").waitFor()
    expect(await text(page, "tongji-site-name")).toContain("西园")
    expect(await page.getByTestId("tongji-row").count()).toBe(1)
    expect(await page.getByTestId("tongji-checked-in").textContent()).toBe("5")
    expect(await page.getByTestId("tongji-new-bind").count()).toBe(0)
    expect(await page.getByTestId("tongji-unbound").count()).toBe(0)
    await shot(page, "statistics-07-tongji-site-admin")
    await page.getByTestId("tongji-daily").click()
    await page.getByTestId("daily-block-1").waitFor()
    expect(await page.getByTestId("daily-block-5").count()).toBe(0)
    expect(await page.getByTestId("daily-line").filter({ hasText: "东园" }).count()).toBe(0)
    expect(errors).toEqual([])

    const other = await phone()
    await other.page.goto(`${h.url}/tongji/${encodeURIComponent(await h.token("demo-staff-dy"))}`)
    await other.page.getByText("获取统计数据失败").waitFor()
    await shot(other.page, "statistics-08-tongji-refused")
  })

  it("a report link opens the daily report without a session, keeps its key from day to day, and says so once revoked", async ({ onTestFailed }) => {
    const made = await h.runtime.run(createReportLink("XY01", 30))
    if (made._tag !== "Success") throw new Error("no report link")
    const { page, errors } = await phone()
    onTestFailed(async () => { await shot(page, `FAILED-statistics-link-${Date.now()}`); console.error("page errors:", errors) })
    await page.goto(`${h.url}${made.value.path}`)
    await page.getByTestId("daily-block-1").waitFor()
    expect(await text(page, "daily-date")).toBe(yesterday)
    expect(await dailyCount(page, 2, "ws-xiyuan").textContent()).toBe("2")
    expect(await page.getByTestId("daily-line").filter({ hasText: "东园" }).count()).toBe(0)
    expect(await page.getByTestId("daily-block-5").count()).toBe(0)
    await shot(page, "statistics-09-daily-by-link")
    await page.getByTestId("daily-next").click()
    await expect.poll(() => text(page, "daily-date"), POLL).toBe(today)
    await expect.poll(() => dailyCount(page, 2, "ws-xiyuan").textContent(), POLL).toBe("3")
    expect(new URL(page.url()).hash).toBe(new URL(`${h.url}${made.value.path}`).hash)
    await page.getByTestId("daily-block-1").locator("[data-testid=daily-line]").first().click()
    await page.locator(".stats-popup").getByTestId("stats-record").waitFor()
    expect(await page.locator(".stats-popup").getByText("今日实时").count()).toBe(1)
    await shot(page, "statistics-10-daily-by-link-today-record")
    expect(errors).toEqual([])

    expect((await h.runtime.run(revokeReportLink(made.value.key.id)))._tag).toBe("Success")
    await page.reload()
    await page.getByText("报表链接已失效，请向管理员索取新的链接").waitFor()
    expect(new URL(page.url()).pathname).toBe(`/dailyStatic/${today}`)
    expect(await page.getByText("重试").count()).toBe(0)
    await shot(page, "statistics-11-daily-link-revoked")

    // an address that is no date is told so, not a blank page
    await page.goto(`${h.url}/dailyStatic/2026-13-45`)
    await page.getByText("统计日期范围不正确").waitFor()
  })
})
