/** The express companies a worksite serves (`GET /api/expressCompany/list?_id=a,b`). */
import { Schema } from "effect"
import { dataDecoder, request } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export const ExpressCompany = Schema.Struct({ _id: Schema.String, name: Schema.String })
export type ExpressCompany = typeof ExpressCompany.Type

export const EXPRESS_COMPANIES_FAILED = "获取快递公司列表失败"

const decodeCompanies = dataDecoder(Schema.Array(ExpressCompany))

export const fetchExpressCompanies = (ids: ReadonlyArray<string>) =>
  request("/api/expressCompany/list", decodeCompanies, { query: { _id: ids.join(",") } })

export const useExpressCompanies = (ids: ReadonlyArray<string>) => {
  const key = ids.join(",")
  return useLoad(() => fetchExpressCompanies(key === "" ? [] : key.split(",")), [key])
}
