/** Resident ID numbers: the 18-character form with its ISO 7064 MOD 11-2 check character, and the legacy 15-digit form. */
import { firstRefusal, type RuleViolation } from "../shared/errors"
import { shanghaiDate } from "../shared/time"

export const ID_CARD_NO_MAX_LENGTH = 18

export const messages = {
  required: "身份证号码不能为空",
  invalid: "身份证号码不正确"
} as const

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const
const CHECK_CHARS = "10X98765432"

/** Province-level prefixes in use, with Hong Kong, Macao and Taiwan residence permits (81, 82, 83). */
const PROVINCE_PREFIXES = new Set([
  "11", "12", "13", "14", "15", "21", "22", "23", "31", "32", "33", "34", "35", "36", "37",
  "41", "42", "43", "44", "45", "46", "50", "51", "52", "53", "54", "61", "62", "63", "64", "65",
  "71", "81", "82", "83"
])

/** What the input box keeps: at most 18 characters, a lower-case x read as X. */
export const normalizeIdCardNo = (raw: string): string => raw.trim().toUpperCase()

export const capIdCardNoInput = (typed: string): string => typed.slice(0, ID_CARD_NO_MAX_LENGTH)

/** The 18th character for the first 17 digits; anything but 17 digits is a programming error. */
export const checkDigit = (first17: string): string => {
  if (!/^\d{17}$/.test(first17)) throw new RangeError(`checkDigit needs 17 digits, got ${JSON.stringify(first17)}`)
  const sum = WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(first17[i]), 0)
  return CHECK_CHARS[sum % 11] as string
}

export interface BirthDate {
  readonly year: number
  readonly month: number
  readonly day: number
}

const calendarDate = (year: number, month: number, day: number): BirthDate | undefined => {
  const d = new Date(Date.UTC(year, month - 1, day))
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? { year, month, day } : undefined
}

const isoDate = (b: BirthDate) =>
  `${String(b.year).padStart(4, "0")}-${String(b.month).padStart(2, "0")}-${String(b.day).padStart(2, "0")}`

/** The birth date the number carries, when it is a real calendar date (15-digit numbers are of the 1900s). */
export const birthDateOf = (idCardNo: string): BirthDate | undefined => {
  const no = normalizeIdCardNo(idCardNo)
  if (/^\d{17}[\dX]$/.test(no)) return calendarDate(Number(no.slice(6, 10)), Number(no.slice(10, 12)), Number(no.slice(12, 14)))
  if (/^\d{15}$/.test(no)) return calendarDate(1900 + Number(no.slice(6, 8)), Number(no.slice(8, 10)), Number(no.slice(10, 12)))
  return undefined
}

const hasValidBirthDate = (no: string, now: Date): boolean => {
  const birth = birthDateOf(no)
  return birth !== undefined && birth.year >= 1800 && isoDate(birth) <= shanghaiDate(now)
}

const hasValidForm = (no: string): boolean =>
  PROVINCE_PREFIXES.has(no.slice(0, 2)) &&
  (/^\d{15}$/.test(no) || (/^\d{17}[\dX]$/.test(no) && checkDigit(no.slice(0, 17)) === no[17]))

/** The spec's two messages: empty, then anything that is not a valid 15- or 18-character number born by today. */
export const idCardNoRefusal = (raw: string | undefined, now: Date): RuleViolation | undefined => {
  const no = normalizeIdCardNo(raw ?? "")
  return firstRefusal([
    [no !== "", messages.required],
    [(no.length === 15 || no.length === 18) && hasValidForm(no) && hasValidBirthDate(no, now), messages.invalid]
  ])
}

export const isValidIdCardNo = (raw: string, now: Date): boolean => raw.trim() !== "" && idCardNoRefusal(raw, now) === undefined

/** The odd/even sequence digit: 1 male, 2 female (the user's sex codes). */
export const sexOfIdCardNo = (idCardNo: string): 1 | 2 | undefined => {
  const no = normalizeIdCardNo(idCardNo)
  const digit = no.length === 18 ? no[16] : no.length === 15 ? no[14] : undefined
  if (digit === undefined || !/\d/.test(digit)) return undefined
  return Number(digit) % 2 === 1 ? 1 : 2
}

/** The 18-character form of a legacy 15-digit number: century 19 inserted and the check character added. */
export const toEighteen = (fifteen: string): string => {
  const first17 = `${fifteen.slice(0, 6)}19${fifteen.slice(6)}`
  return first17 + checkDigit(first17)
}
