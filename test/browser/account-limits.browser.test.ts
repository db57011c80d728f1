/**
 * The account pages' inputs take exactly the core's limits: a nickname or real name as long as the input
 * allows is saved by the server, and the runner's invitation box stops at the code's limit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createUser } from "#adapters/postgres/seed"
import { NICKNAME_MAX, REALNAME_MAX } from "#src/profile/personal-info"
import { INVITATION_MAX } from "#src/profile/runner-application"
import { browserAvailable, POLL, shot, startHarness, type Harness } from "./harness"

const run = browserAvailable()

describe.skipIf(!run)("account: the inputs' limits are the server's", () => {
  let h: Harness
  beforeAll(async () => { h = await startHarness() }, 60_000)
  afterAll(async () => { await h?.close() })

  it("a nickname and a real name as long as their inputs allow are saved; the invitation box stops at its limit", async ({ onTestFailed }) => {
    await h.fixture((db, at) => createUser(db, {
      id: "u-limits", openid: "test-limits", nickname: "限长", realname: "限长", phone_main: "13600000077", worksite_id: "ws-xiyuan", role: "student"
    }, {}, at))
    const token = await h.token("test-limits")
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-account-limits-${Date.now()}`))
    await page.goto(`${h.url}/userInfo/express/${encodeURIComponent(token)}`)

    const edits = [
      { entry: "info-realname", path: "/realnameEdit", input: "realname", max: REALNAME_MAX, char: "名" },
      { entry: "info-nickname", path: "/nicknameEdit", input: "nickname", max: NICKNAME_MAX, char: "昵" }
    ] as const
    for (const edit of edits) {
      await page.getByTestId(edit.entry).click()
      await page.waitForURL((u) => u.pathname === edit.path)
      const input = page.locator(`[data-testid=${edit.input}] input`)
      expect(await input.getAttribute("maxlength")).toBe(String(edit.max))
      await input.fill("")
      await input.pressSequentially(edit.char.repeat(edit.max + 3))
      expect(await input.inputValue()).toBe(edit.char.repeat(edit.max))
      await shot(page, `account-limits-${edit.input}`)
      await page.getByTestId(`${edit.input}-submit`).click()
      await page.waitForURL((u) => u.pathname.startsWith("/userInfo/express/"))
      await expect.poll(() => page.getByTestId(edit.entry).textContent(), POLL).toContain(edit.char.repeat(edit.max))
    }
    const row = await h.runtime.db.selectFrom("app_user").select(["realname", "nickname"]).where("id", "=", "u-limits").executeTakeFirstOrThrow()
    expect(row).toEqual({ realname: "名".repeat(REALNAME_MAX), nickname: "昵".repeat(NICKNAME_MAX) })

    await page.goto(`${h.url}/paotuiApply/${encodeURIComponent(token)}`)
    const invitation = page.locator("[data-testid=runner-invitation] input")
    await invitation.waitFor()
    expect(await invitation.getAttribute("maxlength")).toBe(String(INVITATION_MAX))
    await invitation.pressSequentially("X".repeat(INVITATION_MAX + 3))
    expect(await invitation.inputValue()).toBe("X".repeat(INVITATION_MAX))
    expect(errors).toEqual([])
  })
})
