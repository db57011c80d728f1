/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** What the official account's follow QR opens (/qrcode, /error/10005); default this app's entry page. */
  readonly VITE_OFFICIAL_ACCOUNT_URL?: string
}
