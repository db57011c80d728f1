/** Worksites nearest first from a position (`GET /api/worksite/listByLoc?lon&lat`), each with its distance in metres. */
import { WorksitesNear } from "#src/worksite/calls"
import { send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

/** The spec delays this call by 200 ms after the position arrives. */
const LOCATION_CALL_DELAY_MS = 200

export interface Position {
  readonly lon: number
  readonly lat: number
}

export const fetchWorksitesByLocation = async (at: Position) => {
  await new Promise((resolve) => setTimeout(resolve, LOCATION_CALL_DELAY_MS))
  return send(WorksitesNear, "/api/worksite/listByLoc", { input: { lon: at.lon, lat: at.lat } })
}

export const useWorksitesByLocation = (at: Position | undefined) =>
  useLoad(at ? () => fetchWorksitesByLocation(at) : undefined, [at?.lon, at?.lat])
