/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Comma-separated openids allowed to fetch the article authorization code (the spec's allowlist of three). */
  readonly VITE_ARTICLE_CODE_OPENIDS?: string
  /** What the official account's follow QR opens (/qrcode, /error/10005); default this app's entry page. */
  readonly VITE_OFFICIAL_ACCOUNT_URL?: string
}
