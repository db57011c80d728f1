/**
 * The market form's fields as typed (`/circleEdit`), kept in signals so a refused submit loses nothing; what the core's
 * check reads (`MarketForm`) and what `add` and `edit` send are both made from them.
 */
import { signal } from "@preact/signals-react"
import type { ItemView } from "#src/circle/calls"
import { BizType, FeeType, isFeeType, isShow, Show, type BizType as BizTypeCode } from "#src/circle/codes"
import { isBookForm, type MarketForm } from "#src/circle/forms"
import { FREE } from "#src/circle/money"
import type { AddItemInput, Pic } from "../api/items"

export const createMarketForm = (bizType: BizTypeCode, goodsType: number | null, phone: string) => ({
  bizType,
  goodsType: signal<number | null>(bizType === BizType.skill ? null : goodsType),
  major: signal(""),
  grade: signal<number | null>(null),
  title: signal(""),
  sum: signal(""),
  level: signal<number | null>(null),
  pics: signal<ReadonlyArray<Pic>>([]),
  feeType: signal<FeeType>(FeeType.friendly),
  price: signal(""),
  cost: signal(""),
  phone: signal(phone),
  wxNo: signal(""),
  show: signal<Show>(Show.phone),
  remark: signal(""),
  demand: signal("")
})
export type MarketFormState = ReturnType<typeof createMarketForm>

/** An owner's item back in the form, to edit it. */
export const fillFromItem = (f: MarketFormState, item: ItemView) => {
  f.goodsType.value = item.bizType === BizType.skill ? null : item.goodsType
  f.major.value = item.major ?? ""
  f.grade.value = item.class
  f.title.value = item.title
  f.sum.value = String(item.sum)
  f.level.value = item.level
  f.pics.value = item.pics
  f.feeType.value = isFeeType(item.feeType) ? item.feeType : FeeType.friendly
  f.price.value = item.price === FREE ? "" : String(item.price)
  f.cost.value = item.cost === null ? "" : String(item.cost)
  f.phone.value = item.phone ?? ""
  f.wxNo.value = item.wxNo ?? ""
  f.show.value = isShow(item.show) ? item.show : Show.phone
  f.remark.value = item.remark
  f.demand.value = item.demand
}

export const isSell = (f: MarketFormState) => f.bizType === BizType.sell
export const isSkill = (f: MarketFormState) => f.bizType === BizType.skill
export const isBook = (f: MarketFormState) => isBookForm({ bizType: f.bizType, goodsType: f.goodsType.value })

/** The form as the core's check reads it. */
export const marketFormOf = (f: MarketFormState): MarketForm => ({
  bizType: f.bizType,
  goodsType: f.goodsType.value,
  major: f.major.value,
  class: f.grade.value,
  title: f.title.value,
  sum: f.sum.value,
  level: f.level.value,
  pics: f.pics.value,
  feeType: f.feeType.value,
  price: f.price.value,
  cost: f.cost.value,
  phone: f.phone.value,
  wxNo: f.wxNo.value,
  show: f.show.value,
  remark: f.remark.value,
  demand: f.demand.value
})

/** The fields `add` and `edit` send: what this kind of item has, the price −1 when free (spec §5). */
export const itemFields = (f: MarketFormState): Omit<AddItemInput, "worksite"> => {
  const book = isBook(f)
  const sell = isSell(f)
  const free = f.feeType.value === FeeType.free
  return {
    bizType: f.bizType,
    ...(f.goodsType.value === null ? {} : { goodsType: f.goodsType.value }),
    title: f.title.value.trim(),
    sum: isSkill(f) ? "-1" : f.sum.value.trim(),
    remark: f.remark.value.trim(),
    demand: f.demand.value.trim(),
    feeType: f.feeType.value,
    price: free ? String(FREE) : f.price.value.trim(),
    ...(sell && !free && f.cost.value.trim() !== "" ? { cost: f.cost.value.trim() } : {}),
    ...(sell && f.level.value !== null ? { level: f.level.value } : {}),
    ...(book ? { major: f.major.value, ...(f.grade.value === null ? {} : { class: f.grade.value }) } : {}),
    phone: f.phone.value.trim(),
    wxNo: f.wxNo.value.trim(),
    ...(isSkill(f) ? { show: f.show.value } : {}),
    pics: f.pics.value.map((p) => ({ _id: p._id, url: p.url }))
  }
}
