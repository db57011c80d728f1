/**
 * The home screen's grid of eight (spec 002 §2 Home) and its gates (§5 Gates): sending needs an ID number or a
 * verification under review, else it leads to the verification form for sending; taking errands (跑腿接单,
 * 我的接单) needs paotuiStatus 1, else it leads to the runner application.
 */
import { isJoinedRunner } from "../profile/runner-application"
import { needsVerificationToSend, type AuthStatus } from "../profile/verification"
import { verificationRedirect } from "../sending/booking"

export interface HomeUser {
  readonly idCardNo: string | null
  readonly authStatus: AuthStatus
  readonly paotuiStatus: number
}

export type HomeEntryKey = "collect" | "send" | "sendRecords" | "joinRunners" | "takeErrands" | "myClaimed" | "myPublished" | "guide"

export interface HomeEntry {
  readonly key: HomeEntryKey
  readonly label: string
  /** Where a tap goes: the entry's page, or the page its gate sends the user to first. */
  readonly to: string
  /** True when the gate sent the user elsewhere. */
  readonly gated: boolean
}

/** The eight entries in the spec's order, each with its page; `{t}` is the encoded token. */
const GRID: ReadonlyArray<{ readonly key: HomeEntryKey; readonly label: string; readonly page: (t: string) => string }> = [
  { key: "collect", label: "取快递", page: (t) => `/expressTotakeList/ing/${t}` },
  { key: "send", label: "寄快递", page: (t) => `/expressTotakein/${t}` },
  { key: "sendRecords", label: "寄件记录", page: (t) => `/expressSendList/ing/${t}` },
  { key: "joinRunners", label: "加入跑腿", page: (t) => `/paotuiApply/${t}` },
  { key: "takeErrands", label: "跑腿接单", page: (t) => `/robbing/${t}` },
  { key: "myClaimed", label: "我的接单", page: (t) => `/robbingList/2/ing/${t}` },
  { key: "myPublished", label: "我的发布", page: (t) => `/robbingList/1/ing/${t}` },
  { key: "guide", label: "新手指引", page: () => "/help" }
]

const runnerOnly: ReadonlyArray<HomeEntryKey> = ["takeErrands", "myClaimed"]

/** Where the gate sends this user instead of the entry's page, or undefined when the entry is open to them. */
const gateOf = (key: HomeEntryKey, user: HomeUser, token: string): string | undefined => {
  if (key === "send" && needsVerificationToSend(user)) return verificationRedirect(token)
  if (runnerOnly.includes(key) && !isJoinedRunner(user)) return `/paotuiApply/${encodeURIComponent(token)}`
  return undefined
}

/** The grid as this user sees it: every entry, each leading to its page or to where its gate sends them. */
export const homeEntries = (user: HomeUser, token: string): ReadonlyArray<HomeEntry> =>
  GRID.map(({ key, label, page }) => {
    const gate = gateOf(key, user, token)
    return { key, label, to: gate ?? page(encodeURIComponent(token)), gated: gate !== undefined }
  })
