import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { byDistance, distanceMetres, groupForIndex, indexLetter, isWithinServiceHours, PLATFORM_SERVICE_PHONE, servicePhoneAt, type WorksiteProfile } from "./directory"

const site = (id: string, over: Partial<WorksiteProfile> = {}): WorksiteProfile => ({
  id, siteCode: id.toUpperCase(), fullName: id, shortName: id, schoolCampus: "南校区", schoolCode: "S", servicePhone: "020-1",
  serviceBegin: "08:00", serviceEnd: "21:00", paotuiAble: true, paotuiApplyAble: true, paotuiApplyNeedInvitation: false,
  location: null, smsCredit: 0, ...over
})

/** A time in Asia/Shanghai (UTC+8). */
const shanghai = (h: number, mi = 0) => new Date(Date.UTC(2031, 2, 3, h - 8, mi))

describe("distanceMetres (great circle)", () => {
  it("known distances: one degree of latitude, Guangzhou to Shenzhen", () => {
    expect(distanceMetres({ lon: 0, lat: 0 }, { lon: 0, lat: 1 })).toBeCloseTo(111_195, -1)
    expect(distanceMetres({ lon: 113.2644, lat: 23.1291 }, { lon: 114.0579, lat: 22.5431 }) / 1000).toBeCloseTo(104.5, 0)
    expect(distanceMetres({ lon: 10, lat: 10 }, { lon: 10, lat: 10 })).toBe(0)
  })

  const point = fc.record({ lon: fc.double({ min: -180, max: 180, noNaN: true }), lat: fc.double({ min: -90, max: 90, noNaN: true }) })
  test.prop([point, point])("symmetric, non-negative, at most half the Earth round", (a, b) => {
    const d = distanceMetres(a, b)
    expect(d).toBeGreaterThanOrEqual(0)
    expect(d).toBeLessThanOrEqual(Math.PI * 6_371_008.8 + 1)
    expect(Math.abs(d - distanceMetres(b, a))).toBeLessThan(1e-6)
  })
  // floating point near antipodal points: allow a centimetre (haversine, used before, could exceed it there)
  test.prop([point, point, point])("the triangle inequality", (a, b, c) => {
    expect(distanceMetres(a, c)).toBeLessThanOrEqual(distanceMetres(a, b) + distanceMetres(b, c) + 1e-2)
  })
  it("holds within that centimetre for nearly antipodal points", () => {
    const a = { lon: -179.99999730013067, lat: 0 }
    const b = { lon: 0, lat: -6.037091348628667e-7 }
    const c = { lon: 0, lat: -6.09959722135589e-8 }
    expect(distanceMetres(a, c)).toBeLessThanOrEqual(distanceMetres(a, b) + distanceMetres(b, c) + 1e-2)
  })
})

describe("byDistance", () => {
  it("nearest first in whole metres; worksites without a location last with null", () => {
    const sites = [
      site("far", { location: { lon: 113.4, lat: 23.1 } }),
      site("none"),
      site("near", { location: { lon: 113.3, lat: 23.1 } })
    ]
    const sorted = byDistance(sites, { lon: 113.3, lat: 23.1 })
    expect(sorted.map((s) => [s.id, s.distance])).toEqual([["near", 0], ["far", Math.round(distanceMetres({ lon: 113.3, lat: 23.1 }, { lon: 113.4, lat: 23.1 }))], ["none", null]])
  })
})

describe("indexLetter and groupForIndex", () => {
  it.each([["南校区", "N"], ["北校区", "B"], ["东校区", "D"], ["珠海校区", "Z"], ["阿克苏", "A"], ["xyz", "X"], ["1号楼", "#"], ["", "#"], ["  西区", "X"]])("%s → %s", (name, letter) => {
    expect(indexLetter(name)).toBe(letter)
  })

  it("groups A–Z then '#', items by campus then short name", () => {
    const groups = groupForIndex([
      site("a", { schoolCampus: "南校区", shortName: "西园" }), site("b", { schoolCampus: "北校区", shortName: "东园" }),
      site("c", { schoolCampus: "南校区", shortName: "东园" }), site("d", { schoolCampus: "9号区", shortName: "x" })
    ])
    expect(groups.map((g) => [g.group, g.items.map((i) => i.id)])).toEqual([["B", ["b"]], ["N", ["c", "a"]], ["#", ["d"]]])
  })
})

describe("service phone by time", () => {
  it("the worksite's phone from begin (inclusive) to end (exclusive) in Shanghai, else the platform's", () => {
    const w = site("w", { servicePhone: "020-8" })
    expect(servicePhoneAt(w, shanghai(8))).toBe("020-8")
    expect(servicePhoneAt(w, shanghai(20, 59))).toBe("020-8")
    expect(servicePhoneAt(w, shanghai(21))).toBe(PLATFORM_SERVICE_PHONE)
    expect(servicePhoneAt(w, shanghai(7, 59))).toBe(PLATFORM_SERVICE_PHONE)
    expect(servicePhoneAt({ ...w, servicePhone: " " }, shanghai(12))).toBe(PLATFORM_SERVICE_PHONE)
  })

  it("hours across midnight, and unreadable hours count as closed", () => {
    expect(isWithinServiceHours({ serviceBegin: "22:00", serviceEnd: "02:00" }, shanghai(23))).toBe(true)
    expect(isWithinServiceHours({ serviceBegin: "22:00", serviceEnd: "02:00" }, shanghai(3))).toBe(false)
    expect(isWithinServiceHours({ serviceBegin: "8点", serviceEnd: "21:00" }, shanghai(12))).toBe(false)
    expect(isWithinServiceHours({ serviceBegin: "00:00", serviceEnd: "24:00" }, shanghai(23, 59))).toBe(true)
  })
})
