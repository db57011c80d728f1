/** The door-delivery form's choices, and the order they make for the core (`quote`) and the server (`POST /api/paotuiOrder`). */
import { signal } from "@preact/signals-react"
import type { ActivityView, BuildingView } from "#src/errand/calls"
import type { SpecialGoodView } from "#src/errand/calls"
import { FEE_TIER_NAMES, type Activity, type FeeBuilding, type FeeTiers, type FeeWorksite, type GoodsClass, type SpecialGood } from "#src/errand/fee"
import type { CutoffWorksite, DoorServiceWorksite, ParcelSize } from "#src/errand/order-form"
import { quote, quoteFee, type QuoteInput } from "#src/errand/quote"

export const createDoorForm = () => ({
  goodsClass: signal<GoodsClass | null>(null),
  specialGoodId: signal<string | null>(null),
  buildingId: signal<string | null>(null),
  floor: signal<number | null>(null),
  dormRoom: signal(""),
  friendReceives: signal(false),
  friendName: signal(""),
  friendPhone: signal(""),
  sexLimit: signal<-1 | 1 | 2>(-1),
  remark: signal("")
})
export type DoorForm = ReturnType<typeof createDoorForm>

export const activityOf = (a: typeof ActivityView.Type | null): Activity | null =>
  a && { id: a._id, title: a.title, discount: a.discount, fee: a.fee, countDaily: a.countDaily, remark: a.remark }

/** What the form knows of the parcel and the worksite (`formInfo`). */
export interface FormView {
  readonly toTakeId: string
  readonly parcelSize: ParcelSize | null
  readonly worksiteId: string
  readonly schoolCode: string
  readonly fees: FeeTiers
  readonly specialGoods: ReadonlyArray<typeof SpecialGoodView.Type>
  readonly paotuiOrderLastTime: string | null
  readonly serviceEnd: string
  readonly noon: { readonly begin: string; readonly end: string }
  readonly pm: { readonly begin: string; readonly end: string }
}

const specialGoodOf = (g: typeof SpecialGoodView.Type): SpecialGood => ({ id: g._id, name: g.name, liftFee: g.liftFee, feeOne: g.feeOne, feeTwo: g.feeTwo })

/** The worksite as the core's fee, cut-off and window functions read it. */
export const formWorksite = (v: FormView): FeeWorksite & CutoffWorksite & DoorServiceWorksite => ({
  fees: v.fees,
  specialGoods: v.specialGoods.map(specialGoodOf),
  paotuiOrderLastTime: v.paotuiOrderLastTime,
  serviceEnd: v.serviceEnd,
  expressNoonDoorServiceBegin: v.noon.begin,
  expressNoonDoorServiceEnd: v.noon.end,
  expressPmDoorServiceBegin: v.pm.begin,
  expressPmDoorServiceEnd: v.pm.end
})

/** A building of the list as the core reads it: its own tiers (those set) and sub-categories. */
export const feeBuildingOf = (b: BuildingView): FeeBuilding => {
  const fees: Partial<Record<keyof FeeTiers, number>> = {}
  for (const name of FEE_TIER_NAMES) {
    const v = b[name]
    if (typeof v === "number") fees[name] = v
  }
  return { isLift: b.isLift, fees, specialGoods: b.specialGoods.map(specialGoodOf) }
}

export interface FormContext {
  readonly view: FormView
  readonly buildings: ReadonlyArray<BuildingView>
  readonly offer: { readonly canOrder: boolean; readonly data: typeof ActivityView.Type | null }
}

/** The core's input for the current choices: the same `quote` the server runs on the order. */
export const quoteInput = (f: DoorForm, ctx: FormContext, now: Date): QuoteInput => {
  const building = ctx.buildings.find((b) => b._id === f.buildingId.value)
  const activity = activityOf(ctx.offer.data)
  return {
    form: {
      goodsClass: f.goodsClass.value,
      specialGoodId: f.goodsClass.value === 3 ? f.specialGoodId.value : null,
      buildingId: f.buildingId.value,
      floor: f.floor.value,
      dormRoom: f.dormRoom.value,
      friendReceives: f.friendReceives.value,
      friendName: f.friendName.value,
      friendPhone: f.friendPhone.value,
      worksiteId: ctx.view.worksiteId,
      schoolCode: ctx.view.schoolCode,
      remark: f.remark.value
    },
    worksite: formWorksite(ctx.view),
    building: building && feeBuildingOf(building),
    parcelSize: ctx.view.parcelSize,
    activity,
    // the banner's answer says whether one more order fits today; the core reads it as a count
    activityOrdersToday: ctx.offer.canOrder ? 0 : activity?.countDaily ?? Number.POSITIVE_INFINITY,
    now
  }
}

export { quote, quoteFee }

export const placeInput = (f: DoorForm, ctx: FormContext) => ({
  type: 1,
  toTakeId: ctx.view.toTakeId,
  worksiteId: ctx.view.worksiteId,
  goodsType: f.goodsClass.value ?? undefined,
  specialGoodId: f.goodsClass.value === 3 ? f.specialGoodId.value ?? undefined : undefined,
  dormBuilding: f.buildingId.value ?? undefined,
  dormFloor: f.floor.value ?? undefined,
  dormRoom: f.dormRoom.value.trim(),
  friendReceives: f.friendReceives.value,
  proxyReceiver: f.friendReceives.value ? f.friendName.value.trim() : undefined,
  proxyReceiverPhone: f.friendReceives.value ? f.friendPhone.value.trim() : undefined,
  sexLimit: f.sexLimit.value,
  remark: f.remark.value
})
