/** A few real divisions (codes as the national tables give them) for the core's tests, which may not read the package. */
import { buildRegionIndex, type RegionIndex } from "./region"

const provinces: ReadonlyArray<readonly [string, string]> = [
  ["11", "北京市"], ["15", "内蒙古自治区"], ["22", "吉林省"], ["31", "上海市"], ["32", "江苏省"],
  ["42", "湖北省"], ["44", "广东省"], ["45", "广西壮族自治区"], ["50", "重庆市"]
]

const cities: ReadonlyArray<readonly [string, string]> = [
  ["1101", "市辖区"], ["1501", "呼和浩特市"], ["2201", "长春市"], ["2202", "吉林市"], ["3101", "市辖区"],
  ["3205", "苏州市"], ["4228", "恩施土家族苗族自治州"], ["4290", "省直辖县级行政区划"], ["4401", "广州市"],
  ["4403", "深圳市"], ["4419", "东莞市"], ["4501", "南宁市"], ["5001", "市辖区"], ["5002", "县"]
]

const counties: ReadonlyArray<readonly [string, string]> = [
  ["110101", "东城区"], ["110105", "朝阳区"], ["110108", "海淀区"], ["150102", "新城区"], ["220104", "朝阳区"],
  ["220204", "船营区"], ["310101", "黄浦区"], ["310115", "浦东新区"], ["320508", "姑苏区"], ["320583", "昆山市"],
  ["422801", "恩施市"], ["422802", "利川市"], ["429004", "仙桃市"], ["440106", "天河区"], ["440304", "福田区"],
  ["440305", "南山区"], ["441900", "东莞市"], ["450103", "青秀区"], ["500103", "渝中区"], ["500229", "城口县"],
  ["500240", "石柱土家族自治县"]
]

export const sampleRegions = (): RegionIndex =>
  buildRegionIndex({
    provinces: provinces.map(([code, name]) => ({ code, name })),
    cities: cities.map(([code, name]) => ({ code, name, provinceCode: code.slice(0, 2) })),
    counties: counties.map(([code, name]) => ({ code, name, cityCode: code.slice(0, 4), provinceCode: code.slice(0, 2) }))
  })
