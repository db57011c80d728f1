/** Worksite chooser and region picker calls. */
import { Router } from "express"
import { cityByCode, cityList, countyList, provinceList } from "../../../src/address/use-cases"
import type { WorksiteProfile } from "../../../src/worksite/directory"
import { servicePhoneNow, worksiteDetail, worksitesByGroup, worksitesNear } from "../../../src/worksite/use-cases"
import type { Runtime } from "../../runtime"
import { looseString, sendExit } from "../outcome"

/** What every list shows of a worksite. */
export const worksiteView = (w: WorksiteProfile) => ({
  _id: w.id, fullName: w.fullName, shortName: w.shortName, schoolCampus: w.schoolCampus, schoolCode: w.schoolCode, siteCode: w.siteCode,
  servicePhone: w.servicePhone, paotuiAble: w.paotuiAble, paotuiApplyAble: w.paotuiApplyAble, paotuiApplyNeedInvitation: w.paotuiApplyNeedInvitation
})

const coordinate = (v: unknown) => {
  const s = looseString(v)?.trim()
  return s === undefined || s === "" ? Number.NaN : Number(s)
}

const codeOf = (v: unknown) => looseString(v)?.trim() ?? ""

export const worksiteRoutes = (runtime: Runtime) => {
  const r = Router()

  r.get("/api/worksite/listByLoc", async (req, res) => {
    const exit = await runtime.read(worksitesNear({ lon: coordinate(req.query.lon), lat: coordinate(req.query.lat) }))
    sendExit(res, exit, (list) => ({ data: list.map((w) => ({ ...worksiteView(w), distance: w.distance })) }))
  })

  r.get("/api/worksite/listByGroup", async (_req, res) => {
    sendExit(res, await runtime.read(worksitesByGroup()), (groups) => ({
      data: groups.map((g) => ({ group: g.group, items: g.items.map(worksiteView) }))
    }))
  })

  r.get("/api/worksite/detail/:id", async (req, res) => {
    sendExit(res, await runtime.read(worksiteDetail(req.params.id)), (w) => ({
      data: { ...worksiteView(w), serviceBegin: w.serviceBegin, serviceEnd: w.serviceEnd, location: w.location }
    }))
  })

  r.get("/api/worksite/getServicePhoneByTime/:id", async (req, res) => {
    sendExit(res, await runtime.read(servicePhoneNow(req.params.id)), (phone) => ({ data: phone }))
  })

  r.get("/api/province/list", async (_req, res) => {
    sendExit(res, await runtime.read(provinceList), (list) => ({ data: list.map((p) => ({ code: p.code, name: p.name })) }))
  })

  r.get("/api/city/list", async (req, res) => {
    sendExit(res, await runtime.read(cityList(codeOf(req.query.provinceCode))), (list) => ({
      data: list.map((c) => ({ code: c.code, name: c.name, provinceCode: c.provinceCode }))
    }))
  })

  r.get("/api/county/list", async (req, res) => {
    sendExit(res, await runtime.read(countyList(codeOf(req.query.cityCode))), (list) => ({
      data: list.map((c) => ({ code: c.code, name: c.name, cityCode: c.cityCode }))
    }))
  })

  r.get("/api/city/getByCode/:code", async (req, res) => {
    sendExit(res, await runtime.read(cityByCode(req.params.code)), (c) => ({ data: { code: c.code, name: c.name, provinceCode: c.provinceCode } }))
  })

  return r
}
