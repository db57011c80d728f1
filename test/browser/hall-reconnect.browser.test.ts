/**
 * Issue 24, the hall after a lost connection, in chromium at 390×844: a runner holds the hall open; the phone's
 * network is cut through the browser (DevTools offline emulation, which closes the open websocket at once) for 30 s,
 * while another order is placed and paid and an order the hall shows is grabbed by another runner; when the network
 * is back the socket reconnects and the hall reads its list again: the new order is there and the taken one gone,
 * without the page being reloaded.
 */
import type { Page, WebSocket } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createUser } from "#adapters/postgres/seed"
import { checkInParcel, setUpErrands } from "./errand-kit"
import { browserAvailable, POLL, shot, startHarness, type Harness } from "./harness"

const run = browserAvailable()
const CUT_MS = 30_000
const SOCKET_PATH = "/socket.io/"

interface Answer<T = Record<string, unknown>> { readonly success: boolean; readonly message?: string; readonly data: T }

describe.skipIf(!run)("the hall after a lost connection (issue 24)", () => {
  let h: Harness
  const tokens = {} as { student: string; runner: string; rival: string }

  const ok = <T>(answer: Answer<T>, what: string): T => {
    expect(answer.success, `${what}: ${answer.message}`).toBe(true)
    return answer.data
  }

  /** A door-delivery order (type 1) for a new parcel of demo-student's, paid through the provider's notice: its order number. */
  const placeAndPay = async (expressNo: string): Promise<string> => {
    const parcel = await checkInParcel(h, expressNo)
    const placed = ok(await h.api<Answer<{ _id: string; orderNo: string }>>("/api/paotuiOrder", tokens.student, {
      method: "POST",
      body: JSON.stringify({
        type: 1, toTakeId: parcel.id, worksiteId: "ws-xiyuan", goodsType: 1, dormBuilding: "b-xy-1", dormFloor: 5, dormRoom: "501",
        friendReceives: false, sexLimit: -1, remark: ""
      })
    }), "place")
    const prepay = ok(await h.api<Answer<{ prepayId: string }>>(`/api/paotuiOrder/prepay/${placed._id}`, tokens.student), "prepay")
    const sheet = ok(await h.api<Answer<object>>(`/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${prepay.prepayId}`)}`, tokens.student), "paysign")
    const paid = await h.runtime.paymentProvider.pay(sheet)
    if (!paid.ok) throw new Error(`pay: ${paid.reason}`)
    const notice = await fetch(`${h.url}/api/wx/payNotify`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(paid.notice) })
    expect(notice.status).toBe(200)
    const stored = await h.runtime.db.selectFrom("errand_order").select(["status", "paid"]).where("id", "=", placed._id).executeTakeFirstOrThrow()
    expect(stored.status).toBe(0)
    expect(stored.paid).toBeGreaterThan(0)
    return placed.orderNo
  }

  const cardOf = (page: Page, orderNo: string) => page.locator(`[data-testid=errand-order][data-order-no="${orderNo}"]`)
  const shownOrders = (page: Page) => page.locator("[data-testid=errand-order]").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-order-no")))

  beforeAll(async () => {
    h = await startHarness()
    await setUpErrands(h, { discount: null, countDaily: null })
    await h.fixture((db, at) => createUser(db, {
      id: "u-hall-rival", openid: "test-hall-rival", nickname: "测试用户", realname: "赵六", phone_main: "13600000041", worksite_id: "ws-xiyuan",
      role: "runner", auth_status: 1, paotui_status: 1, sex: 1
    }, {}, at))
    const [student, runner, rival] = await Promise.all(["demo-student", "demo-runner", "test-hall-rival"].map((o) => h.token(o)))
    Object.assign(tokens, { student, runner, rival })
  }, 60_000)
  afterAll(async () => { await h?.close() })

  it("a runner offline for 30 s sees, once back, the order placed meanwhile and no longer the one grabbed meanwhile, without a page reload", async ({ onTestFailed }) => {
    const first = await placeAndPay("SF-HALL-CUT-1")
    const second = await placeAndPay("SF-HALL-CUT-2")

    const { page, errors } = await h.phone()
    await page.setViewportSize({ width: 390, height: 844 })
    onTestFailed(() => shot(page, `FAILED-hall-reconnect-${Date.now()}`))
    // the page's socket.io websockets that the server answered (an attempt made while offline fails unanswered)
    type Socket = { readonly ws: WebSocket; answeredAt?: number; closedAt?: number }
    const attempts: Socket[] = []
    page.on("websocket", (ws) => {
      if (!ws.url().includes(SOCKET_PATH)) return
      const entry: Socket = { ws }
      attempts.push(entry)
      ws.on("framereceived", () => { entry.answeredAt ??= Date.now() })
      ws.on("close", () => { entry.closedAt = Date.now() })
    })
    const sockets = () => attempts.filter((a) => a.answeredAt !== undefined)
    await page.goto(`${h.url}/robbing/${encodeURIComponent(tokens.runner)}`)
    await cardOf(page, first).waitFor()
    await cardOf(page, second).waitFor()
    await expect.poll(() => sockets().length, POLL).toBe(1)
    // the hall is live before the cut: an order placed now arrives without a reload
    const live = await placeAndPay("SF-HALL-CUT-3")
    await cardOf(page, live).waitFor()
    // a mark on the window: a reload of the page would lose it
    await page.evaluate(() => { (window as unknown as { hallMark: string }).hallMark = "before the cut" })

    // the network is cut through the browser; the open websocket closes at once
    const cdp = await page.context().newCDPSession(page)
    await cdp.send("Network.enable")
    const conditions = { latency: 0, downloadThroughput: -1, uploadThroughput: -1 }
    const cutAt = Date.now()
    await cdp.send("Network.emulateNetworkConditions", { offline: true, ...conditions })
    const before = sockets()[0]!
    await expect.poll(() => before.closedAt, POLL).toBeDefined()
    expect(before.closedAt! - cutAt).toBeLessThan(5_000)

    // meanwhile: a new order is placed and paid, and one the hall shows is grabbed by another runner
    const placedOffline = await placeAndPay("SF-HALL-CUT-4")
    ok(await h.api<Answer<unknown>>(`/api/paotuiOrder/robbingRollModule/${first}`, tokens.rival, { method: "PUT" }), "the rival's grab")
    expect(await h.runtime.db.selectFrom("errand_order").select("accept_openid").where("order_no", "=", first).executeTakeFirstOrThrow())
      .toEqual({ accept_openid: "test-hall-rival" })
    await page.waitForTimeout(Math.max(0, cutAt + CUT_MS - Date.now()))
    // still offline: the page has heard nothing of either
    expect(await shownOrders(page)).toEqual(expect.arrayContaining([first, second, live]))
    expect(await cardOf(page, placedOffline).count()).toBe(0)
    expect(sockets()).toEqual([before])
    const attemptsOffline = attempts.length - 1

    // the network is back: the socket reconnects and the hall reads its list again
    const backAt = Date.now()
    await cdp.send("Network.emulateNetworkConditions", { offline: false, ...conditions })
    await cardOf(page, placedOffline).waitFor({ timeout: POLL.timeout })
    await expect.poll(() => cardOf(page, first).count(), POLL).toBe(0)
    const reconnectedIn = Date.now() - backAt
    expect((await shownOrders(page)).sort()).toEqual([second, live, placedOffline].sort())
    const answered = sockets()
    expect(answered).toHaveLength(2)
    expect(answered[1]!.answeredAt!).toBeGreaterThanOrEqual(backAt)
    expect(answered[1]!.closedAt).toBeUndefined()
    expect(await page.evaluate(() => (window as unknown as { hallMark?: string }).hallMark)).toBe("before the cut")
    console.info(`[hall reconnect] websocket closed ${before.closedAt! - cutAt} ms after the cut; ${attemptsOffline} reconnect attempts while offline; ` +
      `answered again ${answered[1]!.answeredAt! - backAt} ms and the hall current ${reconnectedIn} ms after the network came back`)
    await shot(page, "95-hall-after-reconnect")

    // and it is live again: an order placed now arrives by its event
    const after = await placeAndPay("SF-HALL-CUT-5")
    await cardOf(page, after).waitFor({ timeout: POLL.timeout })
    // the socket's failed attempts while offline are the browser's own logging, not the page's errors
    expect(errors.filter((e) => !/WebSocket connection to .* failed|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([])
  }, 120_000)
})
