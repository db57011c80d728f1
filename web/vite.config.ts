/** Builds the station web app from web/ into web/dist; in dev, the API, auth and socket go to the local server. */
import { fileURLToPath } from "node:url"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"
import { codeSplitting, loadEarlyCalls, preloadCommon } from "./chunking"
import { precompress } from "./precompress"

const webRoot = fileURLToPath(new URL(".", import.meta.url))
const repoRoot = fileURLToPath(new URL("..", import.meta.url))
const server = "http://127.0.0.1:3000"

export default defineConfig({
  root: webRoot,
  // precompress: brotli and gzip copies of each asset, served by Accept-Encoding (adapters/http/static-assets.ts)
  plugins: [react(), preloadCommon(), loadEarlyCalls(), precompress()],
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json: what the first load fetches (web/first-load.test.ts holds it to a budget)
    manifest: true,
    chunkSizeWarningLimit: 2000,
    // few files per route, the common one preloaded beside the entry (web/chunking.ts)
    // the app, and web/src/early.ts: the first calls of the busiest pages, started before the app has loaded
    rolldownOptions: {
      input: { index: fileURLToPath(new URL("./index.html", import.meta.url)), early: fileURLToPath(new URL("./src/early.ts", import.meta.url)) },
      output: { codeSplitting }
    }
  },
  server: {
    fs: { allow: [repoRoot] },
    proxy: {
      "/api": server,
      "/auth": server,
      "/socket.io": { target: server, ws: true }
    }
  }
})
