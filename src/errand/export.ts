/**
 * A runner's errand spreadsheet (spec 001 §2 "Spreadsheet columns"): one row per order with the spec's 13
 * columns, money in yuan with two decimals; an empty export says '暂无数据'.
 */
import { NotFound } from "../shared/errors"
import { yuan } from "../shared/money"
import { storageCode } from "../parcel/storage-code"
import type { ErrandOrderRecord } from "./errand-store"

export const EXPORT_COLUMNS = [
  "订单号", "快递公司", "取件码", "跑腿姓名", "跑腿电话", "应付赏金", "实付赏金", "支付状态", "楼栋", "楼层", "宿舍号", "收件人姓名", "收件人电话"
] as const

export const EMPTY_EXPORT = "暂无数据"

export interface ExportParcel {
  readonly expressCompanyName: string
  readonly storageNo: string
  readonly tag: number
  readonly receiver: string
  readonly receiverPhone: string
}

export interface ExportLine {
  readonly order: ErrandOrderRecord
  /** The parcel a type-1 order delivers, if any. */
  readonly parcel: ExportParcel | null
  readonly buildingName: string | null
  readonly requesterName: string
  readonly requesterPhone: string
}

/** The recipient is the friend who receives it when there is one, else the parcel's receiver, else the requester. */
export const exportRow = (line: ExportLine): ReadonlyArray<string> => {
  const { order, parcel } = line
  return [
    order.orderNo,
    parcel?.expressCompanyName ?? "",
    parcel ? storageCode(parcel.storageNo, parcel.tag) : "",
    order.accept?.name ?? "",
    order.accept?.phone ?? "",
    yuan(order.payFee),
    yuan(order.paid - order.refunded),
    order.paid > 0 ? (order.refunded >= order.paid ? "已退款" : "已支付") : order.payFee === 0 ? "无需支付" : "未支付",
    line.buildingName ?? "",
    order.floor === null ? "" : `${order.floor}楼`,
    order.dormRoom,
    order.proxyReceiver ?? parcel?.receiver ?? line.requesterName,
    order.proxyReceiverPhone ?? parcel?.receiverPhone ?? line.requesterPhone
  ]
}

/** The sheet's rows with the header, or '暂无数据' (404) when there is nothing to export. */
export const exportSheet = (lines: ReadonlyArray<ExportLine>): ReadonlyArray<ReadonlyArray<string>> | NotFound =>
  lines.length === 0 ? new NotFound({ message: EMPTY_EXPORT }) : [EXPORT_COLUMNS, ...lines.map(exportRow)]
