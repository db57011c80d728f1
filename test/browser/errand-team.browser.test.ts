/**
 * The errand team in the browser: a student rates a finished errand with a 2-yuan tip paid in the simulated
 * sheet and the runner's credit score moves; a leader finds a runner by phone and sets them as a building
 * leader; the building counts, the runner's day with its export link and the agreement render.
 */
import { randomUUID } from "node:crypto"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createUser } from "#adapters/postgres/seed"
import { errandStore } from "#adapters/postgres/stores/errand-store"
import type { ErrandOrderRecord } from "#src/errand/errand-store"
import { browserAvailable, POLL, shot, startHarness, toast, type Harness } from "./harness"

const run = browserAvailable()

const completedOrder = (over: Partial<ErrandOrderRecord>): ErrandOrderRecord => {
  const now = new Date()
  return {
    id: `eo-${randomUUID()}`, orderNo: `P${Date.now()}`, type: 1, status: 100, openid: "demo-student", worksiteId: "ws-xiyuan",
    accept: { openid: "demo-runner", name: "王强", phone: "13800000002" }, payFee: 400, paid: 400, refunded: 0, runnerIncome: 400, freight: null,
    freightPaid: 0, goodsPic: null, createdAt: now, requireArriveTime: now, toComment: true, sexLimit: -1, goodsClass: 1, specialGoodId: null,
    buildingId: null, floor: 3, dormRoom: "301", proxyReceiver: null, proxyReceiverPhone: null, remark: "", toTakeId: null, fee: 400,
    activityId: null, prepayId: null, acceptedAt: now, finishedAt: now, ...over
  }
}

describe.skipIf(!run)("errand team pages", () => {
  let h: Harness
  beforeAll(async () => { h = await startHarness() }, 60_000)
  afterAll(async () => { await h?.close() })

  const credit = async () => (await h.runtime.db.selectFrom("app_user").select("credit_score").where("id", "=", "u-runner").executeTakeFirstOrThrow()).credit_score
  const money = async () => (await h.runtime.db.selectFrom("wallet").select("money").where("user_id", "=", "u-runner").executeTakeFirstOrThrow()).money

  it("rates a finished errand with a tip paid in the sheet; the runner's credit score and wallet move", async ({ onTestFailed }) => {
    const order = completedOrder({})
    await h.fixture((db) => Effect.runPromise(errandStore(db).insert(order)))
    const [creditBefore, moneyBefore] = [await credit(), await money()]
    const token = await h.token("demo-student")
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-rating-${Date.now()}`))
    await page.goto(`${h.url}/comment/${order.id}/demo-runner/${encodeURIComponent("王强")}/${encodeURIComponent("今天 12:30")}/${encodeURIComponent(token)}`)
    await page.getByTestId("rating-form").waitFor()
    expect(await page.getByTestId("rating-runner").textContent()).toBe("王强")

    await page.getByTestId("rating-submit").click()
    await toast(page, "请为本次跑腿打分，一颗星起步哦").waitFor()
    await page.getByTestId("rating-star-5").click()
    await page.getByTestId("rating-submit").click()
    await toast(page, "请选择本次服务标签").waitFor()
    await page.getByTestId("rating-tag-2").click()
    await page.getByTestId("rating-tag-1").click()
    await page.getByTestId("rating-tag-3").click()
    expect(await page.getByTestId("rating-tag-2").getAttribute("aria-pressed")).toBe("false")
    expect(await page.getByTestId("rating-tag-1").getAttribute("aria-pressed")).toBe("true")
    await page.getByText("2.00元", { exact: true }).click()
    await shot(page, "80-errand-rating-filled")

    await page.getByTestId("rating-submit").click()
    await page.getByTestId("pay-sheet").waitFor()
    expect(await page.locator(".pay-sheet__amount").textContent()).toBe("¥2.00")
    await shot(page, "81-errand-rating-tip-sheet")
    await page.getByTestId("pay-confirm").click()
    await toast(page, "评论成功").waitFor()
    await expect.poll(() => page.url(), POLL).toContain("/robbingList/1/complete/")

    expect(await money()).toBe(moneyBefore + 200)
    expect(await credit()).toBe(Math.min(100, creditBefore + 2))
    const comment = await h.runtime.db.selectFrom("errand_comment").selectAll().where("order_id", "=", order.id).executeTakeFirstOrThrow()
    expect(comment).toMatchObject({ score: 5, reward_money: 200, tags: [1, 3] })

    // the runner sees the new score and its record
    const runnerToken = await h.token("demo-runner")
    await page.goto(`${h.url}/creditscoreDetail/${encodeURIComponent(runnerToken)}`)
    await expect.poll(() => page.getByTestId("credit-score").textContent(), POLL).toBe(String(await credit()))
    await expect.poll(() => page.getByTestId("credit-record").count(), POLL).toBe(1)
    expect(await page.getByTestId("credit-record").textContent()).toContain("跑腿服务获得5星评价")
    await shot(page, "82-errand-credit-detail")

    // a second rating of the same order is refused
    await page.goto(`${h.url}/comment/${order.id}/demo-runner/x/y/${encodeURIComponent(token)}`)
    await page.getByTestId("rating-star-3").click()
    await page.getByTestId("rating-tag-1").click()
    await page.getByTestId("rating-submit").click()
    await toast(page, "该跑腿单已评价过了").waitFor()
    expect(errors).toEqual([])
  })

  it("a leader looks a runner up by phone and sets them as a building leader; counts, today data and the agreement render", async ({ onTestFailed }) => {
    const building = `bd-${randomUUID()}`
    await h.fixture((db) => db.insertInto("building").values({ id: building, worksite_id: "ws-xiyuan", name: "西园3栋", area: "西区", sort: 1 }).execute())
    await h.fixture((db, at) => createUser(db, {
      id: "u-member", openid: "it-member", nickname: "小赵", realname: "赵小明", phone_main: "13811112222", worksite_id: "ws-xiyuan", role: "runner",
      auth_status: 1, paotui_status: 1, paotui_leader: "u-runner"
    }, {}, at))
    await h.fixture((db, at) => createUser(db, { id: "u-plain", openid: "it-plain", nickname: "路人", realname: "路人", phone_main: "13811113333", worksite_id: "ws-xiyuan", role: "student" }, {}, at))
    const token = await h.token("demo-runner")
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-leader-${Date.now()}`))
    await page.goto(`${h.url}/setBuildingManager/${encodeURIComponent(token)}`)
    await page.getByTestId("manager-building").first().waitFor()

    await page.getByTestId("manager-set").first().click()
    await toast(page, "请先查找楼长").waitFor()
    await page.locator("[data-testid=manager-phone] input").fill("1381111")
    await page.getByTestId("manager-find").click()
    await toast(page, "请输入正确的手机号码").waitFor()
    await page.locator("[data-testid=manager-phone] input").fill("13811113333")
    await page.getByTestId("manager-find").click()
    await toast(page, "该用户暂无跑腿资格").waitFor()
    await page.locator("[data-testid=manager-phone] input").fill("13811112222")
    await page.getByTestId("manager-find").click()
    await expect.poll(() => page.getByTestId("manager-found").textContent(), POLL).toContain("赵小明")
    const row = page.getByTestId("manager-building").filter({ hasText: "西园3栋" })
    await row.getByTestId("manager-set").click()
    await toast(page, "设置成功").waitFor()
    await expect.poll(() => row.textContent(), POLL).toContain("楼长：赵小明 13811112222")
    await shot(page, "83-errand-set-building-leader")
    expect((await h.runtime.db.selectFrom("building").select("manager_id").where("id", "=", building).executeTakeFirstOrThrow()).manager_id).toBe("u-member")

    const open = completedOrder({ buildingId: building, status: 1, toComment: false, runnerIncome: 0, finishedAt: null })
    await h.fixture((db) => Effect.runPromise(errandStore(db).insert(open)))
    await page.goto(`${h.url}/paotuiStatusInfo/${encodeURIComponent(token)}`)
    const counts = page.getByTestId("building-status-row").filter({ hasText: "西园3栋" })
    await expect.poll(() => counts.locator("td").allTextContents(), POLL).toEqual(["西园3栋", "1", "0", "0", "0"])
    await shot(page, "84-errand-building-status")

    await page.goto(`${h.url}/paotuiOrderForDownload/${encodeURIComponent(token)}`)
    await page.getByTestId("day-export").waitFor()
    await expect.poll(() => page.getByTestId("day-order").count(), POLL).toBeGreaterThan(0)
    const link = await page.getByTestId("day-export-url").textContent()
    expect(link).toMatch(/\/api\/paotuiOrder\/exportExcel\/u-runner\?expires=\d+&sig=/)
    const file = await fetch(link!)
    expect(file.status).toBe(200)
    expect(file.headers.get("content-type")).toContain("spreadsheetml")
    await shot(page, "85-errand-today-data")

    await page.goto(`${h.url}/paotuiQrcode/${encodeURIComponent(token)}`)
    await page.getByTestId("recruit-qr").waitFor()
    expect(await page.getByTestId("recruit-code").textContent()).toBe("XY2026")
    expect(await page.getByTestId("recruit-card").textContent()).toContain("示范大学南校区西园快递驿站")
    await shot(page, "87-errand-recruit-qrcode")

    await page.goto(`${h.url}/paotuiAgreement`)
    await page.getByTestId("static-agreement").waitFor()
    const text = await page.getByTestId("static-agreement").textContent()
    expect(text).toContain("未保价物品每单最高赔付1000.00元")
    expect(text).toContain("保价费为声明价值的0.5%，最低1.00元")
    expect(text).toContain("收件人确认收货即视为送达完成")
    await shot(page, "86-errand-agreement")
    expect(errors).toEqual([])
  })
})
