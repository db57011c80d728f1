/**
 * Page loads on a mid-range phone (issue 24, "Pages on a phone"): four pages of the built web app, each opened
 * cold (a fresh browser context, empty cache) and then warm (the same context, a second visit), in Debian's
 * chromium driven by playwright-core at 390×844 with a mobile user agent and, through the DevTools protocol, the
 * CPU slowed 4× and the network held to 1.6 Mbps down, 750 kbps up, 150 ms latency. Per visit: first contentful
 * paint and largest contentful paint (PerformanceObservers put in by an init script, read after the load and a
 * short settle), the bytes transferred (`Network.loadingFinished` encodedDataLength of the page's requests, so a
 * cached file counts 0 and a 304 its headers) and when the page's first list item (or, without a list, its main
 * form) entered the document. Targets: LCP ≤ 2.0 s cold, ≤ 0.8 s warm.
 *
 * `bench/run.ts` calls `pageLoads` against its running server (BENCH_PAGES=0 skips it there). Alone,
 * `npx tsx bench/pages.ts` (after `npm run build:web`) seeds a temporary embedded PGlite with `station seed` (the demo
 * campus and every flow's demo rows), starts `station serve` on it and prints the table and what each cold load
 * fetched.
 *
 *   BENCH_PAGES_SETTLE_MS  how long after the load and the first item the figures are read (default 1500)
 *   BENCH_PAGES_DETAILS    1: alone, also list every response of each visit, when it had arrived and its size
 *   CHROMIUM_PATH          the browser (default /usr/bin/chromium)
 */
import { spawn, type ChildProcess } from "node:child_process"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "playwright-core"
import { freePort, sleep, tokenFor } from "./server"
import { atMost, verdictLine, type Figure } from "./targets"

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
const SETTLE_MS = Number(process.env.BENCH_PAGES_SETTLE_MS ?? 1500)
const root = resolve(import.meta.dirname, "..")

/** The phone: a mid-range Android handset on a slow 4G link. */
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  locale: "zh-CN",
  timezoneId: "Asia/Shanghai",
  userAgent: "Mozilla/5.0 (Linux; Android 13; SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36"
} as const
const CPU_SLOWDOWN = 4
const NETWORK = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 } as const

/** Targets of issue 24, in ms. */
const LCP_COLD_MS = 2000
const LCP_WARM_MS = 800

export interface PageTokens {
  readonly student: string
  readonly runner: string
  readonly staff: string
}

/** A page to load and the element that marks its first list item (or main form) as shown. */
interface Target {
  readonly label: string
  readonly path: string
  readonly selector: string
}

const targetsFor = (t: PageTokens): ReadonlyArray<Target> => {
  const at = (token: string) => encodeURIComponent(token)
  return [
    { label: "home", path: `/home/${at(t.student)}`, selector: ".home-grid__entry" },
    { label: "parcels to collect", path: `/expressTotakeList/ing/${at(t.student)}`, selector: "[data-testid=parcel-card]" },
    { label: "errand hall (runner)", path: `/robbing/${at(t.runner)}`, selector: "[data-testid=errand-order]" },
    // staff sign in as the browser tests do: their session token in the page's path
    { label: "check-in (staff)", path: `/warehousing/${at(t.staff)}`, selector: "[data-testid=check-in-submit]" }
  ]
}

/** One response of a visit: its path, the bytes it took on the wire and when it had all arrived (ms after the page was asked for). */
export interface Fetched {
  readonly path: string
  readonly type: string
  readonly bytes: number
  readonly at: number
}

export interface Visit {
  readonly fcp: number | undefined
  readonly lcp: number | undefined
  readonly firstItem: number | undefined
  readonly bytes: number
  readonly fetched: ReadonlyArray<Fetched>
}

export interface PageLoad {
  readonly label: string
  readonly path: string
  readonly selector: string
  readonly cold: Visit
  readonly warm: Visit
}

/**
 * Runs in the page before its own scripts (plain JS, as a string: nothing of the bundler's may leak in): FCP, the
 * latest LCP candidate and the moment an element matching the selector is first in the document, on
 * `window.__pageBench`, all in ms since the navigation started.
 */
const probe = (selector: string) => `(() => {
  const m = { fcp: undefined, lcp: undefined, firstItem: undefined }
  window.__pageBench = m
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === "first-contentful-paint") m.fcp = e.startTime
  }).observe({ type: "paint", buffered: true })
  new PerformanceObserver((list) => {
    const entries = list.getEntries()
    if (entries.length) m.lcp = entries[entries.length - 1].startTime
  }).observe({ type: "largest-contentful-paint", buffered: true })
  const selector = ${JSON.stringify(selector)}
  new MutationObserver((_records, observer) => {
    if (document.querySelector(selector)) {
      m.firstItem = performance.now()
      observer.disconnect()
    }
  }).observe(document, { childList: true, subtree: true })
})()`

/** The page's requests as the DevTools protocol reports them, from the last `reset`. */
const networkLog = (cdp: CDPSession) => {
  let requests = new Map<string, { path: string; type: string }>()
  let finished: Fetched[] = []
  /** When the first request after `reset` (the page itself) was sent, in the protocol's seconds. */
  let start: number | undefined
  cdp.on("Network.requestWillBeSent", (e) => {
    if (e.request.url.startsWith("data:")) return
    start ??= e.timestamp
    requests.set(e.requestId, { path: new URL(e.request.url).pathname, type: e.type ?? "Other" })
  })
  cdp.on("Network.loadingFinished", (e) => {
    const request = requests.get(e.requestId)
    if (request) finished.push({ ...request, bytes: e.encodedDataLength, at: (e.timestamp - start!) * 1000 })
  })
  return {
    reset: () => {
      requests = new Map()
      finished = []
      start = undefined
    },
    fetched: (): ReadonlyArray<Fetched> => [...finished]
  }
}

/** The phone's CPU and network; sent before each visit, so a new renderer for the navigation is slowed too. */
const throttle = async (cdp: CDPSession) => {
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN })
  await cdp.send("Network.emulateNetworkConditions", NETWORK)
}


/** One visit: navigate, wait for the load and the first item (at most 30 s), settle, read the figures. */
const visit = async (page: Page, cdp: CDPSession, log: ReturnType<typeof networkLog>, url: string, selector: string): Promise<Visit> => {
  await throttle(cdp)
  log.reset()
  await page.goto(url, { waitUntil: "load", timeout: 60_000 })
  await page.waitForSelector(selector, { timeout: 30_000 }).catch(() => undefined)
  await sleep(SETTLE_MS)
  const m = (await page.evaluate("window.__pageBench")) as { fcp?: number; lcp?: number; firstItem?: number } | undefined
  const fetched = log.fetched()
  return { fcp: m?.fcp, lcp: m?.lcp, firstItem: m?.firstItem, bytes: fetched.reduce((n, f) => n + f.bytes, 0), fetched }
}

/** A page cold in a fresh context, then warm in the same one. */
const loadTwice = async (browser: Browser, base: string, target: Target): Promise<PageLoad> => {
  const context: BrowserContext = await browser.newContext(PHONE)
  try {
    await context.addInitScript({ content: probe(target.selector) })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send("Network.enable")
    const log = networkLog(cdp)
    const url = `${base}${target.path}`
    const cold = await visit(page, cdp, log, url, target.selector)
    const warm = await visit(page, cdp, log, url, target.selector)
    return { ...target, cold, warm }
  } finally {
    await context.close()
  }
}

/** Loads each page cold and warm against the server at `base`, signed in with these demo accounts' tokens. */
export const pageLoads = async (base: string, tokens: PageTokens): Promise<ReadonlyArray<PageLoad>> => {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu"] })
  try {
    const loads: PageLoad[] = []
    for (const target of targetsFor(tokens)) {
      process.stderr.write(`  page ${target.label}: cold, then warm …\n`)
      loads.push(await loadTwice(browser, base, target))
    }
    return loads
  } finally {
    await browser.close()
  }
}

const ms = (n: number | undefined) => (n === undefined ? "–" : n.toFixed(0))
const kb = (bytes: number) => (bytes / 1024).toFixed(1)

/** The path a row names: the route, with the token left out. */
const route = (path: string) => path.replace(/\/[^/]{20,}$/, "/{token}")

/** Each page's cold and warm LCP against its target. */
export const pageFigures = (loads: ReadonlyArray<PageLoad>): ReadonlyArray<Figure> =>
  loads.flatMap(({ label, path, cold, warm }) => [
    atMost("pages", `${label} \`${route(path)}\`, cold LCP`, cold.lcp ?? Number.NaN, LCP_COLD_MS, "ms", 0),
    atMost("pages", `${label} \`${route(path)}\`, warm LCP`, warm.lcp ?? Number.NaN, LCP_WARM_MS, "ms", 0)
  ])

/** The table's header, one row per page, MET/MISSED lines for the targets, and what each cold load fetched. */
export const pageTable = (loads: ReadonlyArray<PageLoad>) => ({
  header: [
    "| page | first item | cold FCP ms | cold LCP ms | cold first item ms | cold KB | warm FCP ms | warm LCP ms | warm first item ms | warm KB |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
  ],
  rows: loads.map(({ label, path, selector, cold, warm }) =>
    `| ${label} \`${route(path)}\` | \`${selector}\` | ${ms(cold.fcp)} | ${ms(cold.lcp)} | ${ms(cold.firstItem)} | ${kb(cold.bytes)} | ` +
      `${ms(warm.fcp)} | ${ms(warm.lcp)} | ${ms(warm.firstItem)} | ${kb(warm.bytes)} |`),
  targets: pageFigures(loads).map(verdictLine),
  notes: loads.map(({ label, cold }) => {
    const before = cold.fetched.filter((f) => cold.fcp !== undefined && f.at <= cold.fcp)
    const big = [...before].filter((f) => f.bytes >= 2048).sort((a, b) => b.bytes - a.bytes)
    return `page ${label}, cold: ${cold.fetched.length} responses, ${kb(cold.bytes)} KB; before its first paint ${before.length} of them, ` +
      `${kb(before.reduce((n, f) => n + f.bytes, 0))} KB, the last at ${ms(Math.max(0, ...before.map((f) => f.at)))} ms; ` +
      `of those ≥ 2 KB: ${big.map((f) => `${chunk(f.path)} ${kb(f.bytes)}`).join(", ")}`
  })
})

/** A file of the build by its name without the content hash (`index-D-ruMAH7.js` → `index.js`). */
const chunk = (path: string) => path.replace(/^\/assets\//, "").replace(/-[A-Za-z0-9_-]{8}(\.\w+)$/, "$1")

/** Every response of each visit, in the order they finished: what a page pulls before and after its first paint. */
export const visitDetails = (loads: ReadonlyArray<PageLoad>) =>
  loads.flatMap(({ label, cold, warm }) => ([["cold", cold], ["warm", warm]] as const).flatMap(([kind, v]) => [
    `${label}, ${kind} (FCP ${ms(v.fcp)} ms, LCP ${ms(v.lcp)} ms, first item ${ms(v.firstItem)} ms):`,
    ...[...v.fetched].sort((a, b) => a.at - b.at).map((f) =>
      `  ${ms(f.at).padStart(6)} ms ${kb(f.bytes).padStart(6)} KB ${f.type.padEnd(10)} ${f.path.startsWith("/assets/") ? chunk(f.path) : route(f.path)}` +
        `${v.fcp !== undefined && f.at > v.fcp ? "  (after first paint)" : ""}`)
  ]))

/** The figures and what was measured how, as markdown. */
export const pageSection = (loads: ReadonlyArray<PageLoad>) => {
  const table = pageTable(loads)
  return [
    `Page loads in chromium at ${PHONE.viewport.width}×${PHONE.viewport.height} (mobile user agent), CPU ${CPU_SLOWDOWN}× slower, ` +
      `network ${(NETWORK.downloadThroughput * 8) / 1e6} Mbps down / ${(NETWORK.uploadThroughput * 8) / 1000} kbps up / ${NETWORK.latency} ms latency; ` +
      `cold: a fresh context, warm: the same context's second visit; KB as transferred; read ${SETTLE_MS} ms after the load and the first item.`,
    "",
    ...table.header,
    ...table.rows,
    "",
    ...table.targets.map((t) => `- ${t}`),
    ...table.notes.map((n) => `- ${n}`)
  ].join("\n")
}

// --- alone: its own server on a temporary embedded database ---------------------------------------------

/** The demo accounts the pages are opened as (README "Demo accounts"). */
export const demoPageTokens = async (base: string): Promise<PageTokens> => ({
  student: await tokenFor(base, "demo-student"),
  runner: await tokenFor(base, "demo-runner"),
  staff: await tokenFor(base, "demo-staff")
})

/** `station <args>` on the embedded database in `dataDir` (never without one: DATABASE_URL is dropped, DATA_DIR set). */
const station = (dataDir: string, port: number, args: ReadonlyArray<string>): ChildProcess => {
  const { DATABASE_URL: _ignored, ...env } = process.env
  return spawn(join(root, "node_modules/.bin/tsx"), ["cli/station.ts", ...args], {
    cwd: root,
    env: { ...env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", SCHEDULER: "off" },
    stdio: ["ignore", "ignore", "inherit"]
  })
}

const exited = (child: ChildProcess) => new Promise<number | null>((done) => child.once("exit", done))

const alone = async () => {
  if (!existsSync(join(root, "web/dist/index.html"))) throw new Error("web/dist/index.html is missing: run `npm run build:web` first")
  const dataDir = mkdtempSync(join(tmpdir(), "station-pages-"))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  try {
    process.stderr.write(`station seed into ${dataDir} …\n`)
    const seeded = await exited(station(dataDir, port, ["seed"]))
    if (seeded !== 0) throw new Error(`station seed exited with ${seeded}`)
    const server = station(dataDir, port, ["serve"])
    try {
      const deadline = Date.now() + 60_000
      while (!(await fetch(`${base}/api/health`).then((r) => r.ok, () => false))) {
        if (server.exitCode !== null) throw new Error(`station serve exited with ${server.exitCode}`)
        if (Date.now() > deadline) throw new Error("station serve did not come up within 60 s")
        await sleep(200)
      }
      const loads = await pageLoads(base, await demoPageTokens(base))
      process.stdout.write(`${pageSection(loads)}\n`)
      if (process.env.BENCH_PAGES_DETAILS === "1") process.stdout.write(`\n${visitDetails(loads).join("\n")}\n`)
    } finally {
      server.kill("SIGTERM")
      if (server.exitCode === null) await exited(server)
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await alone().then(() => process.exit(0), (e: unknown) => {
    process.stderr.write(`page bench failed: ${e instanceof Error ? e.stack : String(e)}\n`)
    process.exit(1)
  })
}
