import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { byDistance, distanceMetres, groupForIndex, indexLetter, isGeoPoint, isWithinServiceHours, servicePhoneAt, type WorksiteProfile } from "./directory"

const site = (id: string, over: Partial<WorksiteProfile> = {}): WorksiteProfile => ({
  id, siteCode: id.toUpperCase(), fullName: id, shortName: id, schoolCampus: "南校区", schoolCode: "S", servicePhone: "020-1",
  serviceBegin: "08:00", serviceEnd: "21:00", paotuiAble: true, paotuiApplyAble: true, paotuiApplyNeedInvitation: false,
  location: null, smsCredit: 0, ...over
})

const shanghai = (h: number, mi = 0) => new Date(Date.UTC(2031, 2, 3, h - 8, mi))

describe("isGeoPoint", () => {
  it.each([
    [{ lon: 180, lat: 90 }, true], [{ lon: -180, lat: -90 }, true], [{ lon: 0, lat: 0 }, true],
    [{ lon: 180.000001, lat: 0 }, false], [{ lon: -180.5, lat: 0 }, false], [{ lon: 0, lat: 90.1 }, false], [{ lon: 0, lat: -91 }, false],
    [{ lon: Infinity, lat: 0 }, false], [{ lon: 0, lat: Number.NaN }, false], [{ lon: 0, lat: -Infinity }, false]
  ])("%j → %s", (p, ok) => {
    expect(isGeoPoint(p)).toBe(ok)
  })
})

describe("distanceMetres", () => {
  it("a degree of longitude on the equator equals one of latitude; antipodes are half the Earth round", () => {
    expect(distanceMetres({ lon: 0, lat: 0 }, { lon: 1, lat: 0 })).toBeCloseTo(111_195, -1)
    expect(distanceMetres({ lon: 1, lat: 0 }, { lon: 0, lat: 0 })).toBeCloseTo(111_195, -1)
    expect(distanceMetres({ lon: 0, lat: 60 }, { lon: 1, lat: 60 })).toBeCloseTo(55_597, -1)
    expect(distanceMetres({ lon: 0, lat: 0 }, { lon: 180, lat: 0 })).toBeCloseTo(Math.PI * 6_371_008.8, 0)
    expect(distanceMetres({ lon: 0, lat: 90 }, { lon: 0, lat: -90 })).toBeCloseTo(Math.PI * 6_371_008.8, 0)
  })
})

describe("byDistance ties and unlocated worksites", () => {
  it("equal distances go by site code; unlocated worksites by site code too", () => {
    const here = { lon: 113.3, lat: 23.1 }
    const sites = [
      site("zz"), site("b", { location: { lon: 113.4, lat: 23.1 } }), site("mm"), site("a", { location: { lon: 113.2, lat: 23.1 } }),
      site("c", { location: here })
    ]
    expect(byDistance(sites, here).map((s) => s.id)).toEqual(["c", "a", "b", "mm", "zz"])
  })

  test.prop([fc.array(fc.record({ lon: fc.double({ min: -10, max: 10, noNaN: true }), lat: fc.double({ min: -10, max: 10, noNaN: true }) }), { maxLength: 8 })])(
    "distances never decrease along the list, and every worksite appears once",
    (points) => {
      const sites = points.map((location, i) => site(`s${i}`, { location: i % 3 === 0 ? null : location }))
      const sorted = byDistance(sites, { lon: 0, lat: 0 })
      expect(sorted.map((s) => s.id).sort()).toEqual(sites.map((s) => s.id).sort())
      const located = sorted.filter((s) => s.distance !== null).map((s) => s.distance!)
      expect(located).toEqual([...located].sort((x, y) => x - y))
      expect(sorted.slice(located.length).every((s) => s.distance === null)).toBe(true)
    }
  )
})

describe("indexLetter", () => {
  it.each([
    ["阿", "A"], ["八", "B"], ["嚓", "C"], ["哒", "D"], ["妸", "E"], ["发", "F"], ["旮", "G"], ["哈", "H"], ["丌", "J"], ["咔", "K"], ["垃", "L"],
    ["妈", "M"], ["拏", "N"], ["噢", "O"], ["妑", "P"], ["七", "Q"], ["呥", "R"], ["仨", "S"], ["他", "T"], ["屲", "W"], ["夕", "X"], ["丫", "Y"],
    ["帀", "Z"], ["座", "Z"], ["吧", "B"], ["a", "A"], ["Z", "Z"], ["ab", "A"], ["é", "#"], ["_", "#"], ["あ", "#"], ["   ", "#"], ["Ａ", "#"]
  ])("%s → %s", (name, letter) => {
    expect(indexLetter(name)).toBe(letter)
  })
})

describe("groupForIndex ordering", () => {
  it("letters in order with '#' last; within a group by campus, then short name, then id; a missing campus uses the short name", () => {
    const groups = groupForIndex([
      site("x2", { schoolCampus: "", shortName: "Zeta" }),
      site("h1", { schoolCampus: "#9", shortName: "a" }),
      site("c2", { schoolCampus: "北校区", shortName: "东园" }),
      site("c1", { schoolCampus: "北校区", shortName: "东园" }),
      site("a1", { schoolCampus: "阿校区", shortName: "x" }),
      site("b0", { schoolCampus: "北校区", shortName: "北园" }),
      site("b9", { schoolCampus: "八校区", shortName: "z" }),
      site("m1", { schoolCampus: "Mall", shortName: "q" })
    ])
    expect(groups.map((g) => [g.group, g.items.map((i) => i.id)])).toEqual([
      ["A", ["a1"]], ["B", ["b9", "b0", "c1", "c2"]], ["M", ["m1"]], ["Z", ["x2"]], ["#", ["h1"]]
    ])
  })

  it("an empty directory has no groups", () => {
    expect(groupForIndex([])).toEqual([])
  })
})

describe("service hours edges", () => {
  const at = (begin: string, end: string, h: number, mi = 0) => isWithinServiceHours({ serviceBegin: begin, serviceEnd: end }, shanghai(h, mi))

  it.each([
    ["8:00", "21:00", 8, 0, true], [" 08:00 ", "21:00", 8, 0, true], ["08:00", "21:00", 7, 59, false], ["08:00", "21:00", 21, 0, false],
    ["08:00", "24:00", 0, 0, false], ["00:00", "24:00", 0, 0, true], ["08:00", "24:01", 12, 0, false], ["08:00", "25:00", 12, 0, false],
    ["08:60", "21:00", 12, 0, false], ["08:00", "21:7", 12, 0, false], ["108:00", "21:00", 12, 0, false], ["08:00", "08:00", 8, 0, false],
    ["08:00", "08:00", 12, 0, false], ["22:00", "02:00", 22, 0, true], ["22:00", "02:00", 1, 59, true], ["22:00", "02:00", 2, 0, false],
    ["22:00", "02:00", 21, 59, false], ["08:00", "21:00", 20, 59, true]
  ])("%s–%s at %i:%i → %s", (begin, end, h, mi, open) => {
    expect(at(begin, end, h, mi)).toBe(open)
  })

  it("minutes count within the Shanghai day, whatever the UTC date", () => {
    expect(isWithinServiceHours({ serviceBegin: "00:30", serviceEnd: "01:00" }, new Date(Date.UTC(2031, 2, 2, 16, 45)))).toBe(true)
    expect(isWithinServiceHours({ serviceBegin: "23:30", serviceEnd: "23:59" }, new Date(Date.UTC(2031, 2, 2, 15, 45)))).toBe(true)
    expect(servicePhoneAt(site("w", { servicePhone: " 020 " }), shanghai(9))).toBe(" 020 ")
  })
})
