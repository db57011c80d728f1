/** The add-address form: contact, phone, the chosen province/city/county (codes with names), detail, and the paste box. */
import { computed, signal } from "@preact/signals-react"
import { capPaste, type AddressFields } from "../../../../../src/address/address"
import { PHONE_LENGTH } from "../../../../../src/profile/phone"

export interface Place {
  readonly code: string
  readonly name: string
}

export interface Places {
  readonly province: Place
  readonly city: Place
  readonly county: Place
}

const DETAIL_MAX_LENGTH = 80
const NAME_MAX_LENGTH = 20

const placeOf = (code: string | undefined, name: string | undefined): Place | undefined =>
  code && name ? { code, name } : undefined

export const createAddressForm = () => {
  const name = signal("")
  const phone = signal("")
  const places = signal<Partial<Places>>({})
  const detail = signal("")
  const paste = signal("")
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
  return {
    name,
    phone,
    places,
    detail,
    paste,
    fields,
    typeName: (t: string) => { name.value = t.slice(0, NAME_MAX_LENGTH) },
    typePhone: (t: string) => { phone.value = t.replace(/\D/g, "").slice(0, PHONE_LENGTH) },
    typeDetail: (t: string) => { detail.value = t.slice(0, DETAIL_MAX_LENGTH) },
    typePaste: (t: string) => { paste.value = capPaste(t) },
    /** What the parser recognised replaces the fields; what it left empty keeps what was typed. */
    fill: (f: AddressFields) => {
      if (f.name) name.value = f.name.slice(0, NAME_MAX_LENGTH)
      if (f.phone) phone.value = f.phone.slice(0, PHONE_LENGTH)
      const province = placeOf(f.province, f.provinceName)
      if (province) {
        places.value = { province, city: placeOf(f.city, f.cityName), county: placeOf(f.county, f.countyName) }
      }
      if (f.detail) detail.value = f.detail.slice(0, DETAIL_MAX_LENGTH)
    }
  }
}
export type AddressForm = ReturnType<typeof createAddressForm>
