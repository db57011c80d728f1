/** The express companies a worksite serves (`GET /api/expressCompany/list?_id=a,b`). */
import { ExpressCompanies } from "#src/parcel/calls"
import { send } from "./api-client"
import { useLoad } from "./use-load"

export type ExpressCompany = (typeof ExpressCompanies.answer.Type)[number]

export const EXPRESS_COMPANIES_FAILED = "获取快递公司列表失败"

export const fetchExpressCompanies = (ids: ReadonlyArray<string>) => send(ExpressCompanies, "/api/expressCompany/list", { input: { _id: ids } })

export const useExpressCompanies = (ids: ReadonlyArray<string>) => {
  const key = ids.join(",")
  return useLoad(() => fetchExpressCompanies(key === "" ? [] : key.split(",")), [key])
}
