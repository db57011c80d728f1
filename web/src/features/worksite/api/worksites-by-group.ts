/** Every worksite grouped for the index list (`GET /api/worksite/listByGroup`). */
import { WorksitesByGroup } from "#src/worksite/calls"
import { send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export type { WorksiteGroupView as WorksiteGroup } from "#src/worksite/calls"

export const fetchWorksiteGroups = () => send(WorksitesByGroup, "/api/worksite/listByGroup")

export const useWorksiteGroups = (wanted: boolean) => useLoad(wanted ? fetchWorksiteGroups : undefined, [])
