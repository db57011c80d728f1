/** The worksite's parcels awaiting return (`GET /api/expressTosend/toreturn?worksiteId[&expressCompanyId]`). */
import { ToReturn } from "#src/parcel/return-calls"
import { send } from "../../../lib/api-client"

export type ReturnParcel = (typeof ToReturn.answer.Type)[number]

export const TO_RETURN_FAILED = "获取待退送列表失败"

export const fetchToReturn = (worksiteId: string, expressCompanyId: string | undefined) =>
  send(ToReturn, "/api/expressTosend/toreturn", { input: { worksiteId, expressCompanyId } })
