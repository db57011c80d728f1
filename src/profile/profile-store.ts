/** The profile port: the user's own record, its worksite and wallet figures, leaders and teams. */
import { Context, Effect } from "effect"
import type { WorksiteProfile } from "../worksite/directory"
import type { ProfileChange, TeamMember, UserProfile } from "./profile"

/** The account's worksite as `wxuserInfo` shows it (spec 002 §7): with its departments and the carriers it sends with. */
export interface AccountWorksite extends WorksiteProfile {
  readonly majors: ReadonlyArray<string>
  /** expressSendCompanies: the ids of the carriers it sends with, in the worksite's order. */
  readonly expressSendCompanies: ReadonlyArray<string>
}

/** Everything the account page shows, read in one go. */
export interface Account {
  readonly profile: UserProfile
  readonly worksite: AccountWorksite | null
  readonly money: number
  readonly activeScore: number
  /** A bound employee with `site_admin`: sees their worksite's operations statistics. */
  readonly isSiteAdmin: boolean
}

/** A user made at their first arrival through the messaging app. */
export interface NewUser {
  readonly id: string
  readonly openid: string
  readonly unionid: string | null
  readonly nickname: string | null
  readonly sex: number
  readonly subscribe: boolean
  /** When they signed up (and followed, when they did). */
  readonly at: Date
}

export class ProfileStore extends Context.Service<ProfileStore, {
  account(userId: string): Effect.Effect<Account | undefined>
  find(userId: string): Effect.Effect<UserProfile | undefined>
  findByOpenid(openid: string): Effect.Effect<UserProfile | undefined>
  /** Makes the user with an empty wallet; false when a user with the openid exists already. */
  create(user: NewUser): Effect.Effect<boolean>
  /** The user with this openid and whether they follow the official account, held until the transaction ends. */
  lockFollower(openid: string): Effect.Effect<{ readonly id: string; readonly following: boolean } | undefined>
  /** Starts (from `at`, the new subscribeTime) or ends their following. */
  setFollowing(userId: string, following: boolean, at: Date): Effect.Effect<void>
  /** Reads the profile and holds it against other changes until the transaction ends. */
  lock(userId: string): Effect.Effect<UserProfile | undefined>
  save(userId: string, change: ProfileChange): Effect.Effect<void>
  /** Whether another user has this number as main or vice phone. */
  phoneTakenByOther(phone: string, userId: string): Effect.Effect<boolean>
  /** The leader of this worksite whose invitation code this is. */
  leaderByInvitation(worksiteId: string, invitation: string): Effect.Effect<string | undefined>
  /** Joined runners whose leader is this user. */
  team(leaderId: string): Effect.Effect<ReadonlyArray<TeamMember>>
  /** Submissions waiting for review, oldest first; of one worksite's users when it is given. */
  underReview(limit: number, worksiteId?: string): Effect.Effect<ReadonlyArray<UserProfile>>
  /** Runner applications waiting for review. */
  runnersUnderReview(limit: number): Effect.Effect<ReadonlyArray<UserProfile>>
}>()("station/ProfileStore") {}
