/** Reads a pasted block (name, phone and address in any order) into the add-address fields; only the province, city and county prefixes of the address are recognised. */
import type { City, County, Region, RegionIndex } from "./region"
import { isMunicipality, isPseudoCity } from "./region"

export interface ParsedAddress {
  readonly name: string
  readonly phone: string
  readonly province: Region | undefined
  readonly city: Region | undefined
  readonly county: Region | undefined
  readonly detail: string
}

interface Alias<R> {
  readonly region: R
  readonly text: string
  readonly full: boolean
}

const ETHNIC_GROUPS = [
  "柯尔克孜", "乌孜别克", "维吾尔", "哈萨克", "塔吉克", "塔塔尔", "达斡尔", "鄂温克", "鄂伦春", "俄罗斯", "蒙古", "朝鲜",
  "布依", "土家", "哈尼", "傈僳", "景颇", "拉祜", "纳西", "东乡", "仫佬", "布朗", "撒拉", "毛南", "仡佬", "锡伯", "阿昌",
  "普米", "德昂", "保安", "裕固", "独龙", "赫哲", "门巴", "珞巴", "基诺", "高山", "回", "藏", "苗", "彝", "壮", "满", "侗",
  "瑶", "白", "傣", "黎", "佤", "畲", "水", "土", "羌", "怒", "京"
]

const PROVINCE_SUFFIXES = ["特别行政区", "自治区", "省", "市"]
const CITY_SUFFIXES = ["自治州", "地区", "盟", "市"]
const COUNTY_SUFFIXES = ["自治县", "自治旗", "林区", "新区", "特区", "区", "县", "市", "旗"]
const EXTRA_PROVINCE_ALIASES: Readonly<Record<string, ReadonlyArray<string>>> = { "15": ["内蒙"] }

/** Characters after which a short name is more likely the start of a street ('朝阳路', '北京大道') than a region. */
const STREET_AFTER_SHORT_NAME = /^[路街巷道门桥]/

/** The names people write for a region: '南山' for 南山区, '广西' for 广西壮族自治区, '石柱' and '石柱县' for 石柱土家族自治县. */
const shortForms = (name: string, suffixes: ReadonlyArray<string>): Array<string> => {
  const suffix = suffixes.find((s) => name.endsWith(s) && name.length > s.length)
  if (suffix === undefined) return []
  const forms: Array<string> = []
  let base = name.slice(0, -suffix.length)
  if (base.length >= 2) forms.push(base)
  while (suffix.startsWith("自治")) {
    const group = ETHNIC_GROUPS.find((g) => base.endsWith(`${g}族`) || (g.length > 1 && base.endsWith(g)))
    if (group === undefined) break
    const next = base.slice(0, base.endsWith(`${group}族`) ? -(group.length + 1) : -group.length)
    if (next.length < 2) break
    base = next
    forms.push(base)
  }
  if (suffix === "自治州" || suffix === "自治县" || suffix === "自治旗") forms.push(base + suffix.slice(2))
  return forms
}

const aliasesOf = <R extends Region>(region: R, suffixes: ReadonlyArray<string>, extra: ReadonlyArray<string> = []): Array<Alias<R>> => [
  { region, text: region.name, full: true },
  ...[...new Set([...shortForms(region.name, suffixes), ...extra])].map((text) => ({ region, text, full: false }))
]

/** Keeps only the aliases whose text names one region of the group: '朝阳区' alone could be in Beijing or Changchun. */
const unambiguous = <R extends Region>(aliases: ReadonlyArray<Alias<R>>): Array<Alias<R>> => {
  const owners = new Map<string, Set<string>>()
  for (const a of aliases) owners.set(a.text, (owners.get(a.text) ?? new Set()).add(a.region.code))
  return aliases.filter((a) => owners.get(a.text)?.size === 1)
}

const byFirstChar = <R>(aliases: ReadonlyArray<Alias<R>>): Map<string, Array<Alias<R>>> => {
  const map = new Map<string, Array<Alias<R>>>()
  for (const a of aliases) {
    const key = a.text.slice(0, 1)
    const list = map.get(key)
    if (list) list.push(a)
    else map.set(key, [a])
  }
  return map
}

interface Tables {
  readonly provinces: ReadonlyArray<Alias<Region>>
  readonly provinceAliases: ReadonlyMap<string, ReadonlyArray<Alias<Region>>>
  readonly municipalities: ReadonlySet<string>
  readonly citiesOfProvince: ReadonlyMap<string, ReadonlyArray<Alias<City>>>
  readonly citiesAnywhere: ReadonlyMap<string, ReadonlyArray<Alias<City>>>
  readonly countiesOfCity: ReadonlyMap<string, ReadonlyArray<Alias<County>>>
  readonly countiesOfProvince: ReadonlyMap<string, ReadonlyArray<Alias<County>>>
  readonly countiesAnywhere: ReadonlyMap<string, ReadonlyArray<Alias<County>>>
}

const tablesCache = new WeakMap<RegionIndex, Tables>()

const tablesOf = (regions: RegionIndex): Tables => {
  const cached = tablesCache.get(regions)
  if (cached) return cached
  const provinceAliases = new Map(regions.provinces.map((p) => [p.code, aliasesOf(p, PROVINCE_SUFFIXES, EXTRA_PROVINCE_ALIASES[p.code])]))
  /** The stand-ins ('市辖区', '县', '省直辖县级行政区划') end in no city suffix, so they keep only their full name. */
  const cityAliases = (c: City) => aliasesOf(c, CITY_SUFFIXES)
  /** '怀化市洪江管理区' reads '洪江管理区' once its city is named. */
  const countyAliasesOf = (k: County): Array<Alias<County>> => {
    const cityName = regions.city(k.cityCode)?.name ?? ""
    const aliases = aliasesOf(k, COUNTY_SUFFIXES)
    return k.name.startsWith(cityName) && k.name.length > cityName.length + 1
      ? [...aliases, { region: k, text: k.name.slice(cityName.length), full: true }]
      : aliases
  }
  const countyAliases = regions.counties.map(countyAliasesOf)
  const tables: Tables = {
    provinces: [...provinceAliases.values()].flat(),
    provinceAliases,
    municipalities: new Set(regions.provinces.filter((p) => isMunicipality(regions, p.code)).map((p) => p.code)),
    citiesOfProvince: new Map(regions.provinces.map((p) => [p.code, regions.citiesOf(p.code).flatMap(cityAliases)])),
    citiesAnywhere: byFirstChar(unambiguous(regions.cities.filter((c) => !isPseudoCity(c.name)).flatMap(cityAliases))),
    countiesOfCity: new Map(regions.cities.map((c) => [c.code, regions.countiesOf(c.code).flatMap(countyAliasesOf)])),
    countiesOfProvince: new Map(
      regions.provinces.map((p) => [
        p.code,
        unambiguous(regions.citiesOf(p.code).flatMap((c) => regions.countiesOf(c.code).flatMap(countyAliasesOf)))
      ])
    ),
    countiesAnywhere: byFirstChar(unambiguous(countyAliases.flat()).filter((a) => a.full))
  }
  tablesCache.set(regions, tables)
  return tables
}

interface Hit<R> {
  readonly alias: Alias<R>
  readonly end: number
  /** A short name right before a street word: a region only if a lower level follows ('唐山路南区', not '朝阳路'). */
  readonly beforeStreet: boolean
}

const hitsAt = <R>(s: string, at: number, aliases: ReadonlyArray<Alias<R>> | undefined): Array<Hit<R>> =>
  (aliases ?? []).flatMap((alias) => {
    if (!s.startsWith(alias.text, at)) return []
    const end = at + alias.text.length
    const after = s.slice(end)
    if (alias.text.length === 1 && after !== "" && !after.startsWith(" ")) return []
    return [{ alias, end, beforeStreet: !alias.full && STREET_AFTER_SHORT_NAME.test(after) }]
  })

const skipSpaces = (s: string, at: number) => {
  let i = at
  while (s[i] === " ") i++
  return i
}

interface RegionMatch {
  readonly province: Region | undefined
  readonly city: City | undefined
  readonly county: County | undefined
  readonly end: number
  readonly levels: number
  readonly fullNames: number
}

const better = (a: RegionMatch, b: RegionMatch | undefined): boolean =>
  b === undefined ||
  a.levels > b.levels ||
  (a.levels === b.levels && (a.fullNames > b.fullNames || (a.fullNames === b.fullNames && a.end > b.end)))

const fullCount = (...hits: ReadonlyArray<Hit<unknown> | undefined>) => hits.filter((h) => h?.alias.full).length

const endsBeforeStreet = (...hits: ReadonlyArray<Hit<unknown> | undefined>) =>
  hits.filter((h) => h !== undefined).at(-1)?.beforeStreet === true

/**
 * The best reading of province, city and county at the start of `s` (words joined by single spaces): every way
 * the prefixes can be read, scored by levels named, then full names, then length. A level may be left out
 * ('广东南山区', '北京市朝阳区'), a municipality may be named twice ('北京 北京市 朝阳区'); a county named without
 * province or city must be a full name unique in the country.
 */
const matchRegion = (s: string, t: Tables): RegionMatch | undefined => {
  let best: RegionMatch | undefined
  const consider = (m: RegionMatch) => {
    if (m.levels > 0 && better(m, best)) best = m
  }
  for (const p of [...hitsAt(s, 0, t.provinces), undefined]) {
    const province = p?.alias.region
    const afterProvince = p ? skipSpaces(s, p.end) : 0
    const cityOptions: Array<{ readonly hit: Hit<City> | undefined; readonly repeat?: Hit<Region>; readonly end: number }> = province
      ? [
          ...hitsAt(s, afterProvince, t.citiesOfProvince.get(province.code)).map((hit) => ({ hit, end: hit.end })),
          ...(t.municipalities.has(province.code)
            ? hitsAt(s, afterProvince, t.provinceAliases.get(province.code)).map((repeat) => ({ hit: undefined, repeat, end: repeat.end }))
            : [])
        ]
      : hitsAt(s, afterProvince, t.citiesAnywhere.get(s.slice(afterProvince, afterProvince + 1))).map((hit) => ({ hit, end: hit.end }))
    for (const c of [...cityOptions, { hit: undefined, end: p?.end ?? 0 }]) {
      const city = c.hit?.alias.region
      const afterCity = skipSpaces(s, c.end)
      const counties = city
        ? t.countiesOfCity.get(city.code)
        : province
          ? t.countiesOfProvince.get(province.code)
          : t.countiesAnywhere.get(s.slice(afterCity, afterCity + 1))
      const levelsSoFar = (p ? 1 : 0) + (c.hit ? 1 : 0)
      for (const k of hitsAt(s, afterCity, counties)) {
        if (k.beforeStreet) continue
        consider({ province, city, county: k.alias.region, end: k.end, levels: levelsSoFar + 1, fullNames: fullCount(p, c.hit, c.repeat, k) })
      }
      if (!endsBeforeStreet(p, c.hit, c.repeat)) {
        consider({ province, city, county: undefined, end: c.end, levels: levelsSoFar, fullNames: fullCount(p, c.hit, c.repeat) })
      }
    }
  }
  return best
}

const asRegion = (r: Region | undefined): Region | undefined => (r ? { code: r.code, name: r.name } : undefined)

/** Fills the levels the text left out: the county's city and province, a municipality's only city, a city's only county. */
const completeRegion = (m: RegionMatch, regions: RegionIndex) => {
  const city = m.city ?? (m.county ? regions.city(m.county.cityCode) : undefined)
  const province = m.province ?? (city ? regions.province(city.provinceCode) : undefined)
  const only = <R>(list: ReadonlyArray<R>) => (list.length === 1 ? list[0] : undefined)
  const cityOut = city ?? (province ? only(regions.citiesOf(province.code)) : undefined)
  const county = m.county ?? (cityOut ? only(regions.countiesOf(cityOut.code)) : undefined)
  return { province: asRegion(province), city: asRegion(cityOut), county: asRegion(county) }
}

type Label = "name" | "phone" | "address" | "postcode"

const LABELS: ReadonlyArray<readonly [Label, ReadonlyArray<string>]> = [
  ["name", ["收货人姓名", "收件人姓名", "收货人", "收件人", "联系人", "姓名", "名字", "称呼"]],
  ["phone", ["收货人手机号码", "收货人手机", "手机号码", "手机号", "联系手机", "手机", "联系电话", "电话号码", "电话", "联系方式"]],
  ["address", ["所在地区", "所在地", "省市区", "省市县", "所在城市", "地区", "收货地址", "收件地址", "详细地址", "街道地址", "门牌号", "地址"]],
  ["postcode", ["邮政编码", "邮编"]]
]
const labelOf = new Map(LABELS.flatMap(([label, words]) => words.map((w) => [w, label] as const)))
const LABEL_WORDS = [...labelOf.keys()].sort((a, b) => b.length - a.length)
const LABELLED = new RegExp(`(${LABEL_WORDS.join("|")})\\s*[:：]`, "g")
const MARK = "\u0001"
const LATIN_SPACE = "\u0002"

const MOBILE = /(?<!\d)(?:(?:\(?(?:\+|00)86\)?|86(?=-?1[3-9]))[\s-]*)?(1[3-9]\d(?:[\s-]?\d){8})(?!\d)/
const SEPARATORS = /[\s,，;；:：、。|"“”'‘’!！?？~`<>《》【】\[\]{}]+/

interface Token {
  readonly text: string
  readonly label: Label | undefined
}

/** Words of each line (Latin words stay together: 'Tom Lee'); a label marks the next word (name, phone, postcode) or the rest of its line (address). */
const tokenize = (text: string): Array<Token> =>
  text
    .replace(/(?<=[A-Za-z]) +(?=[A-Za-z])/g, LATIN_SPACE)
    .replace(LABELLED, (_, word: string) => `\n${MARK}${word} `)
    .split(/[\r\n]/)
    .flatMap((line) => {
      const tokens: Array<Token> = []
      let pending: Label | undefined
      let lineLabel: Label | undefined
      for (const word of line.split(SEPARATORS)) {
        const bare = word.startsWith(MARK) ? word.slice(1) : word
        if (bare === "") continue
        const label = labelOf.get(bare)
        if (label !== undefined) {
          pending = label
          if (label === "address") lineLabel = label
          continue
        }
        tokens.push({ text: bare.replaceAll(LATIN_SPACE, " "), label: pending ?? lineLabel })
        pending = undefined
      }
      return tokens
    })

const ADDRESS_ENDINGS = /[号栋幢楼室层路街道巷弄村镇乡区县市省园苑院府庭阁座厦场站所处部校馆店厂门寓舍湾岛桥坊屯寨]$/
const ADDRESS_WORDS = /小区|大学|学院|宿舍|公寓|中心|广场|大厦|花园|社区|公司|医院|酒店|宾馆|银行|超市|食堂|工业|科技/

const looksLikeAddress = (word: string) => ADDRESS_ENDINGS.test(word) || ADDRESS_WORDS.test(word)

/** A word that reads as a person's name: 2–4 Chinese characters, a name with a middle dot, or Latin letters. */
const looksLikeName = (word: string): boolean =>
  (/^\p{Script=Han}{2,4}$/u.test(word) || /^\p{Script=Han}+[·•]\p{Script=Han}[\p{Script=Han}·•]*$/u.test(word) || /^[A-Za-z][A-Za-z.' -]*$/.test(word)) &&
  !looksLikeAddress(word)

const hasDigit = (word: string) => /\d/.test(word)

const MAX_REGION_WORDS = 5

interface Found {
  readonly at: number
  readonly match: RegionMatch
  /** The word the region ends in, and how much of it the region took. */
  readonly lastWord: number
  readonly takenChars: number
}

const findRegion = (tokens: ReadonlyArray<Token>, t: Tables): Found | undefined => {
  let found: Found | undefined
  tokens.forEach((token, at) => {
    const words: Array<string> = []
    for (const next of tokens.slice(at, at + MAX_REGION_WORDS)) {
      if (next.label === "name") break
      words.push(next.text)
    }
    const match = matchRegion(words.join(" "), t)
    if (!match || !better(match, found?.match)) return
    let start = 0
    let lastWord = at
    for (const [i, word] of words.entries()) {
      lastWord = at + i
      if (match.end <= start + word.length) break
      start += word.length + 1
    }
    found = { at, match, lastWord, takenChars: match.end - start }
  })
  return found
}

/**
 * Never throws: what it cannot place stays in `detail`, what it cannot find is left empty. The phone comes
 * back as 11 digits (spaces, dashes and +86 removed); once a region is recognised a lone 6-digit word is taken
 * for a postcode and dropped; codes and names are those of `regions`.
 */
export const parseAddressBlock = (text: string, regions: RegionIndex): ParsedAddress => {
  const normalized = String(text ?? "").normalize("NFKC")
  const mobile = MOBILE.exec(normalized)
  const rest = mobile ? normalized.slice(0, mobile.index) + " " + normalized.slice(mobile.index + mobile[0].length) : normalized
  const all = tokenize(rest)

  const labelledPhone = all.find((w) => w.label === "phone" && /^[\d-]{5,}$/.test(w.text))
  const phone = mobile?.[1] ? mobile[1].replace(/\D/g, "") : (labelledPhone?.text.replace(/\D/g, "") ?? "")
  const tokens = all.filter((w) => !(w.label === "phone" && /^[\d-]+$/.test(w.text)) && !(w.label === "postcode" && /^\d{6}$/.test(w.text)))

  const tables = tablesOf(regions)
  const found = findRegion(tokens, tables)
  const indexed = tokens.map((token, i) => ({ ...token, i }))
  const labelledName = indexed.find((w) => w.label === "name")

  if (!found) {
    const name = labelledName ?? indexed.find((w) => w.label === undefined && looksLikeName(w.text))
    return {
      name: name?.text ?? "",
      phone,
      province: undefined,
      city: undefined,
      county: undefined,
      detail: indexed.filter((w) => w !== name).map((w) => w.text).join(" ")
    }
  }

  const region = completeRegion(found.match, regions)
  const lastWord = tokens[found.lastWord]?.text ?? ""
  const remainder = lastWord.slice(found.takenChars)
  const before = indexed.filter((w) => w.i < found.at)
  const after = indexed.filter((w) => w.i > found.lastWord)
  const unlabelledBefore = before.filter((w) => w.label === undefined && !hasDigit(w.text))
  const trailingName = (): (typeof indexed)[number] | undefined => {
    const candidates = after.filter((w) => w.label !== "phone" && looksLikeName(w.text))
    const last = candidates[candidates.length - 1]
    const detailLeft = remainder !== "" || after.length > 1
    return last && (detailLeft || phone !== "") ? last : undefined
  }
  const name =
    labelledName ??
    unlabelledBefore.find((w) => looksLikeName(w.text)) ??
    unlabelledBefore.find((w) => w.text.length <= 20 && !looksLikeAddress(w.text)) ??
    trailingName()

  const postcode = (w: (typeof indexed)[number]) => w.label === undefined && /^\d{6}$/.test(w.text)
  const detail = [remainder, ...[...after, ...before].filter((w) => w !== name && !postcode(w)).map((w) => w.text)]
    .filter((s) => s !== "")
    .join(" ")
  return { name: name?.text ?? "", phone, ...region, detail }
}
