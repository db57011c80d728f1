/** The receiver's parcels: one tab a page at a time, and the list header (the actions on one parcel are in lib/parcel-actions). */
import { OrderByNo } from "#src/errand/calls"
import { CollectHeader, ReceiverParcels, type CollectView } from "#src/parcel/calls"
import type { CollectTab } from "#src/parcel/collect"
import { send } from "../../../lib/api-client"
import { usePages } from "../../../lib/paging"
import { useLoad } from "../../../lib/use-load"

export type { CollectView }

export const fetchParcels = (tab: CollectTab, pageNo: number, cursor?: string) =>
  send(ReceiverParcels, "/api/expressTosend/pagingForFontend", { input: { statusStr: tab, pageNo, ...(cursor === undefined ? {} : { cursor }) } })

export const useParcels = (tab: CollectTab) => usePages((pageNo, cursor) => fetchParcels(tab, pageNo, cursor))

export const useCollectHeader = (token: string | undefined) =>
  useLoad(token ? () => send(CollectHeader, "/api/user/wxuserInfoForTotakeList") : undefined, [token])

/** 取消任务: the receiver cancels the door-delivery errand on their parcel (`PUT /api/paotuiOrder/cancel/{orderNo}`); the parcel goes back to 0. */
export const cancelErrand = (orderNo: string) => send(OrderByNo, `/api/paotuiOrder/cancel/${encodeURIComponent(orderNo)}`, { method: "PUT" })
