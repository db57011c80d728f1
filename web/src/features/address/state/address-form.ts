/** The add-address form: contact, phone, the chosen province/city/county (codes with names), detail, and the paste box. */
import { computed, signal } from "@preact/signals-react"
import { capPaste, DETAIL_MAX_LENGTH, NAME_MAX_LENGTH, type AddressFields } from "#src/address/address"
import { PHONE_LENGTH } from "#src/shared/phone-number"

export interface Place {
  readonly code: string
  readonly name: string
}

export interface Places {
  readonly province: Place
  readonly city: Place
  readonly county: Place
}

const placeOf = (code: string | undefined, name: string | undefined): Place | undefined =>
  code && name ? { code, name } : undefined

/** The parts of the form a recognition fills. */
export type PastePart = "name" | "phone" | "region" | "detail"

export const pastePartNames: Record<PastePart, string> = { name: "联系人", phone: "联系电话", region: "所在地区", detail: "详细地址" }

const PARTS: ReadonlyArray<PastePart> = ["name", "phone", "region", "detail"]

export const createAddressForm = () => {
  const name = signal("")
  const phone = signal("")
  const places = signal<Partial<Places>>({})
  const detail = signal("")
  const paste = signal("")
  /** Parts the last recognition filled (and nobody has edited since): a new recognition or 清空 may replace them. */
  const recognised = signal<ReadonlySet<PastePart>>(new Set())
  /** Parts the last recognition could not read, shown under the paste box until the next one or 清空. */
  const missed = signal<ReadonlyArray<PastePart>>([])
  const fields = computed((): AddressFields => ({
    name: name.value,
    phone: phone.value,
    province: places.value.province?.code,
    city: places.value.city?.code,
    county: places.value.county?.code,
    provinceName: places.value.province?.name,
    cityName: places.value.city?.name,
    countyName: places.value.county?.name,
    detail: detail.value
  }))
  const edited = (part: PastePart) => {
    if (!recognised.value.has(part)) return
    const next = new Set(recognised.value)
    next.delete(part)
    recognised.value = next
  }
  const clearPart = (part: PastePart) => {
    if (part === "name") name.value = ""
    if (part === "phone") phone.value = ""
    if (part === "region") places.value = {}
    if (part === "detail") detail.value = ""
  }
  return {
    name,
    phone,
    places,
    detail,
    paste,
    fields,
    recognised,
    missed,
    typeName: (t: string) => { name.value = t.slice(0, NAME_MAX_LENGTH); edited("name") },
    typePhone: (t: string) => { phone.value = t.replace(/\D/g, "").slice(0, PHONE_LENGTH); edited("phone") },
    typeDetail: (t: string) => { detail.value = t.slice(0, DETAIL_MAX_LENGTH); edited("detail") },
    pickPlaces: (p: Partial<Places>) => { places.value = p; edited("region") },
    typePaste: (t: string) => { paste.value = capPaste(t) },
    /**
     * What the parser recognised replaces the fields. A part it could not read is emptied when the previous
     * recognition had filled it (so nothing stale looks recognised), and kept when the user typed it.
     */
    fill: (f: AddressFields) => {
      const province = placeOf(f.province, f.provinceName)
      const found: Record<PastePart, boolean> = { name: !!f.name, phone: !!f.phone, region: !!province, detail: !!f.detail }
      if (f.name) name.value = f.name.slice(0, NAME_MAX_LENGTH)
      if (f.phone) phone.value = f.phone.slice(0, PHONE_LENGTH)
      if (province) places.value = { province, city: placeOf(f.city, f.cityName), county: placeOf(f.county, f.countyName) }
      if (f.detail) detail.value = f.detail.slice(0, DETAIL_MAX_LENGTH)
      for (const part of PARTS) if (!found[part] && recognised.value.has(part)) clearPart(part)
      recognised.value = new Set(PARTS.filter((part) => found[part]))
      missed.value = PARTS.filter((part) => !found[part])
    },
    /** 清空: the paste box and every part the recognition filled; what the user typed stays. */
    clearPaste: () => {
      paste.value = ""
      for (const part of recognised.value) clearPart(part)
      recognised.value = new Set()
      missed.value = []
    }
  }
}
export type AddressForm = ReturnType<typeof createAddressForm>
