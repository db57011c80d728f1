/**
 * Booking a sending (`POST /api/expressTakein`): who may book (the worksite's sending switch and the
 * real-name gate), every check of spec 001 §5 "Book sending" in the spec's order, and the new order it
 * makes, with its insurance fee and, for a door pickup, the type-2 errand's fields.
 */
import type { Address } from "../address/address"
import { firstRefusal, RuleViolation } from "../shared/errors"
import { senderVerificationRefusal, type AuthStatus } from "../profile/verification"
import type { SexLimit } from "../errand/grab"
import { bookingTimeRefusal } from "./booking-time"
import { cashOnDeliveryRefusal, insuranceFee, insuranceRefusal, messages as freightMessages, type CashOnDeliveryPolicy } from "./freight"
import { initialSendStatus, type SendStatus } from "./status-machine"

export const GOODS_NAME_MAX = 12
export const NOTE_MAX = 20
/** Beyond the spec: a goods count or a reward this large is a typing error (and would not fit the store). */
export const GOODS_COUNT_MAX = 99
/** The door-pickup reward's most, fen (100 yuan). */
export const REWARD_MAX = 10_000
/** A guessed weight above this (grams, 100 kg) is dropped, as is one that is not a whole positive number. */
export const ESTIMATE_WEIGHT_MAX = 100_000

export const messages = {
  companyRequired: "请选择快递公司",
  senderRequired: "寄件人不能为空，请联系客服",
  receiverRequired: "请选择收件人",
  goodsNameRequired: "物品名称不能为空",
  goodsNameTooLong: `物品名称不能超过${GOODS_NAME_MAX}个字`,
  goodsCount: "物品数量必须>=1",
  goodsCountTooHigh: `物品数量不能超过${GOODS_COUNT_MAX}`,
  insureMoney: "保价金额必须>0",
  goodsTypeRequired: "请选择物品类别",
  largeCategoryRequired: "请选择大件分类",
  buildingRequired: "请选择大楼",
  floorRequired: "请选择楼层",
  roomRequired: "请填入宿舍号码",
  rewardRequired: "赏金不能为空",
  rewardTooHigh: `赏金不能超过${REWARD_MAX / 100}元`,
  noteTooLong: `备注不能超过${NOTE_MAX}个字`,
  senderNotVerified: "用户还没通过实名认证",
  notOpen: "本网点暂未开通寄件业务",
  booked: "提交成功",
  bookFailed: "提交失败",
  errandFailed: "生成跑腿单失败"
} as const

/** An address-book entry as the order keeps it. */
export type BookingContact = Pick<Address, "name" | "phone" | "province" | "city" | "county" | "provinceName" | "cityName" | "countyName" | "detail">

export const GoodsType = { small: 1, medium: 2, large: 3 } as const
export type GoodsType = (typeof GoodsType)[keyof typeof GoodsType]

export interface BookingFields {
  readonly companyId?: string | undefined
  readonly sender?: BookingContact | undefined
  readonly receiver?: BookingContact | undefined
  readonly goodsName?: string | undefined
  readonly goodsCount?: number | undefined
  /** Grams, as the sender guesses it. */
  readonly estimateWeight?: number | undefined
  /** Declared value, fen. */
  readonly insureMoney?: number | undefined
  readonly isDaofu?: boolean | undefined
  readonly remark?: string | undefined
  readonly requiredDoorService?: boolean | undefined
  readonly paotuiRemark?: string | undefined
  readonly goodsType?: number | undefined
  /** The large item's category (a special good's id; 'other' is -1). */
  readonly largeCategory?: string | undefined
  readonly dormBuilding?: string | undefined
  readonly dormFloor?: number | undefined
  readonly dormRoom?: string | undefined
  readonly requireArriveTime?: Date | undefined
  readonly sexLimit?: number | undefined
  /** The runner's reward, fen. */
  readonly fee?: number | undefined
}

/** What booking needs to know of the worksite. */
export interface BookingWorksite {
  readonly jijianAble: boolean
  readonly daofuAble: boolean
  /** The carriers offered for sending (expressSendCompanies): id and code. */
  readonly sendCompanies: ReadonlyArray<{ readonly id: string; readonly code: string }>
}

export type SendingGate = { readonly open: true } | { readonly open: false; readonly message: string; readonly redirect?: string }

/** /authApply/0/expressTotakein/{token}: real-name verification for sending, then back to booking. */
export const verificationRedirect = (token: string): string => `/authApply/0/expressTotakein/${encodeURIComponent(token)}`

/** Sending must be open at the worksite ('not yet open' otherwise), and the sender verified or under review. */
export const sendingGate = (worksite: Pick<BookingWorksite, "jijianAble">, user: { readonly authStatus: AuthStatus }, token: string): SendingGate => {
  if (!worksite.jijianAble) return { open: false, message: messages.notOpen }
  const unverified = senderVerificationRefusal(user.authStatus)
  return unverified ? { open: false, message: unverified.message, redirect: verificationRedirect(token) } : { open: true }
}

const text = (s: string | undefined) => (s ?? "").trim()
const length = (s: string | undefined) => Array.from(text(s)).length
const isContact = (c: BookingContact | undefined) => c !== undefined && text(c.name) !== "" && text(c.phone) !== ""

/** Floors -1 to 30, without 0 (§9). */
export const isFloor = (n: number | undefined): n is number => n !== undefined && Number.isInteger(n) && n >= -1 && n <= 30 && n !== 0
const isGoodsType = (n: number | undefined): n is GoodsType => n === 1 || n === 2 || n === 3
const isPositiveWhole = (n: number | undefined): n is number => n !== undefined && Number.isInteger(n) && n > 0

/** The form's checks in the spec's order; the door-pickup ones only with door pickup. */
export const bookingRefusal = (f: BookingFields, worksite: BookingWorksite, now: Date): RuleViolation | undefined =>
  firstRefusal([
    [worksite.sendCompanies.some((c) => c.id === text(f.companyId)), messages.companyRequired],
    [isContact(f.sender), messages.senderRequired],
    [isContact(f.receiver), messages.receiverRequired],
    [text(f.goodsName) !== "", messages.goodsNameRequired],
    [length(f.goodsName) <= GOODS_NAME_MAX, messages.goodsNameTooLong],
    [isPositiveWhole(f.goodsCount ?? 1), messages.goodsCount],
    [(f.goodsCount ?? 1) <= GOODS_COUNT_MAX, messages.goodsCountTooHigh],
    [f.insureMoney === undefined || isPositiveWhole(f.insureMoney), messages.insureMoney],
    [f.insureMoney === undefined || insuranceRefusal(f.insureMoney) === undefined, freightMessages.insureTooHigh],
    [length(f.remark) <= NOTE_MAX, messages.noteTooLong]
  ]) ??
  (f.requiredDoorService ? doorPickupRefusal(f, now) : undefined)

const doorPickupRefusal = (f: BookingFields, now: Date): RuleViolation | undefined =>
  firstRefusal([
    [isGoodsType(f.goodsType), messages.goodsTypeRequired],
    [f.goodsType !== GoodsType.large || text(f.largeCategory) !== "", messages.largeCategoryRequired],
    [text(f.dormBuilding) !== "", messages.buildingRequired],
    [isFloor(f.dormFloor), messages.floorRequired],
    [text(f.dormRoom) !== "", messages.roomRequired],
    [isPositiveWhole(f.fee), messages.rewardRequired],
    [(f.fee ?? 0) <= REWARD_MAX, messages.rewardTooHigh],
    [length(f.paotuiRemark) <= NOTE_MAX, messages.noteTooLong]
  ]) ?? bookingTimeRefusal(f.requireArriveTime, now)

/** Note counters: 'n/20', red once over. */
export const noteCounter = (note: string | undefined): { readonly label: string; readonly over: boolean } => {
  const n = Array.from(note ?? "").length
  return { label: `${n}/${NOTE_MAX}`, over: n > NOTE_MAX }
}

export interface DoorPickup {
  readonly goodsType: GoodsType
  readonly largeCategory: string | null
  readonly dormBuilding: string
  readonly dormFloor: number
  readonly dormRoom: string
  readonly requireArriveTime: Date
  /** -1 anyone, 1 men only, 2 women only. */
  readonly sexLimit: SexLimit
  readonly reward: number
  readonly note: string
}

export interface NewSending {
  readonly status: SendStatus
  readonly companyId: string
  readonly companyCode: string
  readonly sender: BookingContact
  readonly receiver: BookingContact
  readonly goodsName: string
  readonly goodsCount: number
  readonly estimateWeight: number | null
  readonly insureMoney: number
  readonly insureFreight: number
  readonly isDaofu: boolean
  readonly remark: string
  /** The type-2 errand to create beside the order, for a door pickup. */
  readonly doorPickup: DoorPickup | null
}

const sexLimitOf = (n: number | undefined): SexLimit => (n === 1 || n === 2 ? n : -1)

/** The server's decision on a booking: the checks, cash on delivery's policy, then the order to store. */
export const newSending = (f: BookingFields, worksite: BookingWorksite, cod: CashOnDeliveryPolicy, now: Date): NewSending | RuleViolation => {
  const refused = bookingRefusal(f, worksite, now)
  if (refused) return refused
  const company = worksite.sendCompanies.find((c) => c.id === text(f.companyId))!
  const daofu = f.isDaofu ? cashOnDeliveryRefusal(cod, worksite, company.code) : undefined
  if (daofu) return daofu

  const door = f.requiredDoorService === true
  const insureMoney = f.insureMoney ?? 0
  return {
    status: initialSendStatus(door),
    companyId: company.id,
    companyCode: company.code,
    sender: f.sender!,
    receiver: f.receiver!,
    goodsName: text(f.goodsName),
    goodsCount: f.goodsCount ?? 1,
    estimateWeight: isPositiveWhole(f.estimateWeight) && f.estimateWeight <= ESTIMATE_WEIGHT_MAX ? f.estimateWeight : null,
    insureMoney,
    insureFreight: insuranceFee(insureMoney),
    isDaofu: f.isDaofu === true,
    remark: text(f.remark),
    doorPickup: door
      ? {
          goodsType: f.goodsType as GoodsType,
          largeCategory: f.goodsType === GoodsType.large ? text(f.largeCategory) : null,
          dormBuilding: text(f.dormBuilding),
          dormFloor: f.dormFloor!,
          dormRoom: text(f.dormRoom),
          requireArriveTime: f.requireArriveTime!,
          sexLimit: sexLimitOf(f.sexLimit),
          reward: f.fee!,
          note: text(f.paotuiRemark)
        }
      : null
  }
}

/** The 'price table' tab: the worksite's charge-standard picture, or 'no data'. */
export const priceTable = (yunfeiPic: string | null | undefined): { readonly picture: string } | { readonly empty: string } =>
  yunfeiPic && yunfeiPic.trim() !== "" ? { picture: yunfeiPic.trim() } : { empty: "暂无数据" }
