/**
 * The web app's files as a phone should get them. Everything under `/assets/` carries its content hash in its name
 * (vite), so it is cached for a year as immutable; other files (the icon, the robots file) for an hour; the page
 * shell `index.html`, which every page path answers, is `no-cache`: asked again each time (a 304 with its ETag), so
 * a new build reaches the phone at once. A text file is sent as the brotli or gzip copy the build wrote beside it
 * (web/precompress.ts) when the browser accepts that encoding, with `Vary: Accept-Encoding`.
 */
import { existsSync } from "node:fs"
import { extname, resolve, sep } from "node:path"
import express, { Router, type Request, type Response } from "express"
import Negotiator from "negotiator"

const IMMUTABLE = "public, max-age=31536000, immutable"
const HOUR = "public, max-age=3600"

/** The types of the files the build compresses (web/precompress.ts `COMPRESSIBLE`), sent with their copies. */
const TEXT_TYPES: Readonly<Record<string, string>> = {
  ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".html": "text/html; charset=utf-8",
  ".svg": "image/svg+xml", ".json": "application/json; charset=utf-8", ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json"
}

/** The encodings the build writes, in the order the server prefers them, and each copy's suffix. */
const COPIES = [["br", ".br"], ["gzip", ".gz"]] as const
type Copy = (typeof COPIES)[number]

/** The copy to send: the encoding the browser takes best of those the build wrote for this file (`written`). */
const copyFor = (req: Request, written: (suffix: string) => boolean): Copy | undefined => {
  const taken = new Negotiator(req).encodings(COPIES.map(([encoding]) => encoding))
  return COPIES.find(([encoding, suffix]) => taken.includes(encoding) && written(suffix))
}

/** Headers for a file sent as its compressed copy: the original's type, the copy's encoding. */
const sendAsCopy = (res: Response, file: string, [encoding]: Copy) => {
  res.setHeader("Content-Encoding", encoding)
  res.setHeader("Content-Type", TEXT_TYPES[extname(file)]!)
}

export const staticAssets = (dist: string) => {
  const root = resolve(dist)
  const exists = new Map<string, boolean>()
  /** Whether the build wrote this file (cached: the build does not change under a running server). */
  const built = (file: string) => {
    let known = exists.get(file)
    if (known === undefined) exists.set(file, known = existsSync(file))
    return known
  }
  const compressible = (file: string) => extname(file) in TEXT_TYPES && file.startsWith(root + sep)

  const files = express.static(root, {
    index: false,
    cacheControl: false,
    setHeaders: (res, path) => {
      const original = res.locals.encodedFrom as string | undefined
      if (original !== undefined) sendAsCopy(res, original, res.locals.copy as Copy)
      if (original !== undefined || extname(path) in TEXT_TYPES) res.vary("Accept-Encoding")
      res.setHeader("Cache-Control", res.req.path.startsWith("/assets/") ? IMMUTABLE : HOUR)
    }
  })

  const r = Router()
  r.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next()
    let path: string
    try {
      path = decodeURIComponent(req.path)
    } catch {
      return next()
    }
    const file = resolve(root, `.${path}`)
    const copy = compressible(file) ? copyFor(req, (suffix) => built(file + suffix)) : undefined
    if (copy === undefined) return files(req, res, next)
    res.locals.encodedFrom = file
    res.locals.copy = copy
    const suffix = copy[1]
    // serve the copy: express.static resolves the rewritten URL inside the build, as it does any other
    const query = req.url.indexOf("?")
    req.url = `${req.path}${suffix}${query === -1 ? "" : req.url.slice(query)}`
    files(req, res, next)
  })
  return r
}

/** The page shell for every page path: its compressed copy when accepted, asked again each time. */
export const pageShell = (dist: string) => {
  const shell = resolve(dist, "index.html")
  const written = new Set<string>(COPIES.map(([, suffix]) => suffix).filter((suffix) => existsSync(shell + suffix)))
  return (req: Request, res: Response) => {
    const copy = copyFor(req, (suffix) => written.has(suffix))
    res.setHeader("Cache-Control", "no-cache")
    res.vary("Accept-Encoding")
    if (copy === undefined) return res.sendFile(shell)
    sendAsCopy(res, shell, copy)
    res.sendFile(shell + copy[1])
  }
}
