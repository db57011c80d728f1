/** ProfileStore over Postgres: the app_user row, with its worksite and wallet for the account page. */
import { Effect } from "effect"
import { sql, type Kysely, type Selectable, type Updateable } from "kysely"
import type { ProfileChange, TeamMember, UserProfile } from "#src/profile/profile"
import { ProfileStore } from "#src/profile/profile-store"
import type { PaotuiStatus } from "#src/profile/runner-application"
import type { AuthStatus } from "#src/profile/verification"
import type { Role } from "#src/shared/actor"
import type { DB } from "../schema"
import { compiledOnce, query } from "./query"
import { toWorksiteProfile } from "./worksite-store"

type UserRow = Selectable<DB["app_user"]>

const toProfile = (r: UserRow): UserProfile => ({
  id: r.id, openid: r.openid, unionid: r.unionid, nickname: r.nickname, realname: r.realname, sex: r.sex as 0 | 1 | 2,
  headimgBase64: r.headimg_base64, motto: r.motto, phoneMain: r.phone_main, phoneVice: r.phone_vice, idCardNo: r.id_card_no,
  toAuthIdCardNo: r.to_auth_id_card_no, toAuthRealname: r.to_auth_realname, idCardUrl: r.id_card_url,
  studentCardUrl: r.student_card_url, authStatus: r.auth_status as AuthStatus, authSubmittedAt: r.auth_submitted_at,
  rejectComment: r.reject_comment, paotuiStatus: r.paotui_status as PaotuiStatus, isPaotuiLeader: r.is_paotui_leader,
  paotuiLeader: r.paotui_leader, invitation: r.invitation, isXYTAdmin: r.is_xyt_admin, pickupAble: r.pickup_able,
  creditScore: r.credit_score, newPaotuiOrderRemind: r.new_paotui_order_remind, subscribeTime: r.subscribe_time ?? r.created_at,
  role: r.role as Role, worksiteId: r.worksite_id
})

const columns: { readonly [K in keyof Required<ProfileChange>]: keyof Updateable<DB["app_user"]> } = {
  nickname: "nickname", realname: "realname", sex: "sex", headimgBase64: "headimg_base64", motto: "motto", phoneMain: "phone_main",
  phoneVice: "phone_vice", idCardNo: "id_card_no", toAuthIdCardNo: "to_auth_id_card_no", toAuthRealname: "to_auth_realname",
  idCardUrl: "id_card_url", studentCardUrl: "student_card_url", authStatus: "auth_status", authSubmittedAt: "auth_submitted_at",
  rejectComment: "reject_comment", paotuiStatus: "paotui_status", isPaotuiLeader: "is_paotui_leader", paotuiLeader: "paotui_leader",
  invitation: "invitation", pickupAble: "pickup_able", creditScore: "credit_score", newPaotuiOrderRemind: "new_paotui_order_remind",
  worksiteId: "worksite_id", worksiteBoundAt: "worksite_bound_at", authPassedAt: "auth_passed_at", paotuiJoinedAt: "paotui_joined_at"
}

const toRow = (change: ProfileChange): Updateable<DB["app_user"]> =>
  Object.fromEntries(Object.entries(change).filter(([k, v]) => v !== undefined && k in columns).map(([k, v]) => [columns[k as keyof ProfileChange], v]))

const toMember = (r: Pick<UserRow, "id" | "realname" | "phone_main" | "openid">): TeamMember => ({ id: r.id, realname: r.realname, phoneMain: r.phone_main, openid: r.openid })

export const profileStore = (db: Kysely<DB>) => {
  // the student's own account: read on every page they open
  const account = compiledOnce((userId: string) =>
    db.selectFrom("app_user").innerJoin("wallet", "wallet.user_id", "app_user.id").leftJoin("worksite", "worksite.id", "app_user.worksite_id")
      .selectAll("app_user").select(["wallet.money", "wallet.active_score", sql<Selectable<DB["worksite"]> | null>`to_jsonb(worksite)`.as("worksite")])
      .select(sql<string[]>`array(select company_id from send_company where worksite_id = app_user.worksite_id order by sort, company_id)`.as("send_companies"))
      .select(sql<boolean>`exists (select 1 from employee where employee.openid = app_user.openid and employee.site_admin)`.as("site_admin"))
      .where("app_user.id", "=", userId))
  return ProfileStore.of({
    account: (userId) =>
      query(() => db.executeQuery(account(userId))).pipe(Effect.map(({ rows: [r] }) => r && {
        profile: toProfile(r), money: r.money, activeScore: r.active_score, isSiteAdmin: r.site_admin === true,
        worksite: r.worksite ? { ...toWorksiteProfile(r.worksite), majors: r.worksite.majors, expressSendCompanies: r.send_companies } : null
      })),
    find: (userId) => query(() => db.selectFrom("app_user").selectAll().where("id", "=", userId).executeTakeFirst()).pipe(Effect.map((r) => r && toProfile(r))),
    findByOpenid: (openid) => query(() => db.selectFrom("app_user").selectAll().where("openid", "=", openid).executeTakeFirst()).pipe(Effect.map((r) => r && toProfile(r))),
    create: (u) =>
      query(async () => {
        const made = await db.insertInto("app_user").values({
          id: u.id, openid: u.openid, unionid: u.unionid, nickname: u.nickname, sex: u.sex, subscribe: u.subscribe,
          subscribe_time: u.subscribe ? u.at : null, created_at: u.at
        }).onConflict((oc) => oc.column("openid").doNothing()).returning("id").executeTakeFirst()
        if (made) await db.insertInto("wallet").values({ user_id: u.id, money: 0, active_score: 0 }).execute()
        return made !== undefined
      }),
    lockFollower: (openid) =>
      query(() => db.selectFrom("app_user").select(["id", "subscribe"]).where("openid", "=", openid).forUpdate().executeTakeFirst())
        .pipe(Effect.map((r) => r && { id: r.id, following: r.subscribe })),
    setFollowing: (userId, following, at) =>
      query(async () => {
        await db.updateTable("app_user").set(following ? { subscribe: true, subscribe_time: at } : { subscribe: false }).where("id", "=", userId).execute()
      }),
    lock: (userId) =>
      query(() => db.selectFrom("app_user").selectAll().where("id", "=", userId).forUpdate().executeTakeFirst()).pipe(Effect.map((r) => r && toProfile(r))),
    save: (userId, change) =>
      query(async () => {
        const row = toRow(change)
        if (Object.keys(row).length) await db.updateTable("app_user").set(row).where("id", "=", userId).execute()
      }),
    phoneTakenByOther: (phone, userId) =>
      query(() => db.selectFrom("app_user").select("id").where("id", "<>", userId)
        .where((eb) => eb.or([eb("phone_main", "=", phone), eb("phone_vice", "=", phone)])).limit(1).executeTakeFirst()).pipe(Effect.map((r) => r !== undefined)),
    leaderByInvitation: (worksiteId, invitation) =>
      query(() => db.selectFrom("app_user").select("id").where("worksite_id", "=", worksiteId).where("invitation", "=", invitation)
        .where("is_paotui_leader", "=", true).executeTakeFirst()).pipe(Effect.map((r) => r?.id)),
    team: (leaderId) =>
      query(() => db.selectFrom("app_user").select(["id", "realname", "phone_main", "openid"]).where("paotui_leader", "=", leaderId)
        .where("paotui_status", "=", 1).orderBy("realname").orderBy("id").execute()).pipe(Effect.map((rows) => rows.map(toMember))),
    underReview: (limit, worksiteId) =>
      query(() => db.selectFrom("app_user").selectAll().where("auth_status", "=", 0)
        .$if(worksiteId !== undefined, (q) => q.where("worksite_id", "=", worksiteId!))
        .orderBy("auth_submitted_at").orderBy("id").limit(limit).execute())
        .pipe(Effect.map((rows) => rows.map(toProfile))),
    runnersUnderReview: (limit) =>
      query(() => db.selectFrom("app_user").selectAll().where("paotui_status", "=", 0).orderBy("created_at").orderBy("id").limit(limit).execute())
        .pipe(Effect.map((rows) => rows.map(toProfile)))
  })
}
