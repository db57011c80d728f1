/**
 * The worksite chooser: what a student sees of a worksite, nearest first by great-circle distance,
 * grouped by the index letter of its campus, and which phone answers at a given time.
 */
import { startOfShanghaiDay } from "../shared/time"

export interface GeoPoint {
  readonly lon: number
  readonly lat: number
}

export interface WorksiteProfile {
  readonly id: string
  readonly siteCode: string
  readonly fullName: string
  readonly shortName: string
  readonly schoolCampus: string
  readonly schoolCode: string
  readonly servicePhone: string
  /** "HH:mm", Asia/Shanghai. */
  readonly serviceBegin: string
  readonly serviceEnd: string
  readonly paotuiAble: boolean
  readonly paotuiApplyAble: boolean
  readonly paotuiApplyNeedInvitation: boolean
  readonly location: GeoPoint | null
  /** SMS it may still send (its parcel notices; topped up on `/deposit`). */
  readonly smsCredit: number
}

/** The platform's own customer-service line, answered when a worksite is closed. */
export const PLATFORM_SERVICE_PHONE = "400-820-0123"

export const messages = {
  notFound: "获取网点信息失败",
  locationWrong: "获取地理位置出错",
  required: "请选择您所在的网点"
} as const

const EARTH_RADIUS_M = 6_371_008.8
const rad = (deg: number) => (deg * Math.PI) / 180

/**
 * Great-circle distance in metres (mean Earth radius), by the central angle's atan2 form (Vincenty's on the sphere):
 * as exact as haversine for near points and, unlike haversine's asin, still exact for nearly antipodal ones, where
 * asin near 1 turned a rounding of the last bit into decimetres.
 */
export const distanceMetres = (a: GeoPoint, b: GeoPoint): number => {
  const [lat1, lat2, dLon] = [rad(a.lat), rad(b.lat), rad(b.lon - a.lon)]
  const across = Math.hypot(Math.cos(lat2) * Math.sin(dLon), Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLon))
  const along = Math.sin(lat1) * Math.sin(lat2) + Math.cos(lat1) * Math.cos(lat2) * Math.cos(dLon)
  return EARTH_RADIUS_M * Math.atan2(across, along)
}

export const isGeoPoint = (p: { readonly lon: number; readonly lat: number }): p is GeoPoint =>
  Number.isFinite(p.lon) && Number.isFinite(p.lat) && Math.abs(p.lon) <= 180 && Math.abs(p.lat) <= 90

/** Nearest first, distances in whole metres; worksites without a location follow, by site code, with distance null. */
export const byDistance = <W extends WorksiteProfile>(worksites: ReadonlyArray<W>, from: GeoPoint): Array<W & { readonly distance: number | null }> => {
  const located = worksites.filter((w) => w.location !== null)
    .map((w) => ({ ...w, distance: Math.round(distanceMetres(from, w.location!)) }))
    .sort((a, b) => a.distance - b.distance || a.siteCode.localeCompare(b.siteCode))
  const unlocated = worksites.filter((w) => w.location === null)
    .map((w) => ({ ...w, distance: null }))
    .sort((a, b) => a.siteCode.localeCompare(b.siteCode))
  return [...located, ...unlocated]
}

/**
 * The first character of each pinyin initial in the Chinese collation order ('阿' sorts first among
 * syllables starting with A, '八' with B, …); I, U and V begin no syllable.
 */
const PINYIN_BOUNDARIES: ReadonlyArray<readonly [string, string]> = [
  ["A", "阿"], ["B", "八"], ["C", "嚓"], ["D", "哒"], ["E", "妸"], ["F", "发"], ["G", "旮"], ["H", "哈"], ["J", "丌"],
  ["K", "咔"], ["L", "垃"], ["M", "妈"], ["N", "拏"], ["O", "噢"], ["P", "妑"], ["Q", "七"], ["R", "呥"], ["S", "仨"],
  ["T", "他"], ["W", "屲"], ["X", "夕"], ["Y", "丫"], ["Z", "帀"]
]

const collator = new Intl.Collator("zh-Hans-CN-u-co-pinyin")

/** The index-list letter of a name: its first Latin letter, or the pinyin initial of its first Chinese character, else '#'. */
export const indexLetter = (name: string): string => {
  const first = Array.from(name.trim())[0]
  if (first === undefined) return "#"
  if (/^[A-Za-z]$/.test(first)) return first.toUpperCase()
  if (!/^\p{Script=Han}$/u.test(first)) return "#"
  let letter = "#"
  for (const [l, boundary] of PINYIN_BOUNDARIES) {
    if (collator.compare(first, boundary) >= 0) letter = l
    else break
  }
  return letter
}

export interface WorksiteGroup<W> {
  readonly group: string
  readonly items: ReadonlyArray<W>
}

/** The chooser's index list: groups by the campus's index letter, A–Z then '#', items by campus then short name. */
export const groupForIndex = <W extends WorksiteProfile>(worksites: ReadonlyArray<W>): Array<WorksiteGroup<W>> => {
  const groups = new Map<string, Array<W>>()
  for (const w of worksites) {
    const letter = indexLetter(w.schoolCampus || w.shortName)
    groups.set(letter, [...(groups.get(letter) ?? []), w])
  }
  const order = (g: string) => (g === "#" ? "~" : g)
  return [...groups.entries()]
    .sort(([a], [b]) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0))
    .map(([group, items]) => ({
      group,
      items: [...items].sort((a, b) => collator.compare(a.schoolCampus, b.schoolCampus) || collator.compare(a.shortName, b.shortName) || a.id.localeCompare(b.id))
    }))
}

/** Minutes since midnight in Asia/Shanghai. */
const shanghaiMinutes = (at: Date): number => Math.floor((at.getTime() - startOfShanghaiDay(at).getTime()) / 60_000)

const minutesOf = (hhmm: string): number | undefined => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim())
  if (!m) return undefined
  const h = Number(m[1])
  const min = Number(m[2])
  return h <= 24 && min < 60 && h * 60 + min <= 24 * 60 ? h * 60 + min : undefined
}

/** Whether the worksite is within its service hours (begin inclusive, end exclusive, Asia/Shanghai) at this moment. */
export const isWithinServiceHours = (w: Pick<WorksiteProfile, "serviceBegin" | "serviceEnd">, at: Date): boolean => {
  const begin = minutesOf(w.serviceBegin)
  const end = minutesOf(w.serviceEnd)
  if (begin === undefined || end === undefined) return false
  const now = shanghaiMinutes(at)
  return begin <= end ? now >= begin && now < end : now >= begin || now < end
}

/** The worksite's service phone during its hours, else the platform's. */
export const servicePhoneAt = (w: Pick<WorksiteProfile, "serviceBegin" | "serviceEnd" | "servicePhone">, at: Date): string =>
  isWithinServiceHours(w, at) && w.servicePhone.trim() !== "" ? w.servicePhone : PLATFORM_SERVICE_PHONE
