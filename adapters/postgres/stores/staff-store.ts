/** EmployeeStore and LoginGuard over Postgres. */
import { Effect } from "effect"
import { sql, type Kysely, type Selectable } from "kysely"
import type { Employee } from "#src/staff/employee"
import { EmployeesByUnionid, EmployeeStore, LoginGuard } from "#src/staff/staff-store"
import type { Worksite } from "#src/staff/worksite"
import type { DB } from "../schema"
import { query } from "./query"

export const toWorksite = (w: Selectable<DB["worksite"]>): Worksite => ({
  id: w.id, siteCode: w.site_code, shortName: w.short_name, schoolCampus: w.school_campus, nameZH: w.name_zh,
  smsAble: w.sms_able, serviceBegin: w.service_begin, serviceEnd: w.service_end, servicePhone: w.service_phone,
  expressCompanies: w.express_companies,
  safekeeping: { freeHours: w.keep_free_hours, feePerDayFen: w.keep_fee_per_day, capFen: w.keep_fee_cap },
  smsCredit: w.sms_credit
})

const findEmployee = (db: Kysely<DB>, column: "employee.openid" | "employee.phone", value: string) =>
  query(() =>
    db.selectFrom("employee").innerJoin("worksite", "worksite.id", "employee.worksite_id").selectAll("worksite")
      .select(["employee.id as employee_id", "employee.phone", "employee.name_zh as employee_name", "employee.openid", "employee.password_hash"])
      .where(column, "=", value).executeTakeFirst()
  ).pipe(Effect.map((row) => row && toEmployee(row)))

const toEmployee = (row: Selectable<DB["worksite"]> & { employee_id: string; phone: string; employee_name: string; openid: string | null; password_hash: string }): Employee => ({
  id: row.employee_id, phone: row.phone, nameZH: row.employee_name, openid: row.openid, passwordHash: row.password_hash, worksite: toWorksite(row)
})

/**
 * The employee bound to another openid of the same person (a user with the same unionid): staff are found
 * by openid or unionid (spec 001 §5).
 */
const findByTwinOpenid = (db: Kysely<DB>, openid: string) =>
  query(() =>
    db.selectFrom("employee").innerJoin("worksite", "worksite.id", "employee.worksite_id")
      .innerJoin("app_user as bound", "bound.openid", "employee.openid")
      .innerJoin("app_user as caller", "caller.unionid", "bound.unionid").selectAll("worksite")
      .select(["employee.id as employee_id", "employee.phone", "employee.name_zh as employee_name", "employee.openid", "employee.password_hash"])
      .where("caller.openid", "=", openid).where("caller.unionid", "is not", null).orderBy("employee.id").executeTakeFirst()
  ).pipe(Effect.map((row) => row && toEmployee(row)))

export const employeeStore = (db: Kysely<DB>) => EmployeeStore.of({
  findByOpenid: (openid) =>
    findEmployee(db, "employee.openid", openid).pipe(Effect.flatMap((e) => (e ? Effect.succeed(e) : findByTwinOpenid(db, openid)))),
  findByPhone: (phone) => findEmployee(db, "employee.phone", phone),
  bind: (employeeId, openid, userId) =>
    query(async () => {
      await db.updateTable("employee").set({ openid, user_id: userId }).where("id", "=", employeeId).execute()
      await db.updateTable("app_user").set({ role: "staff" }).where("id", "=", userId).where("role", "in", ["student", "runner"]).execute()
    })
})

export const loginGuard = (db: Kysely<DB>) => LoginGuard.of({
  consumeNonce: (nonce, now) =>
    query(() => db.updateTable("login_nonce").set({ used_at: now }).where("nonce", "=", nonce).where("used_at", "is", null)
      .where("expires_at", ">", now).executeTakeFirst()).pipe(Effect.map((r) => r.numUpdatedRows === 1n)),
  failuresSince: (requester, since) =>
    query(async () => {
      // one attempt of a requester at a time, so parallel guesses cannot all pass the count
      await sql`select pg_advisory_xact_lock(hashtextextended(${`login:${requester}`}, 0))`.execute(db)
      return db.selectFrom("login_failure").select((eb) => eb.fn.countAll<string>().as("n")).where("requester", "=", requester)
        .where("at", ">=", since).executeTakeFirstOrThrow()
    }).pipe(Effect.map((r) => Number(r.n))),
  recordFailure: (requester, phone, at) => query(() => db.insertInto("login_failure").values({ requester, phone, at }).execute())
})

export const employeesByUnionid = (db: Kysely<DB>) => EmployeesByUnionid.of({
  unionidOf: (userId) =>
    query(() => db.selectFrom("app_user").select("unionid").where("id", "=", userId).executeTakeFirst()).pipe(Effect.map((r) => r?.unionid ?? null)),
  findByUnionid: (unionid) =>
    query(() =>
      db.selectFrom("employee").innerJoin("worksite", "worksite.id", "employee.worksite_id")
        .innerJoin("app_user", "app_user.openid", "employee.openid").selectAll("worksite")
        .select(["employee.id as employee_id", "employee.phone", "employee.name_zh as employee_name", "employee.openid", "employee.password_hash"])
        .where("app_user.unionid", "=", unionid).orderBy("employee.id").executeTakeFirst()
    ).pipe(Effect.map((row) => row && toEmployee(row)))
})
