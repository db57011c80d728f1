/** The errand browser tests' set-up: the demo campus's errand side with known tiers, and parcels checked in for demo-student. */
import { Exit } from "effect"
import { actorByOpenid } from "#adapters/ops/actors"
import { checkIn } from "#src/parcel/use-cases"
import type { Harness } from "./harness"

/**
 * The demo campus's errand side (seed: 1号楼 without a lift, 研究生公寓 with a lift and its own lift small fee 250,
 * sub-categories 行李箱 and 自行车, the activity act-xy-door) with tiers set here (fen): tier one small 200, two 300,
 * lift middle 250; open all day so the test runs at any hour; the activity's discount, fixed price and daily limit.
 */
export const setUpErrands = async (h: Harness, activity: { discount: number | null; countDaily: number | null; fee?: number }) => {
  await h.fixture(async (db) => {
    await db.updateTable("errand_settings").set({
      lift_small_fee: 150, lift_middle_fee: 250, lift_big_fee: 400, small_fee_one: 200, small_fee_two: 300, middle_fee_one: 300, middle_fee_two: 400,
      big_fee_one: 500, big_fee_two: 600, paotui_order_last_time: "24:00",
      noon_door_service_begin: "12:00", noon_door_service_end: "14:00", pm_door_service_begin: "19:00", pm_door_service_end: "24:00"
    }).where("worksite_id", "=", "ws-xiyuan").executeTakeFirstOrThrow()
    await db.updateTable("errand_activity").set({ title: "新生优惠", discount: activity.discount, fee: activity.fee ?? null, count_daily: activity.countDaily, active: true })
      .where("id", "=", "act-xy-door").executeTakeFirstOrThrow()
  })
}

export const checkInParcel = async (h: Harness, expressNo: string, weight = "wf-1") => {
  const staff = (await actorByOpenid(h.runtime.db, "demo-staff"))!
  const exit = await h.runtime.run(checkIn(staff, {
    worksite: "ws-xiyuan", expressCompany: "ec-sf", storageNo: "C-01", expressNo, weight, receiverPhone: "13800000001"
  }))
  if (!Exit.isSuccess(exit)) throw new Error("check-in failed")
  return exit.value.parcel
}
