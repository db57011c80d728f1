/**
 * No page of the route table is wider than a 390 px phone: each route of web/src/app/app.tsx (read from the file, so a
 * new route is covered) opened with a demo token and plausible ids (the demo rows of every flow), at 390×844, and
 * `document.documentElement.scrollWidth` compared with the screen. A page that scrolls sideways is named with its width.
 */
import { readFileSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO_FLOWS, seedFlowsDemo } from "#adapters/postgres/seed-flows"
import { browserAvailable, shot, startHarness, type Harness } from "./harness"

const run = browserAvailable()
const WIDTH = 390

const routes = (): ReadonlyArray<string> =>
  [...readFileSync("web/src/app/app.tsx", "utf8").matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]!)

const values: Record<string, string> = {
  status: "ing", type: "1", redirect: "my", platform: "express", errorCode: "10001", expressId: DEMO_FLOWS.feeDueParcel,
  toTakeId: DEMO_FLOWS.feeDueParcel, paotuiId: DEMO_FLOWS.errands.accepted, orderNo: "PTDEMO0003", paotuiType: "1", id: "1",
  acceptOpenid: "demo-runner", paotuiName: "王强", paotuiTime: "2026-11-28 10:00", bizType: "1", goodsType: "1", toOpenid: "demo-runner",
  date: "2026-11-27", param: "x"
}

/** The path with each parameter filled in: the token, else a plausible value. */
const fill = (path: string, token: string) =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => (name === "token" ? token : encodeURIComponent(values[name] ?? "1")))

describe.skipIf(!run)("layout: every route fits a 390 px screen", () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
    await seedFlowsDemo(h.runtime.db)
  }, 60_000)
  afterAll(async () => { await h?.close() })

  it("no page of the route table scrolls sideways", async () => {
    const token = encodeURIComponent(await h.token("demo-student"))
    const { page } = await h.phone()
    await page.setViewportSize({ width: WIDTH, height: 844 })
    const table = routes()
    expect(table.length).toBeGreaterThan(80)
    const tooWide: string[] = []
    for (const route of table) {
      const path = fill(route, token)
      await page.goto(`${h.url}${path}`)
      await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined)
      await page.waitForTimeout(150)
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      if (width > WIDTH) {
        tooWide.push(`${route} is ${width}px wide`)
        await shot(page, `layout-too-wide-${route.split("/")[1] || "root"}`)
      }
    }
    expect(tooWide).toEqual([])
  }, 600_000)
})
