/** Province, city and county (division codes) for the address pickers and the paste parser; the data comes from an adapter. */

export interface Region {
  readonly code: string
  readonly name: string
}

export interface City extends Region {
  readonly provinceCode: string
}

export interface County extends Region {
  readonly cityCode: string
  readonly provinceCode: string
}

export interface RegionData {
  readonly provinces: ReadonlyArray<Region>
  readonly cities: ReadonlyArray<City>
  readonly counties: ReadonlyArray<County>
}

export interface RegionIndex extends RegionData {
  readonly province: (code: string) => Region | undefined
  readonly city: (code: string) => City | undefined
  readonly county: (code: string) => County | undefined
  readonly citiesOf: (provinceCode: string) => ReadonlyArray<City>
  readonly countiesOf: (cityCode: string) => ReadonlyArray<County>
}

const groupBy = <A>(items: ReadonlyArray<A>, key: (a: A) => string): Map<string, Array<A>> => {
  const groups = new Map<string, Array<A>>()
  for (const item of items) {
    const group = groups.get(key(item))
    if (group) group.push(item)
    else groups.set(key(item), [item])
  }
  return groups
}

export const buildRegionIndex = (data: RegionData): RegionIndex => {
  const provinces = new Map(data.provinces.map((p) => [p.code, p]))
  const cities = new Map(data.cities.map((c) => [c.code, c]))
  const counties = new Map(data.counties.map((c) => [c.code, c]))
  const citiesByProvince = groupBy(data.cities, (c) => c.provinceCode)
  const countiesByCity = groupBy(data.counties, (c) => c.cityCode)
  return {
    ...data,
    province: (code) => provinces.get(code),
    city: (code) => cities.get(code),
    county: (code) => counties.get(code),
    citiesOf: (provinceCode) => citiesByProvince.get(provinceCode) ?? [],
    countiesOf: (cityCode) => countiesByCity.get(cityCode) ?? []
  }
}

/**
 * The division tables' stand-ins for a missing prefecture level: a municipality's '市辖区' and '县',
 * a province's '省直辖县级行政区划'. People never write them.
 */
export const isPseudoCity = (name: string): boolean => name === "市辖区" || name === "县" || name.endsWith("直辖县级行政区划")

export const isMunicipality = (regions: RegionIndex, provinceCode: string): boolean =>
  regions.citiesOf(provinceCode).some((c) => c.name === "市辖区")

/** How an address reads: province, city and county as people write them (no stand-ins, no repeats), then the detail. */
export const addressLine = (parts: {
  readonly provinceName?: string | undefined
  readonly cityName?: string | undefined
  readonly countyName?: string | undefined
  readonly detail?: string | undefined
}): string => {
  const city = parts.cityName && !isPseudoCity(parts.cityName) ? parts.cityName : undefined
  const county = parts.countyName !== city ? parts.countyName : undefined
  return [parts.provinceName, city, county, parts.detail].filter((s): s is string => s !== undefined && s !== "").join("")
}
