/** The errand pages' calls (contracts in src/errand/calls.ts), their fetchers and hooks, and the live events they listen to. */
import {
  ActivityOffer, Buildings, ConfirmTakeaway, Grab, Hall, OrderById, OrderByNo, OrderDetail, OrderPage, OrderTimeline, PlaceErrand, RunnerCancel, RunnerQrcode, TransferBatch,
  TransferOne,
  type BuildingView, type ErrandOrderView
} from "#src/errand/calls"
import { ErrandFormInfo, ErrandPrepay } from "#src/errand/ordering-calls"
import { ParcelForReceiver } from "#src/parcel/calls"
import { newIdempotencyKey, send } from "../../../lib/api-client"
import { fetchPaySign } from "../../../lib/pay-in"
import { step, useLoad } from "../../../lib/use-load"

export type { BuildingView, ErrandOrderView }

const seg = encodeURIComponent

export const fetchFormInfo = (worksiteId: string) => send(ErrandFormInfo, `/api/paotuiOrder/formInfo/${seg(worksiteId)}`)
export const fetchBuildings = (worksiteId: string) => send(Buildings, `/api/building/list/${seg(worksiteId)}`)
export const fetchActivity = (worksiteId: string) => send(ActivityOffer, `/api/active/one/1/${seg(worksiteId)}/1`)

/**
 * The door-delivery form's data, each call failing in its own words: the parcel ('获取待取件信息出错'), the worksite's
 * errand side with its door-service windows ('获取网点营业时间失败'), its buildings ('获取大楼列表失败'), its offer.
 */
export const useDoorServiceForm = (toTakeId: string, token: string | undefined) =>
  useLoad(token ? async () => {
    const parcel = await step(send(ParcelForReceiver, `/api/expressTosend/getById/${seg(toTakeId)}`), "获取待取件信息出错")
    const worksiteId = parcel.worksite
    const [info, buildings, activity] = await Promise.all([
      step(fetchFormInfo(worksiteId), "获取网点营业时间失败"), step(fetchBuildings(worksiteId), "获取大楼列表失败"), step(fetchActivity(worksiteId), "获取网点信息失败")
    ])
    return { parcel, info, buildings, activity }
  } : undefined, [toTakeId, token])

export type PlaceInput = typeof PlaceErrand.request.Type
export const placeErrand = (input: PlaceInput) => send(PlaceErrand, "/api/paotuiOrder", { method: "POST", input, idempotencyKey: newIdempotencyKey() })

export const fetchOrder = (id: string) => send(OrderDetail, `/api/paotuiOrder/getById/${seg(id)}`)
export const useOrder = (id: string, token: string | undefined) => useLoad(token ? () => fetchOrder(id) : undefined, [id, token])

/** The order as the caller may see it, with each step's time. */
export const fetchTimeline = (id: string) => send(OrderTimeline, `/api/paotuiOrder/timeline/${seg(id)}`)

/** Opens the pay-in trade for an unpaid order (priced by the server) and signs it for the payment sheet. */
export const prepayErrand = async (id: string) => {
  const trade = await send(ErrandPrepay, `/api/paotuiOrder/prepay/${seg(id)}`)
  const sign = await fetchPaySign(trade.prepayId)
  return { trade, sign }
}

/** The runner's pickup QR of an order they hold at status 1 (content for the scanner, and its image). */
export const fetchRunnerQr = (id: string) => send(RunnerQrcode, `/api/paotuiOrder/takeQrcode/${seg(id)}`)

export const fetchHall = (worksiteId: string, sort: "time" | "fee") => send(Hall, `/api/paotuiOrder/toRobbing/${seg(worksiteId)}/${sort}`)
export const grabOrder = (orderNo: string) => send(Grab, `/api/paotuiOrder/robbingRollModule/${seg(orderNo)}`, { method: "PUT" })

export const fetchOrderPage = (type: string, statusStr: string, pageNo: number, cursor?: string) =>
  send(OrderPage, "/api/paotuiOrder/pagingForFontend", { input: { statusStr, type, pageNo, ...(cursor === undefined ? {} : { cursor }) } })

export const cancelOrder = (orderNo: string) => send(OrderByNo, `/api/paotuiOrder/cancel/${seg(orderNo)}`, { method: "PUT" })
export const confirmReceipt = (id: string) => send(OrderById, `/api/paotuiOrder/receiverSignRollModule/${seg(id)}`, { method: "PUT" })
export const markDelivered = (id: string) => send(OrderById, `/api/paotuiOrder/receiverGet/${seg(id)}`, { method: "PUT" })
export const runnerTakeaway = (id: string) => send(OrderById, `/api/paotuiOrder/paotuiTakeaway/${seg(id)}`, { method: "PUT" })
export const confirmTakeaway = (id: string, goodsPic: string, isDaofu: boolean) =>
  send(ConfirmTakeaway, `/api/paotuiOrder/paotuiConfirmTakeaway/${seg(id)}`, { method: "PUT", input: { goodsPic, isDaofu } })
export const leaderSign = (id: string) => send(OrderById, `/api/paotuiOrder/paotuiLeaderSignRollModule/${seg(id)}`, { method: "PUT" })
export const runnerCancel = (orderNo: string, paotuiType: string, reasonType: number, reason: string) =>
  send(RunnerCancel, `/api/paotuiOrder/cancalByPaotui/${seg(orderNo)}/${seg(paotuiType)}`, { method: "PUT", input: { reasonType, reason } })

/** The lifecycle events a requester or runner hears about their orders (spec §4/§7). */
export const ORDER_EVENTS = [
  "paotuiOrderRobbinged", "paotuiOrderCancel", "paotuiOrderCancelToWait", "paotuiHaveGettedExpress", "paotuiConfirmHaveGettedExpress",
  "paotuiSayReceiverGet", "paotuiOrderComplete", "expressTosendPaotuiSign", "expressPaotuiArrived"
] as const

/** Hands accepted orders (status 1) to a teammate: one with `rollout/single`, several with `rollout/batch` (all or none). */
export const transferOrders = (ids: ReadonlyArray<string>, to: { readonly _id: string; readonly openid: string }, idempotencyKey: string) =>
  ids.length === 1
    ? send(TransferOne, "/api/paotuiOrder/rollout/single", { method: "PUT", input: { paotuiId: ids[0], acceptUserId: to._id, acceptOpenid: to.openid }, idempotencyKey })
    : send(TransferBatch, "/api/paotuiOrder/rollout/batch", { method: "PUT", input: { paotuiIds: [...ids], acceptUserId: to._id, acceptOpenid: to.openid }, idempotencyKey })
