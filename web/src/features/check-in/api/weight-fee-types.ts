/** The approximate weight classes (`GET /api/dict/detail/weightFeeType` → data.values). */
import { DictDetail } from "#src/parcel/calls"
import { send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export const WEIGHT_TYPES_FAILED = "获取重量费用类型列表失败"

export const fetchWeightFeeTypes = async () => (await send(DictDetail, "/api/dict/detail/weightFeeType")).values

export const useWeightFeeTypes = () => useLoad(fetchWeightFeeTypes, [])
