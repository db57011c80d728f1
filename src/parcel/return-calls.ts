/** The station's return calls (spec 001 §7): the to-return list and the return scan, each request and answer as one Schema. */
import { Schema } from "effect"
import { call, Text } from "../shared/wire"
import { ParcelView } from "./calls"

/** `GET /api/expressTosend/toreturn?worksiteId[&expressCompanyId]`: the staff's worksite's parcels awaiting return. */
export const ToReturn = call(Schema.Struct({ worksiteId: Text(), expressCompanyId: Text() }), Schema.Array(ParcelView))

/** `PUT /api/expressTosend/return {_id, expressNo, worksiteCode, storageNo, tag}`: the return scan; `expressNo` is what was scanned. */
export const ReturnScan = call(
  Schema.Struct({ _id: Text(), expressNo: Text(), worksiteCode: Text(), storageNo: Text(), tag: Text() }),
  Schema.Void
)
export type ReturnScanRequest = typeof ReturnScan.request.Type
