/** The address book: list, add, delete. */
import { Router } from "express"
import type { Address } from "../../../src/address/address"
import { messages } from "../../../src/address/address"
import { addAddress, deleteAddress, myAddresses } from "../../../src/address/use-cases"
import type { Runtime } from "../../runtime"
import { idempotent } from "../idempotency"
import { actorOf, looseStrings, sendExit, sendFailure } from "../outcome"

/** Names, phones, codes and a street address are short; longer text is junk. */
export const MAX_FIELD_LENGTH = 128

const addressView = (a: Address) => ({
  _id: a.id, name: a.name, phone: a.phone, province: a.province, city: a.city, county: a.county,
  provinceName: a.provinceName, cityName: a.cityName, countyName: a.countyName, detail: a.detail, isDefault: a.isDefault
})

export const addressRoutes = (runtime: Runtime) => {
  const r = Router()

  r.get("/api/address/wxlist", async (req, res) => {
    sendExit(res, await runtime.read(myAddresses(actorOf(req))), (list) => ({ data: list.map(addressView) }))
  })

  r.post("/api/address/wxadd", idempotent(runtime.db), async (req, res) => {
    const fields = looseStrings(req.body, ["name", "phone", "province", "city", "county", "provinceName", "cityName", "countyName", "detail"] as const)
    if (Object.values(fields).some((v) => v.length > MAX_FIELD_LENGTH)) return sendFailure(res, 400, "请求不正确")
    sendExit(res, await runtime.run(addAddress(actorOf(req), fields)), (a) => ({ status: 201, message: "保存成功", data: addressView(a) }))
  })

  r.delete("/api/address/wxdelete/:id", async (req, res) => {
    sendExit(res, await runtime.run(deleteAddress(actorOf(req), req.params.id)), () => ({ message: messages.deleted }))
  })

  return r
}
