/**
 * The reminder switches on 我的 at 390×844 (issue 21 item 8): a student sees 消息提醒 with its four kinds on
 * (到件通知, 退回前提醒, 跑腿订单状态, 寄件订单状态), turns 到件通知 off (saved, only that kind), reloads and finds it
 * still off; a parcel checked in meanwhile brings the station's SMS but no template message; turned back on, the next
 * parcel brings both, each with its pickup code.
 * Screenshots: test-results/screenshots/reminders-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sql } from "kysely"
import { checkInParcel } from "./errand-kit"
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
    for (const kind of ["arrival", "returnReminder", "errandStatus", "sendStatus"]) expect(await checked(kind)).toBe("true")
    const text = (await page.getByTestId("me-notices").textContent()) ?? ""
    for (const words of ["消息提醒", "到件通知", "退回前提醒", "跑腿订单状态", "寄件订单状态"]) expect(text).toContain(words)
    await shot(page, "reminders-1-all-on")

    await switchOf("arrival").click()
    await expect.poll(() => h.runtime.db.selectFrom("notice_off").select("kind").where("user_id", "=", "u-student").execute(), POLL)
      .toEqual([{ kind: "arrival" }])

    await page.reload()
    await page.getByTestId("me-notices").waitFor()
    expect(await checked("arrival")).toBe("false")
    expect(await checked("returnReminder")).toBe("true")
    await shot(page, "reminders-2-arrival-off-after-reload")

    // a parcel now: the station's SMS with its code, no template message
    const arrivals = async (expressNo: string) => {
      const parcel = await checkInParcel(h, expressNo)
      const code = `${parcel.storageNo}-${String(parcel.tag).padStart(4, "0")}`
      const rows = await h.runtime.db.selectFrom("outbox").select(["channel", "recipient", "params"]).where("template", "=", "parcelArrived")
        .where(sql<boolean>`params->>'code' = ${code}`).orderBy("id").execute()
      return rows.map((r) => [r.channel, r.recipient])
    }
    expect(await arrivals("SF-REMIND-OFF")).toEqual([["sms", "13800000001"]])

    await switchOf("arrival").click()
    await expect.poll(() => checked("arrival"), POLL).toBe("true")
    await expect.poll(() => h.runtime.db.selectFrom("notice_off").select("kind").where("user_id", "=", "u-student").execute(), POLL).toEqual([])
    expect(await arrivals("SF-REMIND-ON")).toEqual([["sms", "13800000001"], ["template", "demo-student"]])
    // the page is no wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(errors).toEqual([])
  })
})
