/** The demo campus's sending: 西园 sends with SF, ZTO and YTO (cash on delivery with SF), two label printers, a tariff to every province; 东园 has sending off. */
import type { Kysely } from "kysely"
import type { DB } from "./schema"

export const PROVINCE_CODES = [
  "11", "12", "13", "14", "15", "21", "22", "23", "31", "32", "33", "34", "35", "36", "37", "41", "42",
  "43", "44", "45", "46", "50", "51", "52", "53", "54", "61", "62", "63", "64", "65", "71", "81", "82"
] as const

/** Guangdong: the demo campus's own province, cheaper. */
const HOME_PROVINCE = "44"

const demoTariff: ReadonlyArray<{ code: string; first: number; extra: number; homeFirst: number; homeExtra: number }> = [
  { code: "SF", first: 1_200, extra: 500, homeFirst: 1_000, homeExtra: 200 },
  { code: "ZTO", first: 800, extra: 400, homeFirst: 600, homeExtra: 100 },
  { code: "YTO", first: 800, extra: 400, homeFirst: 600, homeExtra: 150 }
]

/** Once per database: a worksite that already has sending settings is left as it is. */
export const seedSendingDemo = async (db: Kysely<DB>) => {
  if (await db.selectFrom("sending_settings").select("worksite_id").where("worksite_id", "=", "ws-xiyuan").executeTakeFirst()) return
  if (!(await db.selectFrom("worksite").select("id").where("id", "=", "ws-xiyuan").executeTakeFirst())) return
  await db.insertInto("sending_settings").values([
    {
      worksite_id: "ws-xiyuan", jijian_able: true, daofu_able: true, daofu_carrier_code: "SF", yunfei_pic: null,
      printer150_host: "127.0.0.1", printer150_port: 9100, printer180_host: "127.0.0.1", printer180_port: 9101
    },
    { worksite_id: "ws-dongyuan", jijian_able: false, daofu_able: false, daofu_carrier_code: null, yunfei_pic: null }
  ]).onConflict((oc) => oc.doNothing()).execute()
  await db.insertInto("send_company").values([
    { worksite_id: "ws-xiyuan", company_id: "ec-sf", code: "SF", surface_height: 180, surface_width: 100, sort: 1 },
    { worksite_id: "ws-xiyuan", company_id: "ec-zto", code: "ZTO", surface_height: 150, surface_width: 100, sort: 2 },
    { worksite_id: "ws-xiyuan", company_id: "ec-yto", code: "YTO", surface_height: 150, surface_width: 76, sort: 3 }
  ]).onConflict((oc) => oc.doNothing()).execute()
  await db.insertInto("freight_tariff").values(demoTariff.flatMap((t) => PROVINCE_CODES.map((p) => ({
    worksite_id: "ws-xiyuan", company_code: t.code, to_province_code: p,
    first_kg: p === HOME_PROVINCE ? t.homeFirst : t.first, extra_kg: p === HOME_PROVINCE ? t.homeExtra : t.extra
  })))).onConflict((oc) => oc.doNothing()).execute()
}
