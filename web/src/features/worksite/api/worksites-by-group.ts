/** Every worksite grouped for the index list (`GET /api/worksite/listByGroup`). */
import { Schema } from "effect"
import { dataDecoder, request } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"
import { Worksite } from "./worksite"

export const WorksiteGroup = Schema.Struct({
  group: Schema.String,
  items: Schema.Array(Worksite)
})
export type WorksiteGroup = typeof WorksiteGroup.Type

const decodeGroups = dataDecoder(Schema.Array(WorksiteGroup))

export const fetchWorksiteGroups = () => request("/api/worksite/listByGroup", decodeGroups)

export const useWorksiteGroups = (wanted: boolean) => useLoad(wanted ? fetchWorksiteGroups : undefined, [])
