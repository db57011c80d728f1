/** What the sending browser suites set up on the demo campus: 西园 sends with SF and ZTO (cash on delivery), an SF tariff to Beijing, a Beijing receiver for demo-student. */
import type { Harness } from "./harness"

export const seedSending = async (h: Harness) => {
  const db = h.runtime.db
  await db.insertInto("sending_settings").values({
    worksite_id: "ws-xiyuan", jijian_able: true, daofu_able: true, daofu_carrier_code: "ZTO", yunfei_pic: null,
    printer150_host: "127.0.0.1", printer150_port: 9100, printer180_host: "127.0.0.1", printer180_port: 9100
  }).onConflict((oc) => oc.column("worksite_id").doUpdateSet({ jijian_able: true, daofu_able: true, daofu_carrier_code: "ZTO", printer150_host: "127.0.0.1", printer150_port: 9100 })).execute()
  await db.insertInto("send_company").values([
    { worksite_id: "ws-xiyuan", company_id: "ec-sf", code: "SF", surface_height: 150, surface_width: 100, sort: 1 },
    { worksite_id: "ws-xiyuan", company_id: "ec-zto", code: "ZTO", surface_height: 180, surface_width: 100, sort: 2 }
  ]).onConflict((oc) => oc.doNothing()).execute()
  await db.deleteFrom("freight_tariff").where("worksite_id", "=", "ws-xiyuan").where("company_code", "=", "ZTO").execute()
  await db.insertInto("freight_tariff").values({ worksite_id: "ws-xiyuan", company_code: "SF", to_province_code: "11", first_kg: 1200, extra_kg: 500 })
    .onConflict((oc) => oc.columns(["worksite_id", "company_code", "to_province_code"]).doUpdateSet({ first_kg: 1200, extra_kg: 500 })).execute()
  await db.insertInto("address").values({
    id: "addr-student-bj", user_id: "u-student", name: "王芳", phone: "13911112222", province: "11", city: "1101", county: "110105",
    province_name: "北京市", city_name: "市辖区", county_name: "朝阳区", detail: "建国路88号", is_default: false
  }).onConflict((oc) => oc.doNothing()).execute()
}


/** demo-student's real-name status (1 verified, with an ID number). */
export const setVerified = (h: Harness, authStatus: number) =>
  h.runtime.db.updateTable("app_user").set({ auth_status: authStatus, id_card_no: authStatus === 1 ? "440106200001010011" : null }).where("id", "=", "u-student").execute()
