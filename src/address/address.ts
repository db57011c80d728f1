/** Saved addresses: the add-address checks and messages, the paste box, and which address may be deleted. */
import { firstRefusal, RuleViolation, StateConflict } from "../shared/errors"
import { isMobilePhone } from "../shared/phone-number"
import type { ParsedAddress } from "./paste-parser"
import type { RegionIndex } from "./region"

export const PASTE_MAX_LENGTH = 80
/** The contact's name and the street address as the form takes them. */
export const NAME_MAX_LENGTH = 20
export const DETAIL_MAX_LENGTH = 80

export const messages = {
  nameRequired: "联系人员不能为空",
  phoneWrong: "联系电话为空或格式不正确",
  regionIncomplete: "请选择完整的省市区",
  detailRequired: "详细地址不能为空",
  pasteEmpty: "请输入您的收件信息",
  defaultNotDeletable: "默认地址不能删除",
  notFound: "地址不存在",
  deleted: "删除成功",
  deleteFailed: "删除失败",
  addFailed: "新增收件人信息失败",
  listFailed: "获取地址列表失败",
  provincesFailed: "获取省列表失败"
} as const

/** The add-address form, as wxadd sends it: region codes and their names. */
export interface AddressFields {
  readonly name?: string | undefined
  readonly phone?: string | undefined
  readonly province?: string | undefined
  readonly city?: string | undefined
  readonly county?: string | undefined
  readonly provinceName?: string | undefined
  readonly cityName?: string | undefined
  readonly countyName?: string | undefined
  readonly detail?: string | undefined
}

export interface Address {
  readonly id: string
  readonly userId: string
  readonly name: string
  readonly phone: string
  readonly province: string
  readonly city: string
  readonly county: string
  readonly provinceName: string
  readonly cityName: string
  readonly countyName: string
  readonly detail: string
  readonly isDefault: boolean
}

const text = (s: string | undefined) => (s ?? "").trim()

/** The form's four checks in the spec's order. */
export const addressRefusal = (f: AddressFields): RuleViolation | undefined =>
  firstRefusal([
    [text(f.name) !== "", messages.nameRequired],
    [isMobilePhone(text(f.phone)), messages.phoneWrong],
    [text(f.province) !== "" && text(f.city) !== "" && text(f.county) !== "", messages.regionIncomplete],
    [text(f.detail) !== "", messages.detailRequired]
  ])

/**
 * The server's decision on a new address: the form checks, then the codes must name a county of that city of
 * that province (the names are taken from the region data, not from the request). The first address is the default.
 */
export const newAddress = (
  f: AddressFields,
  regions: RegionIndex,
  ids: { readonly id: string; readonly userId: string; readonly existing: number }
): Address | RuleViolation => {
  const refused = addressRefusal(f)
  if (refused) return refused
  const province = regions.province(text(f.province))
  const city = regions.city(text(f.city))
  const county = regions.county(text(f.county))
  if (!province || !city || !county || city.provinceCode !== province.code || county.cityCode !== city.code) {
    return new RuleViolation({ message: messages.regionIncomplete })
  }
  return {
    id: ids.id,
    userId: ids.userId,
    name: text(f.name),
    phone: text(f.phone),
    province: province.code,
    city: city.code,
    county: county.code,
    provinceName: province.name,
    cityName: city.name,
    countyName: county.name,
    detail: text(f.detail),
    isDefault: ids.existing === 0
  }
}

/** Only the owner deletes, and never the default address. */
export const deleteRefusal = (address: Pick<Address, "isDefault">): StateConflict | undefined =>
  address.isDefault ? new StateConflict({ message: messages.defaultNotDeletable }) : undefined

/** The paste box keeps at most 80 characters. */
export const capPaste = (typed: string): string => Array.from(typed).slice(0, PASTE_MAX_LENGTH).join("")

export const pasteRefusal = (pasted: string | undefined): RuleViolation | undefined =>
  text(pasted) === "" ? new RuleViolation({ message: messages.pasteEmpty }) : undefined


/** The form filled from a parsed paste: what was recognised, the rest left for the user. */
export const fieldsFromPaste = (parsed: ParsedAddress): AddressFields => ({
  name: parsed.name,
  phone: parsed.phone,
  province: parsed.province?.code,
  city: parsed.city?.code,
  county: parsed.county?.code,
  provinceName: parsed.province?.name,
  cityName: parsed.city?.name,
  countyName: parsed.county?.name,
  detail: parsed.detail
})
