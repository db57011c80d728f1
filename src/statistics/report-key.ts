/**
 * The daily report link (issue 20): instead of the spec's hard-coded credential, the operator makes a key (32 random
 * bytes, kept only hashed) scoped to one worksite or to all, expiring after some days, revocable at once. The link
 * carries it in its fragment (`/dailyStatic/{date}#key=…`), which no server log or Referer sees; the page sends it
 * as its bearer, and the server takes it only on the daily report and a record's detail.
 */
import { RuleViolation } from "../shared/errors"
import { statisticsMessages } from "./access"

export const REPORT_KEY_DAYS = { default: 30, max: 365 } as const

export interface ReportKey {
  readonly id: string
  /** The worksite it shows; null: every worksite (the head office's view). */
  readonly worksiteId: string | null
  readonly createdBy: string
  readonly createdAt: Date
  readonly expiresAt: Date
  readonly revokedAt: Date | null
}

export type ReportKeyState = "active" | "expired" | "revoked"

export const reportKeyState = (key: Pick<ReportKey, "expiresAt" | "revokedAt">, now: Date): ReportKeyState =>
  key.revokedAt !== null ? "revoked" : key.expiresAt.getTime() <= now.getTime() ? "expired" : "active"

/** How many days a new key lasts: a whole number from 1 to 365. */
export const keyDaysRefusal = (days: number): RuleViolation | undefined =>
  Number.isInteger(days) && days >= 1 && days <= REPORT_KEY_DAYS.max ? undefined : new RuleViolation({ message: statisticsMessages.keyDays })

export const DAY_MS = 24 * 60 * 60 * 1000

/** The page a link opens: the day's report, the key in the fragment. */
export const reportLinkPath = (date: string, key: string): string => `/dailyStatic/${date}#key=${encodeURIComponent(key)}`
