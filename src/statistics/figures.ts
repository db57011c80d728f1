/**
 * The figures of a worksite's day (spec 001 §3 Statistics, issue 20), defined once: what each counts is written in
 * docs/statistics.md, its name on the wire is spec 001's, and whether the site admins see it (the new-user and
 * real-name counts are the head office's alone: null for anyone else, never 0). The store counts them from the
 * records; this module composes what the calls answer: the SMS cost, sums over days, the `/tongji` rows and the six
 * blocks of the daily report.
 */

/** Each figure: its name on the wire, its label, whether it is money (fen), and whether only the head office sees it. */
export const FIGURES = {
  checkedIn: { wire: "expessCount", label: "入库", money: false, headOffice: false },
  onShelf: { wire: "toSendCount", label: "日终在架", money: false, headOffice: false },
  overdue: { wire: "toSendDelayCount", label: "超过免费保管期", money: false, headOffice: false },
  handedOut: { wire: "sendedCount", label: "取件", money: false, headOffice: false },
  lockerOut: { wire: "lockerCount", label: "快递柜取件", money: false, headOffice: false },
  returned: { wire: "returnCount", label: "退回", money: false, headOffice: false },
  sendings: { wire: "takeinCount", label: "寄件", money: false, headOffice: false },
  sendingIncome: { wire: "takeinIncome", label: "寄件运费及保价", money: true, headOffice: false },
  doorDeliveries: { wire: "doorServiceTosendCount", label: "送货上门下单", money: false, headOffice: false },
  doorPickups: { wire: "doorServiceTakeinCount", label: "上门取件下单", money: false, headOffice: false },
  errandsPaid: { wire: "paotuiCount", label: "跑腿支付", money: false, headOffice: false },
  errandsCompleted: { wire: "paotuiBizCount", label: "跑腿完成", money: false, headOffice: false },
  errandIncome: { wire: "paotuiIncome", label: "跑腿留存金额", money: true, headOffice: false },
  newFollowers: { wire: "wxuserSubscribeCount", label: "新关注", money: false, headOffice: true },
  newBindings: { wire: "newBindCount", label: "新绑定", money: false, headOffice: true },
  verifications: { wire: "authVerifyCount", label: "实名认证通过", money: false, headOffice: true },
  runners: { wire: "paotuiVerifyCount", label: "跑腿员通过", money: false, headOffice: true },
  smsCount: { wire: "smsCount", label: "短信", money: false, headOffice: false },
  smsCost: { wire: "smsCost", label: "短信费用", money: true, headOffice: false }
} as const

export type FigureKey = keyof typeof FIGURES
export const FIGURE_KEYS = Object.keys(FIGURES) as ReadonlyArray<FigureKey>

/** The figures the records are counted for; the SMS cost follows from the SMS count. */
export type CountKey = Exclude<FigureKey, "smsCost">
export const COUNT_KEYS = FIGURE_KEYS.filter((k): k is CountKey => k !== "smsCost")

export type Counts = { readonly [K in CountKey]: number }
export type Figures = { readonly [K in FigureKey]: number }
/** Figures as a caller sees them: the head office's alone are null for anyone else. */
export type SeenFigures = { readonly [K in FigureKey]: number | null }

/** What one SMS of a worksite's parcel notices costs, in fen (configurable: SMS_UNIT_COST_FEN). */
export const DEFAULT_SMS_UNIT_COST_FEN = 4

export const zeroCounts: Counts = Object.fromEntries(COUNT_KEYS.map((k) => [k, 0])) as unknown as Counts
export const zeroFigures: Figures = { ...zeroCounts, smsCost: 0 }

/** A day's figures from its counts: the SMS cost is the SMS sent times the unit cost. */
export const figuresOf = (counts: Partial<Counts>, smsUnitCostFen: number): Figures => {
  const all = { ...zeroCounts, ...counts }
  return { ...all, smsCost: all.smsCount * smsUnitCostFen }
}

/** Several days' figures added up. */
export const sumFigures = (days: ReadonlyArray<Figures>): Figures =>
  Object.fromEntries(FIGURE_KEYS.map((k) => [k, days.reduce((sum, f) => sum + f[k], 0)])) as unknown as Figures

/** The figures as the caller sees them: with `headOffice` false, the head office's alone are null. */
export const seenFigures = (figures: Figures, headOffice: boolean): SeenFigures =>
  Object.fromEntries(FIGURE_KEYS.map((k) => [k, FIGURES[k].headOffice && !headOffice ? null : figures[k]])) as unknown as SeenFigures

/** Parcels taken away, at the counter and from a locker (the spec's "takeaway", `liveOrderCount`). */
export const takenAway = (f: Pick<Figures, "handedOut" | "lockerOut">): number => f.handedOut + f.lockerOut

/** A worksite as the statistics name it. */
export interface StatisticsSite {
  readonly id: string
  readonly name: string
  readonly siteCode: string
  readonly fullName: string
}

/** Who is bound to a worksite now: its users, and those of them who no longer follow the official account. */
export interface Population {
  readonly bound: number
  readonly unsubscribed: number
}

/** A `/tongji` row (spec 002 §3), its names as the spec spells them. */
export interface TongjiRow {
  readonly _id: string
  readonly name: string
  readonly bindCount: number
  readonly newBindCount: number | null
  readonly unSubscribeCount: number
  readonly liveOrderCount: number
  readonly expessCount: number
  readonly smsCount: number
  readonly paotuiCount: number
}

/** One worksite's row over a range of days: the range's sums, and who is bound now. */
export const tongjiRow = (site: StatisticsSite, population: Population, range: Figures, headOffice: boolean): TongjiRow => ({
  _id: site.id,
  name: site.name,
  bindCount: population.bound,
  newBindCount: headOffice ? range.newBindings : null,
  unSubscribeCount: population.unsubscribed,
  liveOrderCount: takenAway(range),
  expessCount: range.checkedIn,
  smsCount: range.smsCount,
  paotuiCount: range.errandsPaid
})

/** The daily report's types (spec 001 §9: 1 takeaway volume … 6 SMS volume): each line's count and money, per worksite. */
export const DAILY_TYPES = [
  { type: 1, name: "取件量", count: (f: SeenFigures) => f.handedOut, money: () => null },
  { type: 2, name: "包裹量", count: (f: SeenFigures) => f.checkedIn, money: () => null },
  { type: 3, name: "快递柜取件量", count: (f: SeenFigures) => f.lockerOut, money: () => null },
  { type: 4, name: "跑腿量", count: (f: SeenFigures) => f.errandsCompleted, money: (f: SeenFigures) => f.errandIncome },
  { type: 5, name: "绑定量", count: (f: SeenFigures) => f.newBindings, money: () => null },
  { type: 6, name: "短信量", count: (f: SeenFigures) => f.smsCount, money: (f: SeenFigures) => f.smsCost }
] as const

export type DailyType = (typeof DAILY_TYPES)[number]["type"]

/** A line of a daily block: a worksite's figure that day, and what it links to (its record, or the worksite for today's live figures). */
export interface DailyLine {
  readonly name: string
  readonly count: number | null
  readonly money: number | null
  readonly worksite: string
  readonly _id: string | null
}

export interface DailyBlock {
  readonly type: DailyType
  readonly name: string
  readonly detail: ReadonlyArray<DailyLine>
}

/** One worksite's day in the daily report: its figures as the caller sees them, and the record a line links to. */
export interface SiteDay {
  readonly site: StatisticsSite
  readonly figures: SeenFigures
  readonly link: string | null
}

/** The six blocks of a day, each with a line per worksite, in the sites' order. */
export const dailyBlocks = (days: ReadonlyArray<SiteDay>): ReadonlyArray<DailyBlock> =>
  DAILY_TYPES.map((t) => ({
    type: t.type,
    name: t.name,
    detail: days.map((d) => ({ name: d.site.name, count: t.count(d.figures), money: t.money(d.figures), worksite: d.site.id, _id: d.link }))
  }))
