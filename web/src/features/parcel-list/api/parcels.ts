/** The receiver's parcels: one tab a page at a time, the list header, and the actions on one parcel. */
import { CollectHeader, OpenBox, ParcelAction, ReceiverParcels, type CollectView } from "#src/parcel/calls"
import type { CollectTab } from "#src/parcel/collect"
import { newIdempotencyKey, send } from "../../../lib/api-client"
import { usePages } from "../../../lib/paging"
import { useLoad } from "../../../lib/use-load"

export type { CollectView }

export const fetchParcels = (tab: CollectTab, pageNo: number) =>
  send(ReceiverParcels, "/api/expressTosend/pagingForFontend", { input: { statusStr: tab, pageNo } })

export const useParcels = (tab: CollectTab) => usePages((pageNo) => fetchParcels(tab, pageNo))

export const useCollectHeader = (token: string | undefined) =>
  useLoad(token ? () => send(CollectHeader, "/api/user/wxuserInfoForTotakeList") : undefined, [token])

const put = (path: string, id: string) =>
  send(ParcelAction, `${path}/${encodeURIComponent(id)}`, { method: "PUT", idempotencyKey: newIdempotencyKey() })

export const selfSign = (id: string) => put("/api/expressTosend/takepartBySelf", id)
export const cancelAgent = (id: string) => put("/api/expressTosend/proxy/cancelAgent", id)
export const refuseAgent = (id: string) => put("/api/expressTosend/proxy/refuseAgent", id)
export const openBox = (id: string) => send(OpenBox, `/api/box/openFromWX/${encodeURIComponent(id)}`)
