/**
 * The reminder switches on 我的 at 390×844 (issue 21 item 8): a student sees 消息提醒 with the kinds a message is
 * written for today (退回前提醒) on, turns it off (saved, only that kind), reloads and finds it still off, then turns it
 * back on.
 * Screenshots: test-results/screenshots/reminders-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { browserAvailable, POLL, shot, startHarness, type Harness } from "./harness"

const run = browserAvailable()

describe.skipIf(!run)("reminder switches on 我的", () => {
  let h: Harness
  let student = ""
  beforeAll(async () => {
    h = await startHarness()
    student = await h.token("demo-student")
  }, 60_000)
  afterAll(async () => { await h?.close() })

  it("turns one kind off, keeps it off over a reload, and on again", async ({ onTestFailed }) => {
    const { page, errors } = await h.phone()
    await page.setViewportSize({ width: 390, height: 844 })
    onTestFailed(() => shot(page, `FAILED-reminders-${Date.now()}`))
    const switchOf = (kind: string) => page.getByTestId(`me-notice-${kind}`).locator(".adm-switch")
    const checked = (kind: string) => switchOf(kind).getAttribute("aria-checked")

    await page.goto(`${h.url}/my/${encodeURIComponent(student)}`)
    await page.getByTestId("me-notices").waitFor()
    expect(await checked("returnReminder")).toBe("true")
    // kinds whose messages do not exist yet show no switch
    for (const kind of ["arrival", "errandStatus", "sendStatus"]) expect(await page.getByTestId(`me-notice-${kind}`).count()).toBe(0)
    expect(await page.getByTestId("me-notices").textContent()).toContain("消息提醒")
    await shot(page, "reminders-1-all-on")

    await switchOf("returnReminder").click()
    await expect.poll(() => h.runtime.db.selectFrom("notice_off").select("kind").where("user_id", "=", "u-student").execute(), POLL)
      .toEqual([{ kind: "returnReminder" }])

    await page.reload()
    await page.getByTestId("me-notices").waitFor()
    expect(await checked("returnReminder")).toBe("false")
    await shot(page, "reminders-2-return-off-after-reload")

    await switchOf("returnReminder").click()
    await expect.poll(() => checked("returnReminder"), POLL).toBe("true")
    await expect.poll(() => h.runtime.db.selectFrom("notice_off").select("kind").where("user_id", "=", "u-student").execute(), POLL).toEqual([])
    // the page is no wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(errors).toEqual([])
  })
})
