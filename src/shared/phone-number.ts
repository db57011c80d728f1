/** Mainland mobile numbers as the product writes, checks and shows them. */

export const PHONE_LENGTH = 11

/** Mainland mobile numbers: 11 digits, 1 then 3–9. */
export const isMobilePhone = (phone: string): boolean => /^1[3-9]\d{9}$/.test(phone)

/** A mobile number written with spaces, dashes, brackets or a +86 / 0086 prefix as its 11 digits; anything else trimmed. */
export const normalizePhone = (raw: string): string => {
  const digits = raw.replace(/[\s\-()（）]/g, "").replace(/^(?:\+|00)?86(?=1\d{10}$)/, "")
  return /^1\d{10}$/.test(digits) ? digits : raw.trim()
}

/** A phone shown to someone else: the first 3 and last 4 digits. */
export const maskPhone = (phone: string): string => (phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : "****")
