/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Comma-separated openids allowed to fetch the article authorization code (the spec's allowlist of three). */
  readonly VITE_ARTICLE_CODE_OPENIDS?: string
}
