/** The back-office employee bound to a messaging-app openid (`GET /auth/employee/getByOpen/{openid}`). */
import { Schema } from "effect"
import { decoderOf, request } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export const EmployeeWorksite = Schema.Struct({
  _id: Schema.String,
  siteCode: Schema.String,
  shortName: Schema.String,
  schoolCampus: Schema.String,
  nameZH: Schema.optional(Schema.String),
  smsAble: Schema.Boolean,
  serviceBegin: Schema.String,
  serviceEnd: Schema.String,
  expressCompanies: Schema.Array(Schema.String)
})

export const Employee = Schema.Struct({
  _id: Schema.String,
  nameZH: Schema.String,
  phone: Schema.optional(Schema.String),
  openid: Schema.optional(Schema.NullOr(Schema.String)),
  servicePhone: Schema.optional(Schema.NullOr(Schema.String)),
  worksite: EmployeeWorksite
})
export type Employee = typeof Employee.Type

const decodeEmployee = decoderOf(Schema.Struct({ user: Employee }))

export const fetchEmployeeByOpenid = async (openid: string): Promise<Employee> =>
  (await request(`/auth/employee/getByOpen/${encodeURIComponent(openid)}`, decodeEmployee)).user

export const useEmployeeByOpenid = (openid: string | undefined) =>
  useLoad(openid ? () => fetchEmployeeByOpenid(openid) : undefined, [openid])
