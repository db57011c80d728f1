/**
 * The demo campus's site admin: 张伟 (employee e-xiyuan-1, openid demo-staff) sees 西园's statistics. Set while no
 * site admin was ever set or unset by the operator (`station staff site-admin`, a logged `setSiteAdmin`), so the
 * operator's choice is never undone by a restart.
 */
import type { Kysely } from "kysely"
import type { DB } from "./schema"

export const DEMO_SITE_ADMIN = "e-xiyuan-1"

export const seedStatisticsDemo = async (db: Kysely<DB>) => {
  const chosen = await db.selectFrom("ops_log").select("seq").where("op", "=", "setSiteAdmin").limit(1).executeTakeFirst()
  if (chosen) return
  await db.updateTable("employee").set({ site_admin: true }).where("id", "=", DEMO_SITE_ADMIN).where("site_admin", "=", false).execute()
}
