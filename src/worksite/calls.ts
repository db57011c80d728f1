/** The worksite chooser's calls (spec 001 §7): each request and answer as one Schema, and what a worksite shows. */
import { Schema } from "effect"
import { Amount, call, Text } from "../shared/wire"
import type { WorksiteGroup, WorksiteProfile } from "./directory"

export const WorksiteView = Schema.Struct({
  _id: Schema.String,
  fullName: Schema.String,
  shortName: Schema.String,
  schoolCampus: Schema.String,
  schoolCode: Schema.String,
  siteCode: Schema.String,
  servicePhone: Schema.String,
  paotuiAble: Schema.Boolean,
  paotuiApplyAble: Schema.Boolean,
  paotuiApplyNeedInvitation: Schema.Boolean
})
export type WorksiteView = typeof WorksiteView.Type

/** What every list shows of a worksite. */
export const worksiteView = (w: WorksiteProfile): WorksiteView => ({
  _id: w.id, fullName: w.fullName, shortName: w.shortName, schoolCampus: w.schoolCampus, schoolCode: w.schoolCode, siteCode: w.siteCode,
  servicePhone: w.servicePhone, paotuiAble: w.paotuiAble, paotuiApplyAble: w.paotuiApplyAble, paotuiApplyNeedInvitation: w.paotuiApplyNeedInvitation
})

export const NearbyWorksite = Schema.Struct({ ...WorksiteView.fields, distance: Schema.NullOr(Schema.Number) })
export type NearbyWorksite = typeof NearbyWorksite.Type

/** `GET /api/worksite/listByLoc?lon&lat`: nearest first, each with its distance in metres (null when it has no location). */
export const WorksitesNear = call(Schema.Struct({ lon: Amount, lat: Amount }), Schema.Array(NearbyWorksite))

export const nearbyWorksiteView = (w: WorksiteProfile & { readonly distance: number | null }): NearbyWorksite => ({ ...worksiteView(w), distance: w.distance })

export const WorksiteGroupView = Schema.Struct({ group: Schema.String, items: Schema.Array(WorksiteView) })
export type WorksiteGroupView = typeof WorksiteGroupView.Type

/** `GET /api/worksite/listByGroup`: every worksite under its index letter. */
export const WorksitesByGroup = call(Schema.Struct({}), Schema.Array(WorksiteGroupView))

export const worksiteGroupView = (g: WorksiteGroup<WorksiteProfile>): WorksiteGroupView => ({ group: g.group, items: g.items.map(worksiteView) })

export const WorksiteDetailView = Schema.Struct({
  ...WorksiteView.fields,
  serviceBegin: Schema.String,
  serviceEnd: Schema.String,
  location: Schema.NullOr(Schema.Struct({ lon: Schema.Number, lat: Schema.Number })),
  /** SMS it may still send (the top-up page shows it). */
  smsCredit: Schema.Int
})

/** `GET /api/worksite/detail/{id}`: a worksite with its hours and location. */
export const WorksiteDetail = call(Schema.Struct({ id: Text() }), WorksiteDetailView)

export const worksiteDetailView = (w: WorksiteProfile): typeof WorksiteDetailView.Type => ({
  ...worksiteView(w), serviceBegin: w.serviceBegin, serviceEnd: w.serviceEnd, location: w.location && { lon: w.location.lon, lat: w.location.lat },
  smsCredit: w.smsCredit
})

/** `GET /api/worksite/getServicePhoneByTime/{id}`: the phone that answers now. */
export const ServicePhoneNow = call(Schema.Struct({ id: Text() }), Schema.String)
