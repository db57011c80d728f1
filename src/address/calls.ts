/** The address book's and the region pickers' calls (spec 001 §7): each request and answer as one Schema, and their views. */
import { Schema } from "effect"
import { call, Text } from "../shared/wire"
import { DETAIL_MAX_LENGTH, NAME_MAX_LENGTH, type Address } from "./address"
import type { City, County, Region } from "./region"

export const AddressView = Schema.Struct({
  _id: Schema.String,
  name: Schema.String,
  phone: Schema.String,
  province: Schema.String,
  city: Schema.String,
  county: Schema.String,
  provinceName: Schema.String,
  cityName: Schema.String,
  countyName: Schema.String,
  detail: Schema.String,
  isDefault: Schema.Boolean
})
export type AddressView = typeof AddressView.Type

export const addressView = (a: Address): AddressView => ({
  _id: a.id, name: a.name, phone: a.phone, province: a.province, city: a.city, county: a.county,
  provinceName: a.provinceName, cityName: a.cityName, countyName: a.countyName, detail: a.detail, isDefault: a.isDefault
})

/** `GET /api/address/wxlist`: the user's saved addresses. */
export const Addresses = call(Schema.Struct({}), Schema.Array(AddressView))

/**
 * `POST /api/address/wxadd`: the form's fields (region codes with their names); the saved address is the
 * answer. The phone is read as any short text so a wrong one gets the spec's message.
 */
export const AddAddress = call(
  Schema.Struct({
    name: Text(NAME_MAX_LENGTH),
    phone: Text(),
    province: Text(),
    city: Text(),
    county: Text(),
    provinceName: Text(),
    cityName: Text(),
    countyName: Text(),
    detail: Text(DETAIL_MAX_LENGTH)
  }),
  AddressView
)
export type NewAddress = typeof AddAddress.request.Type

/** `DELETE /api/address/wxdelete/{id}`. */
export const DeleteAddress = call(Schema.Struct({ id: Text() }), Schema.Void)

const RegionView = Schema.Struct({ code: Schema.String, name: Schema.String })
const CityView = Schema.Struct({ code: Schema.String, name: Schema.String, provinceCode: Schema.String })
const CountyView = Schema.Struct({ code: Schema.String, name: Schema.String, cityCode: Schema.String })

export const regionView = (r: Region): typeof RegionView.Type => ({ code: r.code, name: r.name })
export const cityView = (c: City): typeof CityView.Type => ({ code: c.code, name: c.name, provinceCode: c.provinceCode })
export const countyView = (c: County): typeof CountyView.Type => ({ code: c.code, name: c.name, cityCode: c.cityCode })

/** `GET /api/province/list`. */
export const Provinces = call(Schema.Struct({}), Schema.Array(RegionView))

/** `GET /api/city/list?provinceCode=`: a province's cities. */
export const Cities = call(Schema.Struct({ provinceCode: Text() }), Schema.Array(CityView))

/** `GET /api/county/list?cityCode=`: a city's counties. */
export const Counties = call(Schema.Struct({ cityCode: Text() }), Schema.Array(CountyView))

/** `GET /api/city/getByCode/{code}`. */
export const CityByCode = call(Schema.Struct({ code: Text() }), CityView)
