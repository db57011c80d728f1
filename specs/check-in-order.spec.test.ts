/** Check-in: the first failing check, in the spec's order, decides the message. */
import { fc, test } from "@fast-check/vitest"
import { expect } from "vitest"
import { checkInRefusal } from "#src/parcel/check-in"

type Kind = "missing" | "blank" | "valid"

const kind = fc.constantFrom<Kind>("missing", "blank", "valid")
const blank = fc.constantFrom("", " ", "   ", "\t", " \n ")
const nonBlank = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== "")

const field = kind.chain((k) =>
  (k === "missing" ? fc.constant(undefined) : k === "blank" ? blank : nonBlank).map((value) => ({ kind: k, value }))
)

type PhoneShape = { kind: "missing" } | { kind: "blank" } | { kind: "digits"; length: number } | { kind: "mixed"; length: number }

const digit = fc.constantFrom(..."0123456789")
const nonDigit = fc.constantFrom(..."aZ-+ .,#一")

const phone: fc.Arbitrary<{ shape: PhoneShape; value: string | undefined }> = fc.oneof(
  fc.constant({ shape: { kind: "missing" } as PhoneShape, value: undefined }),
  blank.map((value) => ({ shape: { kind: "blank" } as PhoneShape, value })),
  fc.oneof(fc.integer({ min: 1, max: 16 }), fc.constant(11)).chain((length) =>
    fc.array(digit, { minLength: length, maxLength: length }).map((ds) => ({
      shape: { kind: "digits", length } as PhoneShape,
      value: ds.join("")
    }))
  ),
  fc
    .tuple(fc.array(digit, { minLength: 0, maxLength: 11 }), nonDigit, fc.array(digit, { minLength: 0, maxLength: 11 }))
    .filter(([a, _, b]) => a.length + 1 + b.length > 0)
    .map(([a, x, b]) => {
      const value = a.join("") + x + b.join("")
      return { shape: { kind: "mixed", length: value.length } as PhoneShape, value }
    })
    .filter(({ value }) => value.trim() !== "")
)

/** The spec's order, stated over the generated shapes rather than the strings. */
const expectedMessage = (f: {
  company: Kind
  shelf: Kind
  expressNo: Kind
  weight: Kind
  phone: PhoneShape
}): string | undefined => {
  if (f.company !== "valid") return "请选择快递公司"
  if (f.shelf !== "valid") return "请扫描货架编号"
  if (f.expressNo !== "valid") return "请扫描快递单号"
  if (f.weight !== "valid") return "请选择大概重量"
  if (f.phone.kind === "missing" || f.phone.kind === "blank") return "收件电话为空"
  if (f.phone.kind !== "digits" || f.phone.length !== 11) return "请检查收件电话是否正确"
  return undefined
}

test.prop({ company: field, shelf: field, expressNo: field, weight: field, phone }, { numRuns: 2_000 })(
  "checkInRefusal returns the message of the first failing check in the spec's order",
  ({ company, shelf, expressNo, weight, phone }) => {
    const actual = checkInRefusal({
      expressCompany: company.value,
      storageNo: shelf.value,
      expressNo: expressNo.value,
      weight: weight.value,
      receiverPhone: phone.value
    })?.message
    const expected = expectedMessage({
      company: company.kind,
      shelf: shelf.kind,
      expressNo: expressNo.kind,
      weight: weight.kind,
      phone: phone.shape
    })
    expect(actual).toBe(expected)
  }
)

test.prop({ phone: fc.array(digit, { minLength: 11, maxLength: 11 }).map((ds) => ds.join("")) })(
  "a complete form with any 11-digit phone passes",
  ({ phone }) => {
    expect(checkInRefusal({ expressCompany: "c", storageNo: "s", expressNo: "e", weight: "w", receiverPhone: phone })).toBeUndefined()
  }
)
