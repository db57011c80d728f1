/**
 * The door-delivery order form (`/doorService`, spec 001 §2, §5 "Errand submit", §9): its choices, its
 * checks in the spec's order with the spec's words, the delivery cut-off and the door-service windows,
 * all on Asia/Shanghai time.
 */
import { firstRefusal, type RuleViolation } from "../shared/errors"
import { minutes, startOfShanghaiDay } from "../shared/time"
import type { ParcelSize } from "../parcel/size"
import { MAX_FLOOR, MIN_FLOOR, isFloor, type GoodsClass } from "./fee"

export type { ParcelSize } from "../parcel/size"

/** A class smaller than the parcel is disabled; an extra-large parcel can only go as a large item. */
export const goodsClassEnabled = (parcelSize: ParcelSize | null | undefined, goodsClass: GoodsClass): boolean =>
  goodsClass >= Math.min(3, parcelSize ?? 1)

export const goodsClassName: Record<GoodsClass, string> = { 1: "小件", 2: "中件", 3: "大件" }

/** The floor picker: −1..30 without 0, each shown 'N楼'. */
export const floorOptions: ReadonlyArray<{ readonly value: number; readonly label: string }> = Array.from(
  { length: MAX_FLOOR - MIN_FLOOR + 1 },
  (_, i) => MIN_FLOOR + i
)
  .filter((f) => f !== 0)
  .map((f) => ({ value: f, label: `${f}楼` }))

export const REMARK_MAX = 50

/** Characters as the user counts them (an emoji is one). */
export const charCount = (text: string): number => [...text].length

/** A text counter: `12/50`, red beyond the limit (the remark's, the runner's cancel reason's). */
export const counter = (text: string, max: number) => {
  const count = charCount(text)
  return { text: `${count}/${max}`, over: count > max }
}

export const remarkCounter = (remark: string) => counter(remark, REMARK_MAX)

export const Messages = {
  goodsClass: "请选择物品类别",
  largeCategory: "请选择大件分类",
  building: "请选择大楼",
  floor: "请选择楼层",
  dormRoom: "请填入宿舍号码",
  friendName: "请输入代收朋友的姓名",
  friendPhone: "请输入代收朋友的正确电话",
  fee: "赏金不能为空",
  worksite: "获取网点信息失败",
  remark: `备注不能超过${REMARK_MAX}个字`
} as const

export interface ErrandForm {
  readonly goodsClass: GoodsClass | null
  readonly specialGoodId: string | null
  readonly buildingId: string | null
  readonly floor: number | null
  readonly dormRoom: string
  readonly friendReceives: boolean
  readonly friendName: string
  readonly friendPhone: string
  /** The fee the core computed for these choices (before any discount), in fen. */
  readonly fee: number | null | undefined
  readonly worksiteId: string | null
  readonly schoolCode: string | null
  readonly remark: string
}

const filled = (s: string | null | undefined): boolean => typeof s === "string" && s.trim() !== ""

/**
 * The refusal of the first failed check of an errand order, in the spec's order, or undefined when it may be submitted.
 * The parcel's size disables smaller classes, so such a class counts as not chosen.
 */
export const errandFormRefusal = (form: ErrandForm, parcelSize?: ParcelSize | null): RuleViolation | undefined =>

  firstRefusal([
    [form.goodsClass !== null && goodsClassEnabled(parcelSize, form.goodsClass), Messages.goodsClass],
    [form.goodsClass !== 3 || filled(form.specialGoodId), Messages.largeCategory],
    [filled(form.buildingId), Messages.building],
    [form.floor !== null && isFloor(form.floor), Messages.floor],
    [filled(form.dormRoom), Messages.dormRoom],
    [!form.friendReceives || filled(form.friendName), Messages.friendName],
    [!form.friendReceives || /^\d{11}$/.test(form.friendPhone.trim()), Messages.friendPhone],
    [typeof form.fee === "number" && Number.isInteger(form.fee) && form.fee > 0, Messages.fee],
    [filled(form.worksiteId) && filled(form.schoolCode), Messages.worksite],
    [charCount(form.remark) <= REMARK_MAX, Messages.remark]
  ])

/** `HH:mm` → minutes since midnight, or undefined for anything else. */
export const minutesOf = (hhmm: string | null | undefined): number | undefined => {
  const m = /^(\d{1,2}):(\d{2})$/.exec((hhmm ?? "").trim())
  if (!m) return undefined
  const total = Number(m[1]) * 60 + Number(m[2])
  return Number(m[2]) < 60 && total <= 24 * 60 ? total : undefined
}

export const hhmm = (mins: number): string => {
  const m = ((mins % (24 * 60)) + 24 * 60) % (24 * 60)
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`
}

/** Minutes since midnight in Asia/Shanghai. */
export const shanghaiMinutes = (at: Date): number => Math.floor((at.getTime() - startOfShanghaiDay(at).getTime()) / 60_000)

export interface CutoffWorksite {
  readonly paotuiOrderLastTime?: string | null | undefined
  readonly serviceEnd: string
}

/** The day's last time to order delivery: paotuiOrderLastTime, else 30 minutes before serviceEnd (minutes since midnight). */
export const cutoffMinutes = (w: CutoffWorksite): number | undefined => {
  const last = minutesOf(w.paotuiOrderLastTime)
  if (last !== undefined) return last
  const end = minutesOf(w.serviceEnd)
  return end === undefined ? undefined : Math.max(0, end - 30)
}

export const cutoffMessage = (cutoff: string) => `今日跑腿下单已于${cutoff}截止，请预约明天的送货上门服务`

/** Whether delivery can still be ordered today; past the cut-off, the message with the cut-off as HH:mm. */
export const deliveryCutoff = (w: CutoffWorksite, now: Date): { readonly open: true } | { readonly open: false; readonly cutoff: string; readonly message: string } => {
  const cutoff = cutoffMinutes(w)
  if (cutoff === undefined || shanghaiMinutes(now) < cutoff) return { open: true }
  return { open: false, cutoff: hhmm(cutoff), message: cutoffMessage(hhmm(cutoff)) }
}

export interface DoorServiceWorksite {
  readonly expressNoonDoorServiceBegin?: string | null | undefined
  readonly expressNoonDoorServiceEnd?: string | null | undefined
  readonly expressPmDoorServiceBegin?: string | null | undefined
  readonly expressPmDoorServiceEnd?: string | null | undefined
}

export interface Window {
  readonly begin: string
  readonly end: string
}

export const DEFAULT_NOON_WINDOW: Window = { begin: "12:00", end: "14:00" }
export const DEFAULT_PM_WINDOW: Window = { begin: "19:00", end: "23:00" }

const windowOr = (begin: string | null | undefined, end: string | null | undefined, fallback: Window): Window => {
  const b = minutesOf(begin)
  const e = minutesOf(end)
  return b !== undefined && e !== undefined && b < e ? { begin: hhmm(b), end: e === 24 * 60 ? "24:00" : hhmm(e) } : fallback
}

/** The noon and evening door-service windows: the worksite's where both ends are valid times in order, else 12–14 and 19–23. */
export const doorServiceWindows = (w: DoorServiceWorksite): { readonly noon: Window; readonly pm: Window } => ({
  noon: windowOr(w.expressNoonDoorServiceBegin, w.expressNoonDoorServiceEnd, DEFAULT_NOON_WINDOW),
  pm: windowOr(w.expressPmDoorServiceBegin, w.expressPmDoorServiceEnd, DEFAULT_PM_WINDOW)
})

/** Whether the moment falls in a door-service window (begin inclusive, end exclusive, Asia/Shanghai). */
export const inDoorService = (w: DoorServiceWorksite, at: Date): boolean => {
  const { noon, pm } = doorServiceWindows(w)
  const now = shanghaiMinutes(at)
  return [noon, pm].some((win) => now >= minutesOf(win.begin)! && now < minutesOf(win.end)!)
}

/** An errand's required arrival time: the end of today's evening door-service window (spec §9). */
export const errandRequireArriveTime = (w: DoorServiceWorksite, now: Date): Date =>
  new Date(startOfShanghaiDay(now).getTime() + minutes(minutesOf(doorServiceWindows(w).pm.end)!))
