/** The approximate weight classes (`GET /api/dict/detail/weightFeeType` → data.values). */
import { Schema } from "effect"
import { dataDecoder, request } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export const WeightFeeType = Schema.Struct({ _id: Schema.String, name: Schema.String })
export type WeightFeeType = typeof WeightFeeType.Type

export const WEIGHT_TYPES_FAILED = "获取重量费用类型列表失败"

const decodeWeights = dataDecoder(Schema.Struct({ values: Schema.Array(WeightFeeType) }))

export const fetchWeightFeeTypes = async () => (await request("/api/dict/detail/weightFeeType", decodeWeights)).values

export const useWeightFeeTypes = () => useLoad(fetchWeightFeeTypes, [])
