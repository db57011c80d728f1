/**
 * Reads a pasted block with the core's parser over region data fetched as needed: first every province and city
 * (so a block naming either is placed), then the counties of the city found, or of every city of the province
 * found. A block naming only a county keeps it in the detail (the full county table is not fetched).
 */
import { fieldsFromPaste, type AddressFields } from "#src/address/address"
import { parseAddressBlock, type ParsedAddress } from "#src/address/paste-parser"
import { buildRegionIndex, type City, type County } from "#src/address/region"
import { loadCities, loadCounties, loadProvinces } from "../api/regions"

export const parsePastedAddress = async (text: string): Promise<ParsedAddress> => {
  const provinces = await loadProvinces()
  const cities: ReadonlyArray<City> = (await Promise.all(provinces.map((p) => loadCities(p.code)))).flat()
  const first = parseAddressBlock(text, buildRegionIndex({ provinces, cities, counties: [] }))
  const around = first.city
    ? cities.filter((c) => c.code === first.city?.code)
    : first.province
      ? cities.filter((c) => c.provinceCode === first.province?.code)
      : []
  if (around.length === 0) return first
  const counties: ReadonlyArray<County> = (await Promise.all(around.map(loadCounties))).flat()
  return parseAddressBlock(text, buildRegionIndex({ provinces, cities, counties }))
}

export const fieldsFromPastedAddress = async (text: string): Promise<AddressFields> => fieldsFromPaste(await parsePastedAddress(text))
