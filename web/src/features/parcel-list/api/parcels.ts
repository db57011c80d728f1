/** The receiver's parcels: one tab a page at a time, and the list header (the actions on one parcel are in lib/parcel-actions). */
import { CollectHeader, ReceiverParcels, type CollectView } from "#src/parcel/calls"
import type { CollectTab } from "#src/parcel/collect"
import { send } from "../../../lib/api-client"
import { usePages } from "../../../lib/paging"
import { useLoad } from "../../../lib/use-load"

export type { CollectView }

export const fetchParcels = (tab: CollectTab, pageNo: number) =>
  send(ReceiverParcels, "/api/expressTosend/pagingForFontend", { input: { statusStr: tab, pageNo } })

export const useParcels = (tab: CollectTab) => usePages((pageNo) => fetchParcels(tab, pageNo))

export const useCollectHeader = (token: string | undefined) =>
  useLoad(token ? () => send(CollectHeader, "/api/user/wxuserInfoForTotakeList") : undefined, [token])
