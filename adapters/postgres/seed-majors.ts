/** The demo campus's departments (worksite `majors`): set once, while a demo worksite still lists none. */
import { sql, type Kysely } from "kysely"
import type { DB } from "./schema"

export const DEMO_MAJORS: Readonly<Record<string, ReadonlyArray<string>>> = {
  "ws-xiyuan": ["计算机科学与工程学院", "经济与管理学院", "外国语学院", "数学学院", "化学学院"],
  "ws-dongyuan": ["医学院", "药学院", "公共卫生学院"]
}

export const seedMajorsDemo = async (db: Kysely<DB>) => {
  for (const [id, majors] of Object.entries(DEMO_MAJORS)) {
    await db.updateTable("worksite").set({ majors: [...majors] }).where("id", "=", id).where(sql<boolean>`cardinality(majors) = 0`).execute()
  }
}
