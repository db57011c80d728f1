/**
 * Browser-test harness: the real server in-process (fresh in-memory database, demo campus, built web
 * app) and Debian's chromium driven by playwright-core on a phone-sized viewport. Closing it replays the suite's
 * operations log into a fresh database seeded at the same moments and fails when a line or a business table differs
 * (issue 22): whatever a suite changed went through a logged use case, or is a fixture written with `fixture`.
 */
import { existsSync, mkdirSync } from "node:fs"
import { resolve } from "node:path"
import type { Kysely } from "kysely"
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core"
import { startApp } from "#adapters/app"
import type { DB } from "#adapters/postgres/schema"
import type { Runtime } from "#adapters/runtime"
import { replayFailure, replayIntoFresh, writeFixture, type Fixture } from "../support/replay-kit"
import { blankMemory } from "../support/blank-database"

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
export const WEB_DIST = "web/dist"
export const SCREENSHOTS = resolve("test-results/screenshots")

/** Whether the browser suites run here; without chromium they fail where a browser is required, else skip. */
export const browserAvailable = (): boolean => {
  if (existsSync(CHROMIUM)) return true
  if (process.env.CI || process.env.REQUIRE_BROWSER) {
    throw new Error(`browser tests need chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH); CI/REQUIRE_BROWSER is set so they may not be skipped`)
  }
  console.warn(`[browser tests] skipped: no chromium at ${CHROMIUM}`)
  return false
}

export interface Harness {
  readonly url: string
  readonly browser: Browser
  /** The server's runtime: its database and fakes (SMS, messaging app), for what a test must read or set up. */
  readonly runtime: Runtime
  phone(): Promise<{ context: BrowserContext; page: Page; errors: string[] }>
  token(openid: string): Promise<string>
  api<T = unknown>(path: string, token: string, init?: RequestInit): Promise<T>
  /**
   * Writes state straight into the database, outside any use case (people who signed up before the suite, a setting
   * kept in the database): the replay at close makes the same writes at the same point of the log. `apply` runs twice,
   * so what must be equal in both databases (times, ids) is fixed outside it or taken from `at`. Prefer the use case,
   * the HTTP API or the app's clock whenever there is one.
   */
  fixture(apply: (db: Kysely<DB>, at: Date) => Promise<unknown>): Promise<void>
  /** Closes the browser, replays the suite's log into a fresh database and closes the server; unequal digests fail the suite. */
  close(): Promise<void>
}

export const startHarness = async (): Promise<Harness> => {
  if (!existsSync(resolve(WEB_DIST, "index.html"))) {
    throw new Error(`${WEB_DIST}/index.html is missing: run \`npm run build:web\` before the browser tests`)
  }
  mkdirSync(SCREENSHOTS, { recursive: true })
  const app = await startApp({ port: 0, database: blankMemory(), webDist: WEB_DIST })
  // the database as migrated and seeded, before the suite: what the replay at close starts from
  const blank = await app.runtime.database.snapshot?.()
  let browser: Browser
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
    })
  } catch (e) {
    await app.close()
    throw e
  }
  const contexts: BrowserContext[] = []
  const fixtures: Fixture[] = []
  return {
    url: app.url,
    browser,
    runtime: app.runtime,
    phone: async () => {
      const context = await browser.newContext({
        viewport: { width: 375, height: 812 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        locale: "zh-CN",
        timezoneId: "Asia/Shanghai"
      })
      contexts.push(context)
      const page = await context.newPage()
      const errors: string[] = []
      page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`))
      page.on("console", (m) => {
        // a refused call is part of these scenarios; the page shows its message, the browser logs the status
        if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(`console: ${m.text()}`)
      })
      return { context, page, errors }
    },
    token: async (openid) => {
      const res = await fetch(`${app.url}/auth/dev/token`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ openid })
      })
      const body = (await res.json()) as { success: boolean; token?: string; message?: string }
      if (!body.success || !body.token) throw new Error(`no token for ${openid}: ${body.message}`)
      return body.token
    },
    api: async <T>(path: string, token: string, init: RequestInit = {}) => {
      const res = await fetch(`${app.url}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...(init.headers ?? {}) }
      })
      return (await res.json()) as T
    },
    fixture: (apply) => writeFixture(app.runtime.db, fixtures, apply),
    close: async () => {
      for (const c of contexts) await c.close().catch(() => undefined)
      await browser.close().catch(() => undefined)
      let failure: string | undefined
      try {
        const verdict = await replayIntoFresh(app.runtime, fixtures, blank)
        console.info(`[browser tests] replayed ${verdict.lines} operations into a fresh database in ${verdict.ms} ms`)
        failure = replayFailure(verdict)
      } finally {
        await app.close()
      }
      if (failure) throw new Error(failure)
    }
  }
}

/**
 * A full-page screenshot from the top. The viewport is stretched to the page's height for the shot, so a bar
 * fixed to the bottom of the screen is drawn below the content (as after scrolling to the end), not across it.
 */
export const shot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0))
  const viewport = page.viewportSize()
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  if (viewport && height > viewport.height) await page.setViewportSize({ width: viewport.width, height })
  try {
    await page.screenshot({ path: resolve(SCREENSHOTS, `${name}.png`), fullPage: true })
  } finally {
    if (viewport && height > viewport.height) await page.setViewportSize(viewport)
  }
}

/** Answers the fake JS-SDK's scan dialog with this text. */
export const scanInto = async (page: Page, trigger: string, text: string) => {
  await page.getByTestId(trigger).click()
  const input = page.locator("[data-testid=scan-input] input")
  await input.waitFor()
  await input.fill(text)
  await page.getByTestId("scan-confirm").click()
  await page.getByTestId("scan-dialog").waitFor({ state: "detached" })
}

export const toast = (page: Page, text: string | RegExp) => page.locator(".adm-toast-main").filter({ hasText: text })

/** How long `expect.poll` waits for the page: a loaded machine may need more than vitest's 1 s default. */
export const POLL = { timeout: 15_000, interval: 100 } as const

/** A photo as a phone takes it: a JPEG with a gradient and a word, drawn by the browser, ready for `setInputFiles`. */
export const photo = async (page: Page, name: string, hue: number, text: string) => {
  const dataUrl = await page.evaluate(([hue, text]) => {
    const c = document.createElement("canvas")
    c.width = 1200
    c.height = 900
    const g = c.getContext("2d")!
    const grad = g.createLinearGradient(0, 0, 1200, 900)
    grad.addColorStop(0, `hsl(${hue},75%,72%)`)
    grad.addColorStop(1, `hsl(${Number(hue) + 40},70%,45%)`)
    g.fillStyle = grad
    g.fillRect(0, 0, 1200, 900)
    g.fillStyle = "#fff"
    g.font = "bold 120px sans-serif"
    g.fillText(String(text), 90, 500)
    return c.toDataURL("image/jpeg", 0.85)
  }, [hue, text] as const)
  return { name, mimeType: "image/jpeg", buffer: Buffer.from(dataUrl.split(",")[1]!, "base64") }
}
