/**
 * The pages behind the misc calls read their answers with the core's Schemas: the demo picker (dev users, a
 * token answered beside `success`), and the inputs cap at the core's limits (address name and detail, bind password).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DETAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "#src/address/address"
import { PHONE_LENGTH } from "#src/shared/phone-number"
import { PASSWORD_MAX_LENGTH } from "#src/staff/calls"
import { browserAvailable, shot, startHarness, type Harness } from "./harness"

const run = browserAvailable()

describe.skipIf(!run)("misc calls in the pages", () => {
  let h: Harness
  beforeAll(async () => { h = await startHarness() }, 60_000)
  afterAll(async () => { await h?.close() })

  it("the demo picker lists the users and signs one in", async ({ onTestFailed }) => {
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-dev-picker-${Date.now()}`))
    await page.goto(`${h.url}/`)
    await page.getByTestId("dev-user-demo-student").waitFor()
    await shot(page, "60-dev-picker")
    await page.getByTestId("dev-user-demo-student").click()
    await page.waitForURL((u) => u.pathname.startsWith("/my/"))
    expect(errors).toEqual([])
  }, 60_000)

  it("the address form and the bind form cap their inputs at the core's limits", async ({ onTestFailed }) => {
    const { page, errors } = await h.phone()
    onTestFailed(() => shot(page, `FAILED-limits-${Date.now()}`))
    await page.goto(`${h.url}/address/${encodeURIComponent(await h.token("demo-student"))}`)
    await page.getByTestId("address-add").click()
    const name = page.locator("[data-testid=address-name] input")
    const detail = page.locator("[data-testid=address-detail] textarea:not([aria-hidden])")
    await name.fill("名".repeat(NAME_MAX_LENGTH + 5))
    await detail.fill("址".repeat(DETAIL_MAX_LENGTH + 5))
    expect(await name.inputValue()).toBe("名".repeat(NAME_MAX_LENGTH))
    expect(await detail.inputValue()).toBe("址".repeat(DETAIL_MAX_LENGTH))
    expect(await page.locator("[data-testid=address-phone] input").getAttribute("maxlength")).toBe(String(PHONE_LENGTH))

    await page.goto(`${h.url}/bind/warehousing/${encodeURIComponent(await h.token("demo-newstaff"))}`)
    const password = page.locator("[data-testid=bind-password] input")
    await password.fill("p".repeat(PASSWORD_MAX_LENGTH + 5))
    expect(await password.inputValue()).toBe("p".repeat(PASSWORD_MAX_LENGTH))
    expect(await page.locator("[data-testid=bind-phone] input").getAttribute("maxlength")).toBe(String(PHONE_LENGTH))
    expect(errors).toEqual([])
  }, 60_000)
})
