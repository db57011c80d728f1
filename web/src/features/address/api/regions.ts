/**
 * Division-code regions from the server, each list fetched once per page load: provinces
 * (`GET /api/province/list`), a province's cities (`GET /api/city/list?provinceCode`) and a city's counties
 * (`GET /api/county/list?cityCode`). A failed fetch is forgotten, so the next use asks again.
 */
import { Cities, Counties, Provinces } from "#src/address/calls"
import type { City, County, Region } from "#src/address/region"
import { send } from "../../../lib/api-client"

export const PROVINCES_FAILED = "获取省列表失败"

let provinces: Promise<ReadonlyArray<Region>> | undefined
const cities = new Map<string, Promise<ReadonlyArray<City>>>()
const counties = new Map<string, Promise<ReadonlyArray<County>>>()

const remember = <A>(cache: Map<string, Promise<A>>, key: string, load: () => Promise<A>): Promise<A> => {
  const known = cache.get(key)
  if (known) return known
  const loading = load()
  cache.set(key, loading)
  loading.catch(() => cache.delete(key))
  return loading
}

export const loadProvinces = (): Promise<ReadonlyArray<Region>> => {
  provinces ??= send(Provinces, "/api/province/list").then((rows) => rows.map(({ code, name }) => ({ code, name })))
  provinces.catch(() => { provinces = undefined })
  return provinces
}

export const loadCities = (provinceCode: string): Promise<ReadonlyArray<City>> =>
  remember(cities, provinceCode, () =>
    send(Cities, "/api/city/list", { input: { provinceCode } }).then((rows) => rows.map(({ code, name, provinceCode }) => ({ code, name, provinceCode }))))

export const loadCounties = (city: City): Promise<ReadonlyArray<County>> =>
  remember(counties, city.code, () =>
    send(Counties, "/api/county/list", { input: { cityCode: city.code } })
      .then((rows) => rows.map(({ code, name, cityCode }) => ({ code, name, cityCode, provinceCode: city.provinceCode }))))
