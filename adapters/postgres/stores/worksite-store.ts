/** The worksite chooser's port over Postgres. */
import { Effect } from "effect"
import type { Kysely, Selectable } from "kysely"
import type { WorksiteProfile } from "#src/worksite/directory"
import { Worksites } from "#src/worksite/worksite-store"
import type { DB } from "../schema"
import { query } from "./query"

export const toWorksiteProfile = (w: Selectable<DB["worksite"]>): WorksiteProfile => ({
  id: w.id, siteCode: w.site_code, fullName: w.full_name || w.name_zh, shortName: w.short_name, schoolCampus: w.school_campus,
  schoolCode: w.school_code, servicePhone: w.service_phone, serviceBegin: w.service_begin, serviceEnd: w.service_end,
  paotuiAble: w.paotui_able, paotuiApplyAble: w.paotui_apply_able, paotuiApplyNeedInvitation: w.paotui_apply_need_invitation,
  location: w.lon === null || w.lat === null ? null : { lon: Number(w.lon), lat: Number(w.lat) },
  smsCredit: w.sms_credit
})

export const worksiteStore = (db: Kysely<DB>) => Worksites.of({
  all: () => query(() => db.selectFrom("worksite").selectAll().orderBy("site_code").execute()).pipe(Effect.map((rows) => rows.map(toWorksiteProfile))),
  find: (id) => query(() => db.selectFrom("worksite").selectAll().where("id", "=", id).executeTakeFirst()).pipe(Effect.map((w) => w && toWorksiteProfile(w)))
})
