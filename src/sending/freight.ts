/**
 * Freight and insurance (DESIGN §6): the tariff (per worksite and carrier, by destination province: a first
 * kilogram and each further started kilogram), the insurance fee, where cash on delivery is allowed, the
 * runner's and the staff's freight entry checks, and the CSV a tariff is imported from. Money is fen,
 * weights are grams.
 */
import { firstRefusal, RuleViolation } from "../shared/errors"


export const messages = {
  autoFreightFailed: "自动计算运费失败，请手动输入。",
  companyRequired: "请选择快递公司",
  weightRequired: "请输入计费重量",
  freightRequired: "请输入运费",
  staffFreightRequired: "点击计费或手动输入运费",
  noPhotoConfirm: "确定不用上传照片？",
  onePhoto: "最多只能上传1张图片",
  freightTooHigh: "运费不能超过1000元",
  weightTooHigh: "计费重量不能超过100公斤",
  daofuCarrierOnly: "该快递公司不支持到付",
  daofuClosed: "本网点暂未开通到付",
  insureTooHigh: "保价金额不能超过1000元"
} as const

export const GRAMS_PER_KG = 1000
/** A billing weight above this is a typing error (grams). */
export const MAX_FREIGHT_WEIGHT = 100 * GRAMS_PER_KG
/** Freight above this is a typing error (fen). */
export const MAX_FREIGHT = 100_000

export interface TariffRow {
  readonly worksiteId: string
  /** The carrier's code (the freight call's expressCode). */
  readonly companyCode: string
  /** The destination province's division code. */
  readonly toProvinceCode: string
  readonly firstKg: number
  readonly extraKg: number
}

/** First kilogram, plus each further started kilogram: 1000 g → first; 1001 g → first + extra. */
export const freightFor = (row: Pick<TariffRow, "firstKg" | "extraKg">, grams: number): number =>
  row.firstKg + Math.max(0, Math.ceil((grams - GRAMS_PER_KG) / GRAMS_PER_KG)) * row.extraKg

export const isBillingWeight = (grams: number): boolean => Number.isInteger(grams) && grams > 0 && grams <= MAX_FREIGHT_WEIGHT

export interface FreightQuery {
  readonly worksiteId: string
  readonly companyCode: string
  readonly toProvinceCode: string
  readonly grams: number
}

/** `GET /api/expressFreight/freight`: the tariff's freight in fen, or the spec's refusal (the page then clears the field). */
export const quoteFreight = (tariff: ReadonlyArray<TariffRow>, q: FreightQuery): number | RuleViolation => {
  const row = tariff.find((r) => r.worksiteId === q.worksiteId && r.companyCode === q.companyCode && r.toProvinceCode === q.toProvinceCode)
  return row && isBillingWeight(q.grams) ? freightFor(row, q.grams) : new RuleViolation({ message: messages.autoFreightFailed })
}

/** One province's prices of a carrier, as the tariff has them (fen). */
export interface ProvincePrice {
  readonly provinceCode: string
  readonly provinceName: string
  readonly firstKg: number
  readonly extraKg: number
}

export interface CarrierPrices {
  readonly companyId: string
  readonly companyName: string
  readonly companyCode: string
  readonly provinces: ReadonlyArray<ProvincePrice>
}

/**
 * The 价格表: each carrier of the worksite (in its order) with the tariff's rows for it, by province code; a carrier
 * without any row is left out. The same rows `quoteFreight` reads, so the table and every quote agree.
 */
export const priceTable = (
  companies: ReadonlyArray<{ readonly id: string; readonly name: string; readonly code: string }>,
  tariff: ReadonlyArray<TariffRow>,
  provinceName: (code: string) => string | undefined
): ReadonlyArray<CarrierPrices> =>
  companies.flatMap((c) => {
    const provinces = tariff.filter((r) => r.companyCode === c.code)
      .sort((a, b) => a.toProvinceCode.localeCompare(b.toProvinceCode))
      .map((r) => ({ provinceCode: r.toProvinceCode, provinceName: provinceName(r.toProvinceCode) ?? r.toProvinceCode, firstKg: r.firstKg, extraKg: r.extraKg }))
    return provinces.length > 0 ? [{ companyId: c.id, companyName: c.name, companyCode: c.code, provinces }] : []
  })

/** The agreement's rate, in basis points of the declared value: 0.5 %. */
export const INSURANCE_RATE_BP = 50
export const INSURANCE_MIN_FEE = 100
/** The agreement's 1000 yuan: the most a declared value may be, and the most paid for an uninsured parcel. */
export const INSURANCE_CAP = 100_000

/** Declared value × rate, rounded up to the fen, at least 1 yuan; 0 with nothing declared. */
export const insuranceFee = (declared: number, rateBp: number = INSURANCE_RATE_BP): number =>
  declared <= 0 ? 0 : Math.max(INSURANCE_MIN_FEE, Math.ceil((declared * rateBp) / 10_000))

export const insuranceRefusal = (declared: number): RuleViolation | undefined =>
  declared > INSURANCE_CAP ? new RuleViolation({ message: messages.insureTooHigh }) : undefined

/** Cash on delivery: only the one configured carrier, only where the worksite allows it. */
export interface CashOnDeliveryPolicy {
  readonly carrierCode: string
}

export const cashOnDeliveryRefusal = (policy: CashOnDeliveryPolicy, worksite: { readonly daofuAble: boolean }, companyCode: string): RuleViolation | undefined =>
  firstRefusal([[worksite.daofuAble, messages.daofuClosed], [companyCode === policy.carrierCode, messages.daofuCarrierOnly]])


/** Whether the pay-mode switch is offered for this carrier at all. */
export const offersCashOnDelivery = (policy: CashOnDeliveryPolicy, worksite: { readonly daofuAble: boolean }, companyCode: string): boolean =>
  cashOnDeliveryRefusal(policy, worksite, companyCode) === undefined

/** What the sender pays for the freight (one trade, or what the page shows as due): the freight and the insurance fee. */
export const freightDue = (o: { readonly freight: number | null; readonly insureFreight: number }): number => (o.freight ?? 0) + o.insureFreight

export interface FreightEntry {
  readonly companyId?: string | undefined
  readonly grams?: number | undefined
  readonly freight?: number | undefined
  readonly isDaofu?: boolean | undefined
  readonly photos?: number | undefined
}

const missing = (n: number | undefined) => n === undefined || !Number.isFinite(n) || n <= 0

export type FreightSetter = "runner" | "staff"

/**
 * The freight entry's refusal, as the page and the server give it: the company first (cash on delivery needs
 * only it), then weight and freight ('点击计费或手动输入运费' for staff, who can quote), their bounds; a
 * runner adds one photo at most.
 */
export const freightEntryRefusal = (e: FreightEntry, by: FreightSetter): RuleViolation | undefined => {
  const paidAtDelivery = e.isDaofu === true
  return firstRefusal([
    [Boolean(e.companyId), messages.companyRequired],
    [paidAtDelivery || !missing(e.grams), messages.weightRequired],
    [paidAtDelivery || !missing(e.freight), by === "runner" ? messages.freightRequired : messages.staffFreightRequired],
    [paidAtDelivery || e.grams === undefined || isBillingWeight(e.grams), messages.weightTooHigh],
    [paidAtDelivery || e.freight === undefined || (Number.isInteger(e.freight) && e.freight <= MAX_FREIGHT), messages.freightTooHigh],
    [by !== "runner" || (e.photos ?? 0) <= 1, messages.onePhoto]
  ])
}

/** A runner's entry without a photo asks '确定不用上传照片？' before it is sent. */
export const noPhotoQuestion = (e: FreightEntry): string | undefined => ((e.photos ?? 0) === 0 ? messages.noPhotoConfirm : undefined)

/** Kilograms as typed ('2.3') to whole grams; undefined for an empty, non-numeric or non-positive entry. */
export const gramsOfKg = (text: string): number | undefined => {
  const kg = Number(text.trim())
  return text.trim() !== "" && Number.isFinite(kg) && kg > 0 ? Math.round(kg * GRAMS_PER_KG) : undefined
}

/** Yuan as typed ('12', '12.5', '12.50') to fen; undefined for anything else. */
export const fenOfYuan = (text: string): number | undefined => {
  const m = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!m) return undefined
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"))
}

export const TARIFF_HEADER = ["worksiteId", "companyCode", "toProvinceCode", "firstKg", "extraKg"] as const

export type TariffParse =
  | { readonly rows: ReadonlyArray<TariffRow> }
  | { readonly errors: ReadonlyArray<{ readonly line: number; readonly message: string }> }

/**
 * `station tariff import <csv>`: a header `worksiteId,companyCode,toProvinceCode,firstKg,extraKg`, then one
 * row a line with prices in yuan (two decimals at most). Blank lines and lines starting with # are skipped.
 * Every bad line is reported with its number; one (worksite, carrier, province) appears once.
 */
export const parseTariffCsv = (text: string): TariffParse => {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/)
  const errors: Array<{ line: number; message: string }> = []
  const rows: Array<TariffRow> = []
  const seen = new Map<string, number>()
  let headerSeen = false
  lines.forEach((raw, i) => {
    const line = i + 1
    const text = raw.trim()
    if (text === "" || text.startsWith("#")) return
    const cells = text.split(",").map((c) => c.trim())
    if (!headerSeen) {
      headerSeen = true
      if (cells.join(",") !== TARIFF_HEADER.join(",")) errors.push({ line, message: `表头应为 ${TARIFF_HEADER.join(",")}` })
      return
    }
    if (cells.length !== TARIFF_HEADER.length) return void errors.push({ line, message: `应有${TARIFF_HEADER.length}列，实有${cells.length}列` })
    const [worksiteId, companyCode, toProvinceCode, first, extra] = cells as [string, string, string, string, string]
    if (!worksiteId || !companyCode) return void errors.push({ line, message: "网点和快递公司不能为空" })
    if (!/^\d{2}$/.test(toProvinceCode)) return void errors.push({ line, message: `省份编码不正确：${toProvinceCode}` })
    const firstKg = fenOfYuan(first)
    const extraKg = fenOfYuan(extra)
    if (firstKg === undefined || firstKg === 0) return void errors.push({ line, message: `首重价格不正确：${first}` })
    if (extraKg === undefined) return void errors.push({ line, message: `续重价格不正确：${extra}` })
    const key = `${worksiteId}\u0000${companyCode}\u0000${toProvinceCode}`
    const earlier = seen.get(key)
    if (earlier !== undefined) return void errors.push({ line, message: `与第${earlier}行重复` })
    seen.set(key, line)
    rows.push({ worksiteId, companyCode, toProvinceCode, firstKg, extraKg })
  })
  if (!headerSeen) errors.push({ line: 1, message: "文件为空" })
  return errors.length > 0 ? { errors } : { rows }
}

/** The freight-set rule lives with the status table (it guards `setFreight`); here for whoever looks for it by freight. */
export { freightMayBeSet } from "./status-machine"
