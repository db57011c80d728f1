/**
 * The province/city/county picker's options, growing as columns are chosen: a province's cities and a city's
 * counties load on demand (an empty list stands for 'not loaded yet', so the picker keeps its three columns).
 */
import type { CascadePickerOption } from "antd-mobile"
import { useCallback, useEffect, useMemo, useState } from "react"
import type { City, County, Region } from "#src/address/region"
import { loadCities, loadCounties, loadProvinces } from "../api/regions"

export const useRegionOptions = () => {
  const [provinces, setProvinces] = useState<ReadonlyArray<Region> | undefined>(undefined)
  const [cities, setCities] = useState<Readonly<Record<string, ReadonlyArray<City>>>>({})
  const [counties, setCounties] = useState<Readonly<Record<string, ReadonlyArray<County>>>>({})
  const [error, setError] = useState<unknown>(undefined)
  const [round, setRound] = useState(0)

  useEffect(() => {
    let live = true
    setError(undefined)
    loadProvinces().then((list) => { if (live) setProvinces(list) }, (e: unknown) => { if (live) setError(e) })
    return () => { live = false }
  }, [round])

  /** Loads what the chosen (or first) province and city need for the next columns. */
  const reveal = useCallback((value: ReadonlyArray<string | number | null>) => {
    const provinceCode = (value[0] ?? provinces?.[0]?.code) as string | undefined
    if (!provinceCode) return
    loadCities(provinceCode).then((list) => {
      setCities((known) => (known[provinceCode] ? known : { ...known, [provinceCode]: list }))
      const city = list.find((c) => c.code === value[1]) ?? list[0]
      if (!city) return
      return loadCounties(city).then((ks) => setCounties((known) => (known[city.code] ? known : { ...known, [city.code]: ks })))
    }).catch((e: unknown) => setError(e))
  }, [provinces])

  const options = useMemo((): CascadePickerOption[] =>
    (provinces ?? []).map((p) => ({
      label: p.name,
      value: p.code,
      children: (cities[p.code] ?? []).map((c) => ({
        label: c.name,
        value: c.code,
        children: (counties[c.code] ?? []).map((k) => ({ label: k.name, value: k.code }))
      }))
    })), [provinces, cities, counties])

  return { options, loaded: provinces !== undefined, error, reveal, retry: () => setRound((r) => r + 1) }
}
