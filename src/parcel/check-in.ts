/** Check-in of a parcel at a station: the scan rule and the six checks in the spec's order. */
import { firstRefusal, type RuleViolation } from "../shared/errors"
import { PHONE_LENGTH } from "../shared/phone-number"

export const messages = {
  company: "请选择快递公司",
  shelf: "请扫描货架编号",
  expressNo: "请扫描快递单号",
  weight: "请选择大概重量",
  phoneMissing: "收件电话为空",
  phoneWrong: "请检查收件电话是否正确",
  failed: "入库失败",
  duplicate: "该快递单号已在本站入库，请勿重复入库",
  companyNotServed: "本站点不收该快递公司的快递",
  weightUnknown: "请选择大概重量",
  shelvesFull: "本站取件码已用完，请先处理待取快递",
  noMatch: "暂无匹配的用户，请手动输入收件人电话或按照规定操作。",
  completed: "入库成功"
} as const

export const SHORT_PHONE_LENGTH = 4

/** A scanned string holding a comma keeps only what follows the first comma. */
export const scanned = (raw: string): string => {
  const comma = raw.indexOf(",")
  return (comma === -1 ? raw : raw.slice(comma + 1)).trim()
}

export interface CheckInFields {
  readonly expressCompany?: string | undefined
  readonly storageNo?: string | undefined
  readonly expressNo?: string | undefined
  readonly weight?: string | undefined
  readonly receiverPhone?: string | undefined
}

const present = (s: string | undefined): s is string => s !== undefined && s.trim() !== ""

/** The first failing check's message, or undefined when the form may be sent. */
export const checkInRefusal = (f: CheckInFields): RuleViolation | undefined =>
  firstRefusal([
    [present(f.expressCompany), messages.company],
    [present(f.storageNo), messages.shelf],
    [present(f.expressNo), messages.expressNo],
    [present(f.weight), messages.weight],
    [present(f.receiverPhone), messages.phoneMissing],
    [/^\d{11}$/.test(f.receiverPhone ?? ""), messages.phoneWrong]
  ])

/** Keypad entry of the receiver phone: the short form holds 4 digits, a fifth restarts it. */
export const typeShortDigit = (current: string, digit: string): string =>
  current.length >= SHORT_PHONE_LENGTH ? digit : current + digit

export const typeFullDigit = (current: string, digit: string): string =>
  current.length >= PHONE_LENGTH ? current : current + digit
