/**
 * The built worksite chooser (spec 002 §2 Worksite chooser, §8 'worksite change'), both of its `from` paths on a
 * 390×844 phone without a position (so the grouped list): from userInfo the choice is saved ('网点变更成功') and the
 * page returns to /userInfo/{platform}/{token}; a save that fails says '保存失败' (or the server's message) and stays;
 * from addUserInfo nothing is saved and the completing form at /addUserInfo/{redirect}/{token} shows the choice.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Page } from "playwright-core"
import { createUser } from "#adapters/postgres/seed"
import { browserAvailable, POLL, shot, startHarness, toast, type Harness } from "./harness"

const run = browserAvailable()

describe.skipIf(!run)("worksite chooser: from personal info and from completing the profile", () => {
  let h: Harness
  beforeAll(async () => { h = await startHarness() }, 60_000)
  afterAll(async () => { await h?.close() })

  const worksiteOf = async (id: string) =>
    (await h.runtime.db.selectFrom("app_user").select("worksite_id").where("id", "=", id).executeTakeFirstOrThrow()).worksite_id
  const phone = async () => {
    const opened = await h.phone()
    await opened.page.setViewportSize({ width: 390, height: 844 })
    return opened
  }
  const groups = async (page: Page) => {
    await page.getByTestId("location-failed").waitFor()
    await page.getByTestId("worksite-ws-dongyuan").waitFor()
  }

  it("from userInfo: a failed save says so and stays; a saved choice says '网点变更成功' and returns to personal info", async ({ onTestFailed }) => {
    await h.fixture((db, at) => createUser(db, {
      id: "u-chooser-1", openid: "test-chooser-1", nickname: "换网点", realname: "钱七", phone_main: "13600000011", worksite_id: "ws-xiyuan", role: "student"
    }, {}, at))
    const token = await h.token("test-chooser-1")
    const { page, errors } = await phone()
    onTestFailed(() => shot(page, `FAILED-chooser-${Date.now()}`))

    await page.goto(`${h.url}/worksiteList?${new URLSearchParams({ token, from: "userInfo", platform: "express" })}`)
    await groups(page)
    await shot(page, "95-chooser-groups")

    // the network fails: the screen's own wording, and the page stays
    await page.route("**/api/user/updateWorksite", (route) => route.abort())
    await page.getByTestId("worksite-ws-dongyuan").click()
    await toast(page, "保存失败").waitFor()
    await shot(page, "96-chooser-save-failed")
    expect(new URL(page.url()).pathname).toBe("/worksiteList")
    expect(await worksiteOf("u-chooser-1")).toBe("ws-xiyuan")
    await page.unroute("**/api/user/updateWorksite")

    // the server refuses (a worksite that is gone by the time it is saved): its message instead
    await page.route("**/api/user/updateWorksite", (route) => route.continue({ postData: JSON.stringify({ worksite: "ws-gone" }) }))
    await page.getByTestId("worksite-ws-dongyuan").click()
    await toast(page, "获取网点信息失败").waitFor()
    expect(new URL(page.url()).pathname).toBe("/worksiteList")
    expect(await worksiteOf("u-chooser-1")).toBe("ws-xiyuan")
    await page.unroute("**/api/user/updateWorksite")

    await page.locator(".adm-toast-mask").waitFor({ state: "detached", timeout: 5000 }).catch(() => undefined)
    await page.getByTestId("worksite-ws-dongyuan").click()
    await toast(page, "网点变更成功").waitFor()
    await page.waitForURL((u) => u.pathname === `/userInfo/express/${token}`)
    await expect.poll(() => page.getByTestId("info-worksite").textContent(), POLL).toContain("东园驿站")
    await shot(page, "97-chooser-changed")
    expect(await worksiteOf("u-chooser-1")).toBe("ws-dongyuan")

    // the personal-info entry, /worksiteEdit/{token}, is the same userInfo path
    await page.goto(`${h.url}/worksiteEdit/${token}`)
    await groups(page)
    await page.getByTestId("worksite-ws-xiyuan").click()
    await toast(page, "网点变更成功").waitFor()
    await page.waitForURL((u) => u.pathname === `/userInfo/express/${token}`)
    await expect.poll(() => page.getByTestId("info-worksite").textContent(), POLL).toContain("西园驿站")
    expect(await worksiteOf("u-chooser-1")).toBe("ws-xiyuan")
    expect(errors).toEqual([])
  }, 90_000)

  it("from addUserInfo: nothing is saved, no toast, and the completing form shows the choice", async ({ onTestFailed }) => {
    await h.fixture((db, at) => createUser(db, { id: "u-chooser-2", openid: "test-chooser-2", nickname: "新同学", role: "student" }, {}, at))
    const token = await h.token("test-chooser-2")
    const { page, errors } = await phone()
    onTestFailed(() => shot(page, `FAILED-chooser-${Date.now()}`))
    let saves = 0
    page.on("request", (r) => { if (r.url().includes("/api/user/updateWorksite")) saves++ })

    await page.goto(`${h.url}/worksiteList?${new URLSearchParams({ token, from: "addUserInfo", redirect: "my" })}`)
    await groups(page)
    await page.getByTestId("worksite-ws-dongyuan").click()
    await page.waitForURL((u) => u.pathname === `/addUserInfo/my/${token}`)
    await expect.poll(() => page.getByTestId("complete-worksite").textContent(), POLL).toContain("东园驿站")
    await page.waitForTimeout(300)
    await shot(page, "98-chooser-add-user-info")
    expect(await page.locator(".adm-toast-main").count()).toBe(0)
    expect(saves).toBe(0)
    expect(await worksiteOf("u-chooser-2")).toBeNull()
    expect(errors).toEqual([])
  }, 60_000)
})
