/** What the sending browser suites set up on the demo campus: 西园 sends with SF and ZTO (cash on delivery), an SF tariff to Beijing, a Beijing receiver for demo-student; and a door pickup brought to its freight through the API. */
import type { Page } from "playwright-core"
import { expect } from "vitest"
import { POLL, type Harness } from "./harness"

export const seedSending = async (h: Harness) => {
  await h.fixture(async (db, at) => {
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
      province_name: "北京市", city_name: "市辖区", county_name: "朝阳区", detail: "建国路88号", is_default: false, created_at: at
    }).onConflict((oc) => oc.doNothing()).execute()
  })
}


/** demo-student's real-name status (1 verified, with an ID number). */
export const setVerified = (h: Harness, authStatus: number) =>
  h.fixture((db) => db.updateTable("app_user").set({ auth_status: authStatus, id_card_no: authStatus === 1 ? "440106200001010011" : null }).where("id", "=", "u-student").execute())

export type Answer<T> = { success: boolean; message?: string; data: T }

/** A door pickup booked, rewarded, grabbed by the runner, said taken and confirmed: its send order awaits freight (10). */
export const confirmedDoorPickup = async (h: Harness, student: string, runner: string) => {
  const ok = <T>(a: Answer<T>, what: string): T => {
    if (!a.success) throw new Error(`${what}: ${a.message}`)
    return a.data
  }
  const setup = ok(await h.api<Answer<{ bookingDays: ReadonlyArray<{ slots: ReadonlyArray<string> }> }>>("/api/expressTakein/setup", student), "setup")
  const slot = setup.bookingDays.flatMap((d) => d.slots)[0]!
  const booked = ok(await h.api<Answer<{ _id: string; orderNo: string; paotui: { _id: string; orderNo: string } }>>("/api/expressTakein", student, {
    method: "POST",
    body: JSON.stringify({
      expressCompanyId: "ec-sf", senderAddressId: "addr-student-1", receiverAddressId: "addr-student-bj", goodsName: "教材", goodsCount: 1,
      requiredDoorService: true, goodsType: 1, dormBuilding: "b-xy-1", dormFloor: 5, dormRoom: "512", fee: 400, requireArriveTime: slot
    })
  }), "book")
  const errand = booked.paotui
  const prepay = ok(await h.api<Answer<{ prepayId: string }>>(`/api/paotuiOrder/prepay/${errand._id}`, student), "prepay")
  const sign = ok(await h.api<Answer<unknown>>(`/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${prepay.prepayId}`)}`, student), "paysign")
  ok(await h.api<Answer<unknown>>("/auth/dev/pay", student, { method: "POST", body: JSON.stringify(sign) }), "pay")
  ok(await h.api<Answer<unknown>>(`/api/paotuiOrder/robbingRollModule/${errand.orderNo}`, runner, { method: "PUT" }), "grab")
  ok(await h.api<Answer<unknown>>(`/api/paotuiOrder/paotuiTakeaway/${errand._id}`, student, { method: "PUT" }), "say taken")
  ok(await h.api<Answer<unknown>>(`/api/paotuiOrder/paotuiConfirmTakeaway/${errand._id}`, runner, { method: "PUT", body: JSON.stringify({ goodsPic: "", isDaofu: false }) }), "confirm")
  return { id: booked._id, errand }
}

/** Picks an option per column (exact text) in the open antd-mobile picker and confirms it. */
export const pick = async (page: Page, ...texts: ReadonlyArray<string>) => {
  // a page keeps its other pickers mounted (hidden): only the open one is meant
  const picker = page.locator(".adm-picker:visible")
  await picker.waitFor()
  const columns = picker.locator(".adm-picker-view-column")
  for (const [i, text] of texts.entries()) {
    const item = columns.nth(i).locator(".adm-picker-view-column-item").filter({ hasText: new RegExp(`^${text}$`) })
    await item.first().waitFor()
    await item.first().tap()
    await page.waitForTimeout(300)
  }
  await picker.locator(".adm-picker-header-button").filter({ hasText: "确定" }).click()
  await expect.poll(() => page.locator(".adm-picker:visible").count(), POLL).toBe(0)
}

/** On the open booking form: SF to 王芳, these goods, door pickup at 1号楼 on this floor and room, this reward (yuan), tomorrow at this time. */
export const fillDoorBooking = async (page: Page, o: { goods: string; floor: string; room: string; reward: string; time: string }) => {
  await page.getByTestId("company-picker").click()
  await pick(page, "顺丰速运")
  await page.getByTestId("receiver-card").click()
  await page.locator("[data-testid=receiver-option][data-name=王芳]").click()
  await page.locator("[data-testid=goods-name] input").fill(o.goods)
  await page.getByTestId("door-switch").click()
  await page.getByTestId("dorm-building").click()
  await pick(page, "1号楼")
  await page.getByTestId("dorm-floor").click()
  await pick(page, o.floor)
  await page.getByTestId("goods-type").locator(".adm-selector-item").filter({ hasText: "小件" }).click()
  await page.locator("[data-testid=dorm-room] input").fill(o.room)
  await page.locator("[data-testid=reward] input").fill(o.reward)
  await page.getByTestId("booking-time").click()
  const tomorrow = page.locator(".adm-picker:visible .adm-picker-view-column").first().locator(".adm-picker-view-column-item").filter({ hasText: /^明天/ })
  await tomorrow.first().waitFor()
  await pick(page, (await tomorrow.first().textContent()) ?? "", o.time)
}
