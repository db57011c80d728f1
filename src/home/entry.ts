/**
 * Entering the app from the official account's menu: `/auth/wx/enter/{page}` goes through the messaging app's silent
 * authorisation (snsapi_base) with the page as its state, and back from it a follower is signed in and lands on
 * `/{page}/{token}`. Someone the station does not know yet is asked once more, with snsapi_userinfo, for the profile
 * they let the app give (their nickname and sex for the new account); then the app is asked whether they follow:
 * a follower is signed up and lands on the page, anyone else on the follow QR (only followers get the notices a
 * station sends). A known user the station has as not following is asked the same, so a missed follow event
 * does not lock them out.
 *
 * Pages come from an allowlist of the app's pages that take only the token; anything else lands on `/error/10003`.
 */
import { Result } from "effect"
import { RuleViolation } from "../shared/errors"
import { FOLLOW_QR, messages, NO_MATCH, TOKEN_TARGETS } from "./share"

/** The pages a menu entry may open: those a share may, and the ones of a runner, a staff member and an account. */
export const ENTRY_PAGES = [
  ...TOKEN_TARGETS, "myCircle", "tongji", "takecash", "takecashList", "address", "creditscoreDetail", "scoreToMoney", "suggestion",
  "paotuiStatusInfo", "paotuiQrcode", "warehousing", "takepart", "return", "toTakeinOutScan", "printSurface"
] as const

export type EntryPage = (typeof ENTRY_PAGES)[number]

const isEntryPage = (page: string): page is EntryPage => (ENTRY_PAGES as ReadonlyArray<string>).includes(page)

/** The page of `/auth/wx/enter/{page}`, also read back from the authorisation's state. */
export const entryPage = (page: string): Result.Result<EntryPage, RuleViolation> =>
  isEntryPage(page) ? Result.succeed(page) : Result.fail(new RuleViolation({ message: messages.noMatch }))

/** What the station knows of whoever came back from the authorisation. */
export interface Arrived {
  /** Their user, when the station has one, and whether it has them as following. */
  readonly known: { readonly following: boolean } | undefined
  /** Whether the authorisation gave their profile (snsapi_userinfo). */
  readonly profileGiven: boolean
}

/** The next step back from the authorisation: sign in, ask for the profile, or ask the app whether they follow. */
export type EntryStep = "signIn" | "askProfile" | "askFollowing"

export const entryStep = ({ known, profileGiven }: Arrived): EntryStep =>
  known?.following ? "signIn" : known === undefined && !profileGiven ? "askProfile" : "askFollowing"

/** A session token as the pages carry it. */
const TOKEN = /^[A-Za-z0-9_-]{1,128}$/

/** Where the person lands: the page with their token when they follow (and so were signed in), else the follow QR. */
export const entryLanding = (page: EntryPage, token: string | undefined): string =>
  token === undefined ? FOLLOW_QR : TOKEN.test(token) ? `/${page}/${token}` : NO_MATCH
