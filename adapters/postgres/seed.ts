/**
 * The demo campus: two stations (with their chooser fields and locations), carriers, weight types, a user
 * per role with profile and verification states, staff accounts (张伟 西园's site admin), wallets and one saved address;
 * the errand, sending and announcement sides of 西园. Deterministic: every id is fixed or `seedId(label)`, every time
 * is the seed moment (recorded in `seed_info`) or relative to it, so two seeds at one moment write the same rows.
 */
import { createHash } from "node:crypto"
import type { Insertable, Kysely, Updateable } from "kysely"
import { LedgerRef, LedgerType } from "#src/wallet/ledger"
import { hashPassword } from "../security/passwords"
import type { DB } from "./schema"
import { seedActivityDemo } from "./seed-activity"
import { seedMajorsDemo } from "./seed-majors"
import { seedSendingDemo } from "./seed-sending"
import { seedSmsDemo } from "./seed-sms"
import { seedStatisticsDemo } from "./seed-statistics"

export const DEMO_PASSWORD = "station123"

/** A seeded row's id: a UUID in the v5 layout from the SHA-1 of "seed:" + label, the same in every database. */
export const seedId = (label: string) => {
  const hash = createHash("sha1").update(`seed:${label}`).digest()
  hash[6] = (hash[6]! & 0x0f) | 0x50
  hash[8] = (hash[8]! & 0x3f) | 0x80
  const hex = hash.subarray(0, 16).toString("hex")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The parts of the demo data, each seeded once at its own moment: the campus (first start, `station seed`), the flows (`station seed`). */
export type SeedName = "campus" | "flows"

/** When each part of the demo data was seeded, as `seed_info` records it. */
export const seedMoments = async (db: Kysely<DB>): Promise<Partial<Record<SeedName, Date>>> =>
  Object.fromEntries((await db.selectFrom("seed_info").select(["name", "seeded_at"]).orderBy("name").execute()).map((r) => [r.name, new Date(r.seeded_at)]))

export const recordSeed = async (db: Kysely<DB>, name: SeedName, at: Date) => {
  await db.insertInto("seed_info").values({ name, seeded_at: at }).onConflict((oc) => oc.column("name").doNothing()).execute()
}

export const createWorksite = async (db: Kysely<DB>, worksite: Insertable<DB["worksite"]>) => {
  await db.insertInto("worksite").values(worksite).execute()
  await db.insertInto("storage_tag").values({ worksite_id: worksite.id }).execute()
}

export const createUser = async (
  db: Kysely<DB>,
  user: Insertable<DB["app_user"]>,
  wallet: { money?: number; activeScore?: number } = {},
  at: Date = new Date()
) => {
  await db.insertInto("app_user").values({ created_at: at, ...user }).execute()
  await db.insertInto("wallet").values({ user_id: user.id, money: 0, active_score: 0 }).execute()
  const money = wallet.money ?? 0
  const score = wallet.activeScore ?? 0
  const grants = [
    ...(money ? [{ grant: "money", money, score: 0, remark: "开户赠送余额" }] : []),
    ...(score ? [{ grant: "score", money: 0, score, remark: "开户赠送积分" }] : [])
  ]
  for (const { grant, ...row } of grants) {
    await db.insertInto("ledger").values({
      id: seedId(`opening:${user.id}:${grant}`), user_id: user.id, type: LedgerType.income, ...row, ref_type: LedgerRef.opening, ref_id: null, created_at: at
    }).execute()
  }
  if (grants.length > 0) await db.updateTable("wallet").set({ money, active_score: score }).where("user_id", "=", user.id).execute()
}

export interface DemoUser {
  readonly openid: string
  readonly role: string
  readonly name: string
  readonly worksite: string | null
}

export const demoUsers = (db: Kysely<DB>): Promise<DemoUser[]> =>
  db.selectFrom("app_user").leftJoin("worksite", "worksite.id", "app_user.worksite_id")
    .select(["app_user.openid", "app_user.role", "app_user.nickname as name", "worksite.short_name as worksite"])
    .where("app_user.openid", "like", "demo-%").orderBy("app_user.created_at").orderBy("app_user.id")
    .execute() as Promise<DemoUser[]>

/** The student-account part of the demo campus (migration 0002): chooser fields, profiles, one address. */
const accountDemo = {
  worksites: {
    "ws-xiyuan": {
      full_name: "示范大学南校区西园快递驿站", school_code: "SFDX", paotui_able: true, paotui_apply_able: true,
      paotui_apply_need_invitation: true, lon: 113.2986, lat: 23.0962,
      self_sign_able: true
    },
    "ws-dongyuan": {
      full_name: "示范大学北校区东园快递驿站", school_code: "SFDX", paotui_able: false, paotui_apply_able: false,
      paotui_apply_need_invitation: false, lon: 113.2905, lat: 23.1296
    }
  },
  users: {
    "u-student": { sex: 1, credit_score: 95 },
    "u-runner": {
      sex: 1, id_card_no: "110105199003071239", auth_status: 1, paotui_status: 1, is_paotui_leader: true, invitation: "XY2026", credit_score: 88
    },
    "u-staff": { sex: 1 },
    "u-staff-dy": { sex: 1 },
    "u-admin": { sex: 2, id_card_no: "440106198507120020", auth_status: 1, is_xyt_admin: true }
  },
  address: {
    id: "addr-student-1", user_id: "u-student", name: "李明", phone: "13800000001", province: "44", city: "4401", county: "440105",
    province_name: "广东省", city_name: "广州市", county_name: "海珠区", detail: "新港西路135号西园12栋305", is_default: true
  }
} satisfies {
  worksites: Record<string, Updateable<DB["worksite"]>>
  users: Record<string, Updateable<DB["app_user"]>>
  address: Insertable<DB["address"]>
}

/**
 * A demo campus seeded before the account area existed gets its account data once: only while its
 * worksites still have no full name, and only rows with the demo ids.
 */
const addAccountDemo = async (db: Kysely<DB>, at: Date) => {
  const stale = await db.selectFrom("worksite").select("id").where("id", "=", "ws-xiyuan").where("full_name", "=", "").executeTakeFirst()
  if (!stale) return
  await db.transaction().execute(async (trx) => {
    for (const [id, fields] of Object.entries(accountDemo.worksites)) await trx.updateTable("worksite").set(fields).where("id", "=", id).execute()
    for (const [id, fields] of Object.entries(accountDemo.users)) await trx.updateTable("app_user").set(fields).where("id", "=", id).execute()
    if (await trx.selectFrom("app_user").select("id").where("id", "=", "u-student").executeTakeFirst()) {
      await trx.insertInto("address").values({ ...accountDemo.address, created_at: at }).onConflict((oc) => oc.doNothing()).execute()
    }
  })
}

/**
 * Seeds the demo campus once, at `at` (recorded in `seed_info` as `campus`); a database that already has a worksite is
 * left as it is, but for demo parts added since it was seeded (once each, at its recorded seed moment when it has one).
 */
export const seedDemoCampus = async (db: Kysely<DB>, at?: Date): Promise<boolean> => {
  if (await db.selectFrom("worksite").select("id").executeTakeFirst()) {
    const moment = (await seedMoments(db)).campus ?? at ?? new Date()
    await addAccountDemo(db, moment)
    await addErrandDemo(db)
    await seedSendingDemo(db)
    await seedActivityDemo(db, moment)
    await seedMajorsDemo(db)
    await seedSmsDemo(db, moment)
    await seedStatisticsDemo(db)
    return false
  }
  const moment = at ?? new Date()
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  await db.transaction().execute(async (trx) => {
    await recordSeed(trx, "campus", moment)
    await trx.insertInto("express_company").values([
      { id: "ec-sf", name: "顺丰速运" }, { id: "ec-zto", name: "中通快递" }, { id: "ec-yto", name: "圆通速递" },
      { id: "ec-yd", name: "韵达快递" }, { id: "ec-jd", name: "京东物流" }, { id: "ec-ems", name: "中国邮政EMS" }
    ]).execute()
    await trx.insertInto("dict_value").values([
      { dict: "weightFeeType", id: "wf-1", name: "1kg以内", sort: 1 }, { dict: "weightFeeType", id: "wf-2", name: "1-3kg", sort: 2 },
      { dict: "weightFeeType", id: "wf-3", name: "3-5kg", sort: 3 }, { dict: "weightFeeType", id: "wf-4", name: "5kg以上", sort: 4 }
    ]).execute()
    await createWorksite(trx, {
      id: "ws-xiyuan", site_code: "XY01", short_name: "西园驿站", school_campus: "南校区", name_zh: "西园快递驿站",
      sms_able: true, service_begin: "08:00", service_end: "21:00", service_phone: "020-84110001",
      express_companies: ["ec-sf", "ec-zto", "ec-yto", "ec-yd", "ec-jd"], ...accountDemo.worksites["ws-xiyuan"]
    })
    await createWorksite(trx, {
      id: "ws-dongyuan", site_code: "DY01", short_name: "东园驿站", school_campus: "北校区", name_zh: "东园快递驿站",
      sms_able: false, service_begin: "09:00", service_end: "20:00", service_phone: "020-84110002",
      express_companies: ["ec-sf", "ec-ems"], ...accountDemo.worksites["ws-dongyuan"]
    })
    const users: Array<[Insertable<DB["app_user"]>, { money?: number; activeScore?: number }]> = [
      [{ id: "u-student", openid: "demo-student", nickname: "李明", realname: "李明", phone_main: "13800000001", worksite_id: "ws-xiyuan", role: "student", ...accountDemo.users["u-student"] }, { money: 50_000, activeScore: 235 }],
      [{ id: "u-runner", openid: "demo-runner", nickname: "王强", realname: "王强", phone_main: "13800000002", worksite_id: "ws-xiyuan", role: "runner", ...accountDemo.users["u-runner"] }, { money: 12_000, activeScore: 80 }],
      [{ id: "u-staff", openid: "demo-staff", nickname: "张伟", realname: "张伟", phone_main: "13900000001", worksite_id: "ws-xiyuan", role: "staff", ...accountDemo.users["u-staff"] }, {}],
      [{ id: "u-staff-dy", openid: "demo-staff-dy", nickname: "赵磊", realname: "赵磊", phone_main: "13900000002", worksite_id: "ws-dongyuan", role: "staff", ...accountDemo.users["u-staff-dy"] }, {}],
      [{ id: "u-admin", openid: "demo-admin", nickname: "陈静", realname: "陈静", phone_main: "13700000001", worksite_id: "ws-xiyuan", role: "admin", ...accountDemo.users["u-admin"] }, { money: 1_000 }],
      [{ id: "u-newstaff", openid: "demo-newstaff", nickname: "刘洋", realname: "刘洋", phone_main: "13900000003", worksite_id: "ws-xiyuan", role: "student" }, {}]
    ]
    for (const [user, wallet] of users) await createUser(trx, user, wallet, moment)
    await trx.insertInto("employee").values([
      { id: "e-xiyuan-1", phone: "13900000001", name_zh: "张伟", password_hash: passwordHash, worksite_id: "ws-xiyuan", openid: "demo-staff", user_id: "u-staff" },
      { id: "e-dongyuan-1", phone: "13900000002", name_zh: "赵磊", password_hash: passwordHash, worksite_id: "ws-dongyuan", openid: "demo-staff-dy", user_id: "u-staff-dy" },
      { id: "e-xiyuan-2", phone: "13900000003", name_zh: "刘洋", password_hash: passwordHash, worksite_id: "ws-xiyuan", openid: null, user_id: null }
    ]).execute()
    await trx.insertInto("address").values({ ...accountDemo.address, created_at: moment }).execute()
  })
  await addErrandDemo(db)
  await seedSendingDemo(db)
  await seedActivityDemo(db, moment)
  await seedMajorsDemo(db)
  await seedSmsDemo(db, moment)
  await seedStatisticsDemo(db)
  return true
}

/**
 * The errand side of the demo campus (西园, which has paotui_able): fee tiers (fen), a delivery cut-off at 22:00,
 * four buildings (one with a lift and its own lift fee, one with its own large-item sub-categories), the
 * worksite's large-item sub-categories and a running door-delivery discount (20% off, 50 orders a day). Added once.
 */
const addErrandDemo = async (db: Kysely<DB>) => {
  if (!(await db.selectFrom("worksite").select("id").where("id", "=", "ws-xiyuan").executeTakeFirst())) return
  if (await db.selectFrom("errand_settings").select("worksite_id").where("worksite_id", "=", "ws-xiyuan").executeTakeFirst()) return
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("errand_settings").values({
      worksite_id: "ws-xiyuan", lift_small_fee: 200, lift_middle_fee: 300, lift_big_fee: 500, small_fee_one: 200, small_fee_two: 300,
      middle_fee_one: 300, middle_fee_two: 400, big_fee_one: 500, big_fee_two: 700, paotui_order_last_time: "22:00"
    }).execute()
    await trx.insertInto("building").values([
      { id: "b-xy-1", worksite_id: "ws-xiyuan", name: "1号楼", tag: "男生宿舍", area: "西园", sort: 1 },
      { id: "b-xy-2", worksite_id: "ws-xiyuan", name: "2号楼", tag: "女生宿舍", area: "西园", sort: 2 },
      { id: "b-xy-3", worksite_id: "ws-xiyuan", name: "研究生公寓", tag: "电梯楼", area: "西园", is_lift: true, fees: JSON.stringify({ liftSmallFee: 250 }), sort: 3 },
      { id: "b-xy-4", worksite_id: "ws-xiyuan", name: "留学生公寓", tag: "", area: "东区", sort: 4 }
    ]).execute()
    await trx.insertInto("special_good").values([
      { id: "sg-xy-luggage", worksite_id: "ws-xiyuan", building_id: null, name: "行李箱", lift_fee: 600, fee_one: 800, fee_two: 1000, sort: 1 },
      { id: "sg-xy-bike", worksite_id: "ws-xiyuan", building_id: null, name: "自行车", lift_fee: 800, fee_one: 1000, fee_two: 1200, sort: 2 },
      { id: "sg-xy-4-furniture", worksite_id: "ws-xiyuan", building_id: "b-xy-4", name: "家具", lift_fee: 900, fee_one: 1200, fee_two: 1500, sort: 1 }
    ]).execute()
    await trx.insertInto("errand_activity").values({
      id: "act-xy-door", worksite_id: "ws-xiyuan", kind: 1, title: "送货上门八折", discount: 2, fee: null, count_daily: 50, remark: "每日限50单"
    }).execute()
  })
}
