/** Worksite chooser and region picker calls. */
import { Effect } from "effect"
import { Router } from "express"
import { Cities, CityByCode, cityView, Counties, countyView, Provinces, regionView } from "#src/address/calls"
import { cityByCode, cityList, countyList, provinceList } from "#src/address/use-cases"
import {
  nearbyWorksiteView, ServicePhoneNow, WorksiteDetail, worksiteDetailView, worksiteGroupView, WorksitesByGroup, WorksitesNear
} from "#src/worksite/calls"
import { servicePhoneNow, worksiteDetail, worksitesByGroup, worksitesNear } from "#src/worksite/use-cases"
import type { Runtime } from "../../runtime"
import { handle } from "../handle"


export const worksiteRoutes = (runtime: Runtime) => {
  const r = Router()

  r.get("/api/worksite/listByLoc", handle(WorksitesNear, ({ lon, lat }) =>
    runtime.read(worksitesNear({ lon: lon ?? Number.NaN, lat: lat ?? Number.NaN }).pipe(Effect.map((list) => list.map(nearbyWorksiteView))))))

  r.get("/api/worksite/listByGroup", handle(WorksitesByGroup, () =>
    runtime.read(worksitesByGroup().pipe(Effect.map((groups) => groups.map(worksiteGroupView))))))

  r.get("/api/worksite/detail/:id", handle(WorksiteDetail, ({ id }) => runtime.read(worksiteDetail(id ?? "").pipe(Effect.map(worksiteDetailView)))))

  r.get("/api/worksite/getServicePhoneByTime/:id", handle(ServicePhoneNow, ({ id }) => runtime.read(servicePhoneNow(id ?? ""))))

  r.get("/api/province/list", handle(Provinces, () => runtime.read(provinceList.pipe(Effect.map((list) => list.map(regionView))))))

  r.get("/api/city/list", handle(Cities, ({ provinceCode }) =>
    runtime.read(cityList((provinceCode ?? "").trim()).pipe(Effect.map((list) => list.map(cityView))))))

  r.get("/api/county/list", handle(Counties, ({ cityCode }) =>
    runtime.read(countyList((cityCode ?? "").trim()).pipe(Effect.map((list) => list.map(countyView))))))

  r.get("/api/city/getByCode/:code", handle(CityByCode, ({ code }) => runtime.read(cityByCode(code ?? "").pipe(Effect.map(cityView)))))

  return r
}
