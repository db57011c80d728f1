/**
 * The booking form's draft as typed (text fields, yuan), and its translation into the core's
 * `BookingFields` (fen, grams, the chosen addresses): the page checks that with the same `bookingRefusal`
 * the server runs, so the first failing check and its message are the server's.
 */
import type { BookingContact, BookingFields } from "#src/sending/booking"
import { fenOfYuan, gramsOfKg, insuranceFee } from "#src/sending/freight"

export interface BookingDraft {
  readonly companyId: string
  readonly senderId: string
  readonly receiverId: string
  readonly goodsName: string
  readonly goodsCount: string
  /** Kilograms as typed (optional). */
  readonly estimateKg: string
  /** Declared value in yuan as typed (optional). */
  readonly insureYuan: string
  readonly isDaofu: boolean
  readonly remark: string
  readonly door: boolean
  readonly goodsType: number | undefined
  readonly largeCategory: string
  readonly dormBuilding: string
  readonly dormFloor: number | undefined
  readonly dormRoom: string
  readonly rewardYuan: string
  readonly paotuiRemark: string
  readonly requireArriveTime: Date | undefined
  readonly sexLimit: -1 | 1 | 2
}

export const emptyDraft: BookingDraft = {
  companyId: "", senderId: "", receiverId: "", goodsName: "", goodsCount: "1", estimateKg: "", insureYuan: "", isDaofu: false,
  remark: "", door: false, goodsType: undefined, largeCategory: "", dormBuilding: "", dormFloor: undefined, dormRoom: "",
  rewardYuan: "", paotuiRemark: "", requireArriveTime: undefined, sexLimit: -1
}

export interface AddressLike extends BookingContact {
  readonly _id: string
}

/** Whole numbers as typed; anything else a value the core refuses (NaN). */
const whole = (text: string): number => (/^\s*-?\d+\s*$/.test(text) ? Number(text.trim()) : Number.NaN)

/** Optional money in yuan: empty → not given; unreadable → -1 (refused by the core's '> 0' check). */
const optionalFen = (text: string): number | undefined => (text.trim() === "" ? undefined : fenOfYuan(text) ?? -1)

const contactOf = (list: ReadonlyArray<AddressLike>, id: string): BookingContact | undefined => {
  const a = list.find((x) => x._id === id)
  return a && {
    name: a.name, phone: a.phone, province: a.province, city: a.city, county: a.county,
    provinceName: a.provinceName, cityName: a.cityName, countyName: a.countyName, detail: a.detail
  }
}

export const bookingFields = (d: BookingDraft, addresses: ReadonlyArray<AddressLike>): BookingFields => ({
  companyId: d.companyId,
  sender: contactOf(addresses, d.senderId),
  receiver: contactOf(addresses, d.receiverId),
  goodsName: d.goodsName,
  goodsCount: d.goodsCount.trim() === "" ? Number.NaN : whole(d.goodsCount),
  estimateWeight: gramsOfKg(d.estimateKg),
  insureMoney: optionalFen(d.insureYuan),
  isDaofu: d.isDaofu,
  remark: d.remark,
  requiredDoorService: d.door,
  ...(d.door
    ? {
        goodsType: d.goodsType,
        largeCategory: d.largeCategory,
        dormBuilding: d.dormBuilding,
        dormFloor: d.dormFloor,
        dormRoom: d.dormRoom,
        fee: d.rewardYuan.trim() === "" ? undefined : fenOfYuan(d.rewardYuan) ?? 0,
        paotuiRemark: d.paotuiRemark,
        requireArriveTime: d.requireArriveTime,
        sexLimit: d.sexLimit
      }
    : {})
})

/** The insurance fee the page shows under the declared value (fen), per the core; 0 with nothing (valid) declared. */
export const shownInsuranceFee = (d: BookingDraft): number => {
  const declared = optionalFen(d.insureYuan)
  return declared === undefined || declared <= 0 ? 0 : insuranceFee(declared)
}
