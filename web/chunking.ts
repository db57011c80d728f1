/**
 * How the build cuts the app into files, for a phone on a slow link (issue 24, "Pages on a phone"): each file costs
 * a round trip, and at 150 ms a route that pulled 56–94 chunks of 1–3 KB spent seconds on round trips. So:
 * - `shell`: what the entry needs before it renders (React, the router, the signals), one file with the entry;
 * - `common`: every module at least COMMON_SHARE_COUNT route chunks use (antd-mobile's common parts, effect's Schema,
 *   the API client, the socket), one file that every route shares and the browser caches once;
 * - the rest as the bundler splits it: each route's own code and what only a few routes use.
 * `preloadCommon` then names the common file in index.html, so the phone fetches it beside the entry instead of
 * after it. Measured by bench/pages.ts; the choice and its figures are in docs/decisions.md.
 */
import type { IndexHtmlTransformContext, Plugin, Rollup } from "vite"

/** A module used by this many routes' chunks or more goes into `common`. */
export const COMMON_SHARE_COUNT = 8

export const codeSplitting = {
  groups: [
    // the entry's static imports; a group of its own so `common` never takes a module the first render needs
    // (but not the early calls' entry, which must stand alone: web/src/early.ts)
    { name: "shell", tags: ["$initial" as const], test: /^(?!.*[\\/]web[\\/]src[\\/]early\.ts$)/, priority: 10 },
    { name: "common", minShareCount: COMMON_SHARE_COUNT, priority: 1 }
  ]
}

/** The built chunk of this name (an entry's or a group's), if the build made one. */
const builtChunk = (ctx: IndexHtmlTransformContext, name: string): Rollup.OutputChunk | undefined =>
  Object.values(ctx.bundle ?? {}).find((c): c is Rollup.OutputChunk => c.type === "chunk" && c.name === name)

/**
 * Loads web/src/early.ts, its own entry of the build, `async` from the head of the built index.html: it starts the
 * page's first calls while the app's files load.
 */
export const loadEarlyCalls = (): Plugin => ({
  name: "station-early-calls",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler: (_html, ctx) => {
      const early = builtChunk(ctx, "early")
      if (!early?.isEntry) throw new Error("the build has no early-calls entry (web/src/early.ts)")
      if (early.imports.length > 0) throw new Error(`the early-calls entry imports ${early.imports.join(", ")}: it must stand alone`)
      return [{ tag: "script", attrs: { type: "module", async: true, crossorigin: true, src: `/${early.fileName}` }, injectTo: "head-prepend" }]
    }
  }
})

/** Adds `<link rel="modulepreload">` for the common chunk (and a stylesheet link for its CSS) to the built index.html. */
export const preloadCommon = (): Plugin => ({
  name: "station-preload-common",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler: (_html, ctx) => {
      const common = builtChunk(ctx, "common")
      if (!common) return []
      const css = [...(common.viteMetadata?.importedCss ?? [])]
      return [
        { tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: `/${common.fileName}` }, injectTo: "head" },
        ...css.map((file) => ({ tag: "link", attrs: { rel: "stylesheet", crossorigin: true, href: `/${file}` }, injectTo: "head" as const }))
      ]
    }
  }
})
