/**
 * Staff hand uncollected parcels back to the courier: from /my to the return screen, the carrier filter, a
 * wrong scanned number refused, the right one returned and gone live from a second staff screen, scan-first,
 * and the empty state.
 */
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { actorByOpenid } from "#adapters/ops/actors"
import { markDueParcels } from "#src/parcel/returns"
import { checkIn } from "#src/parcel/use-cases"
import { browserAvailable, POLL, shot, startHarness, toast, type Harness } from "./harness"

const run = browserAvailable()
const DAY = 24 * 3_600_000

/** Answers the scan dialog the trigger opens with this text. */
const scanWith = async (page: Page, trigger: ReturnType<Page["getByTestId"]>, text: string) => {
  await trigger.click()
  const input = page.locator("[data-testid=scan-input] input")
  await input.waitFor()
  await input.fill(text)
  await page.getByTestId("scan-confirm").click()
  await page.getByTestId("scan-dialog").waitFor({ state: "detached" })
}

describe.skipIf(!run)("returns: staff hand uncollected parcels back to the courier", () => {
  let h: Harness
  beforeAll(async () => { h = await startHarness() }, 60_000)
  afterAll(async () => { await h?.close() })

  it("lists the due parcels by carrier, refuses a wrong number, returns the right one live on every staff screen, ends empty", async ({ onTestFailed }) => {
    const db = h.runtime.db
    const [xy, dy] = [(await actorByOpenid(db, "demo-staff"))!, (await actorByOpenid(db, "demo-staff-dy"))!]
    const base = { worksite: "ws-xiyuan", expressCompany: "ec-sf", storageNo: "B-02", weight: "wf-1", receiverPhone: "13800000001" }
    const numbers = ["SF7788001", "SF7788002", "YT5566001"] as const
    for (const [i, input] of [
      { ...base, expressNo: numbers[0] }, { ...base, expressNo: numbers[1] }, { ...base, expressNo: numbers[2], expressCompany: "ec-yto" }
    ].entries()) {
      const exit = await h.runtime.run(checkIn(xy, input), { now: new Date(Date.now() - 4 * DAY - i * 3_600_000) })
      expect(exit._tag).toBe("Success")
    }
    expect((await h.runtime.run(checkIn(dy, { ...base, worksite: "ws-dongyuan", expressNo: "DY0001" }), { now: new Date(Date.now() - 4 * DAY) }))._tag).toBe("Success")
    const marked = await h.runtime.run(markDueParcels())
    expect(marked).toMatchObject({ _tag: "Success", value: { count: 4 } })

    const token = encodeURIComponent(await h.token("demo-staff"))
    const staff = await h.phone()
    const other = await h.phone()
    const page = staff.page
    onTestFailed(async () => {
      await shot(page, `FAILED-returns-${Date.now()}`)
      console.error("page errors:", staff.errors, other.errors)
    })

    // from /my: the staff entries, then the return screen
    await page.goto(`${h.url}/my/${token}`)
    await page.getByTestId("me-staff-return").waitFor()
    expect(await page.getByTestId("me-staff").textContent()).toMatch(/快递入库[\s\S]*确认取件[\s\S]*退件/)
    await shot(page, "returns-01-my-staff-entries")
    await page.getByTestId("me-staff-return").click()
    await expect.poll(() => page.url(), POLL).toContain("/return/")
    const items = page.getByTestId("return-item")
    await expect.poll(() => items.count(), POLL).toBe(3)
    expect(await page.getByTestId("return-count").textContent()).toBe("3")
    expect(await page.getByTestId("station-header").textContent()).toContain("西园驿站")
    // oldest check-in first, and never dongyuan's parcel
    expect(await page.getByTestId("return-item-no").allTextContents()).toEqual([numbers[2], numbers[1], numbers[0]])
    await shot(page, "returns-02-list")

    // the staff tabs link the screens
    expect(await page.getByTestId("staff-nav").textContent()).toMatch(/快递入库确认取件退件/)
    expect(await page.getByTestId("staff-nav-return").getAttribute("aria-current")).toBe("page")

    // the carrier filter
    await page.getByTestId("return-filter-ec-yto").click()
    await expect.poll(() => page.getByTestId("return-item-no").allTextContents(), POLL).toEqual([numbers[2]])
    await shot(page, "returns-03-filter-yto")
    await page.getByTestId("return-filter-all").click()
    await expect.poll(() => items.count(), POLL).toBe(3)

    // a second staff screen of the same worksite
    await other.page.goto(`${h.url}/return/${token}`)
    await expect.poll(() => other.page.getByTestId("return-item").count(), POLL).toBe(3)

    // a wrong number on one parcel is refused with the spec's words; nothing leaves the list
    const first = items.filter({ hasText: numbers[0] })
    await scanWith(page, first.getByTestId("return-item-scan"), numbers[1])
    await toast(page, "快递单号不一致，请查证。").waitFor()
    await shot(page, "returns-04-wrong-number")
    expect(await items.count()).toBe(3)

    // the right number: returned, gone here and on the other screen
    await page.locator(".adm-toast-mask").waitFor({ state: "detached" }).catch(() => undefined)
    await scanWith(page, first.getByTestId("return-item-scan"), `code128,${numbers[0]}`)
    await toast(page, "退回成功").waitFor()
    await expect.poll(() => items.count(), POLL).toBe(2)
    await expect.poll(() => other.page.getByTestId("return-item").count(), POLL).toBe(2)
    expect(await other.page.getByTestId("return-count").textContent()).toBe("2")
    await shot(other.page, "returns-05-removed-live")

    // scan first: a number not in the list is told; one in the list is returned
    await scanWith(page, page.getByTestId("return-scan"), "NOPE123")
    await toast(page, "待退回列表中没有该快递单号，请查证。").waitFor()
    await scanWith(page, page.getByTestId("return-scan"), numbers[2])
    await expect.poll(() => items.count(), POLL).toBe(1)

    // the last one handed back elsewhere (over HTTP): both screens reach the empty state
    const last = await db.selectFrom("parcel").select("id").where("express_no", "=", numbers[1]).executeTakeFirstOrThrow()
    const answer = await h.api<{ success: boolean }>("/api/expressTosend/return", decodeURIComponent(token), {
      method: "PUT", body: JSON.stringify({ _id: last.id, expressNo: numbers[1] })
    })
    expect(answer.success).toBe(true)
    await page.getByTestId("return-empty").waitFor()
    await other.page.getByTestId("return-empty").waitFor()
    expect(await page.getByTestId("return-count").textContent()).toBe("0")
    await page.locator(".adm-toast-main").waitFor({ state: "detached" })
    await shot(page, "returns-06-empty")

    const statuses = await db.selectFrom("parcel").select(["express_no", "status"]).where("express_no", "in", [...numbers, "DY0001"]).orderBy("express_no").execute()
    expect(Object.fromEntries(statuses.map((s) => [s.express_no, s.status]))).toEqual({
      DY0001: 300, [numbers[0]]: 400, [numbers[1]]: 400, [numbers[2]]: 400
    })
    expect([...staff.errors, ...other.errors]).toEqual([])
  }, 120_000)
})
