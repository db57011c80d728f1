/** The freight calls both the staff's outbound screen and the runner's freight entry make: a worksite's carriers and the tariff's quote. */
import { FreightQuote, SendCompanies } from "#src/sending/calls"
import { send } from "./api-client"
import { useLoad } from "./use-load"

/** What a failed carriers call says (spec §8), with a retry. */
export const SEND_COMPANIES_FAILED = "获取可用寄件快递列表失败"

export const useSendCompanies = (worksiteId: string) =>
  useLoad(() => send(SendCompanies, `/api/expressTakein/expressSendCompanies/${encodeURIComponent(worksiteId)}`), [worksiteId])

export const quoteFreight = (q: { worksiteId: string; expressCode: string; fromProvinceCode: string; toProvinceCode: string; freightWeight: number }) =>
  send(FreightQuote, "/api/expressFreight/freight", { input: q })
