/** The sending pages' calls (src/sending/calls.ts): setup, price table, book, list, detail, close, pay freight and a door pickup's reward; the buildings for door pickup. */
import { Buildings } from "#src/errand/calls"
import {
  Book, CloseSending, PayFreight, PriceTable, SendById, SendDetail, SendingSetup as SetupCall, SendList, type SendOrderView
} from "#src/sending/calls"
import type { BookingFields } from "#src/sending/booking"
import { send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export type SendingSetup = typeof SetupCall.answer.Type
export type { SendOrderView }

export const fetchSetup = (token: string) => send(SetupCall, "/api/expressTakein/setup", { input: { token } })

export const useSetup = (token: string | undefined) => useLoad(token ? () => fetchSetup(token) : undefined, [token])

export const useBuildings = (worksiteId: string) =>
  useLoad(worksiteId ? () => send(Buildings, `/api/building/list/${encodeURIComponent(worksiteId)}`) : undefined, [worksiteId])

/** What the form sends: the core's fields plus the address-book ids the server copies the contacts from. */
export type BookingRequest = BookingFields & { readonly senderAddressId: string; readonly receiverAddressId: string }

export const postBooking = (r: BookingRequest, idempotencyKey: string) =>
  send(Book, "/api/expressTakein", {
    method: "POST",
    idempotencyKey,
    input: {
      expressCompanyId: r.companyId,
      senderAddressId: r.senderAddressId,
      receiverAddressId: r.receiverAddressId,
      goodsName: r.goodsName,
      goodsCount: r.goodsCount,
      estimateWeight: r.estimateWeight,
      insureMoney: r.insureMoney,
      isDaofu: r.isDaofu,
      remark: r.remark,
      requiredDoorService: r.requiredDoorService,
      ...(r.requiredDoorService
        ? {
            paotuiRemark: r.paotuiRemark,
            goodsType: r.goodsType,
            largeCategory: r.largeCategory,
            dormBuilding: r.dormBuilding,
            dormFloor: r.dormFloor,
            dormRoom: r.dormRoom,
            requireArriveTime: r.requireArriveTime?.toISOString(),
            sexLimit: r.sexLimit,
            fee: r.fee
          }
        : {})
    }
  })

export const fetchSendList = (status: string) => send(SendList, `/api/expressTakein/wxlist/${encodeURIComponent(status)}`)
export const fetchSending = (id: string) => send(SendById, `/api/expressTakein/getById/${encodeURIComponent(id)}`)
export const closeSending = (id: string) => send(CloseSending, `/api/expressTakein/${encodeURIComponent(id)}`, { method: "DELETE" })
export const prepayFreight = (id: string) => send(PayFreight, `/api/expressTakein/payFreight/${encodeURIComponent(id)}`)
export const fetchSendDetail = (id: string) => send(SendDetail, `/api/expressTakein/detail/${encodeURIComponent(id)}`)
export const fetchPriceTable = () => send(PriceTable, "/api/expressFreight/prices")
export type PriceTableView = typeof PriceTable.answer.Type
/** The door pickup's reward: `GET /api/paotuiOrder/prepay/{paotuiId}` (same answer shape as the freight's prepay). */
export const prepayReward = (paotuiId: string) => send(PayFreight, `/api/paotuiOrder/prepay/${encodeURIComponent(paotuiId)}`)
