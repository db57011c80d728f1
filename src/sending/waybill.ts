/**
 * The electronic waybill (`POST /api/common/getElecWaybill/`) as pure data: its page size and the printer
 * it goes to, and what it shows (carrier, the waybill number as a barcode, sender, receiver, goods,
 * insurance, freight), its parties masked as a privacy waybill. A PDF adapter lays it out; nothing here knows PDF.
 */
import { addressLine } from "../address/region"
import { StateConflict } from "../shared/errors"
import { maskGivenName } from "../shared/person-name"
import { maskPhone } from "../shared/phone-number"
import { yuan } from "../shared/money"
import { shanghaiDate } from "../shared/time"
import type { BookingContact } from "./booking"
import { messages as sendMessages } from "./status-machine"

export const messages = {
  printerFailed: "打印失败，请检查打印机状态。",
  freightUnpaid: sendMessages.freightUnpaid,
  noNumber: "该寄件还没有快递单号"
} as const

/** The carriers' label heights: 76 × 130 and 100 × 150 rolls on the worksite's short-label printer, 100 × 180 on the other. */
export const SHEET_HEIGHTS = [130, 150, 180] as const
export type SheetHeight = (typeof SHEET_HEIGHTS)[number]
/** A worksite's two printers, named after the longest label each takes (printer150, printer180). */
export type PrinterSlot = 150 | 180
/** The printer a label of this height goes to. */
export const slotOf = (height: SheetHeight): PrinterSlot => (height === 180 ? 180 : 150)
export const DEFAULT_SHEET_HEIGHT: SheetHeight = 180
export const DEFAULT_SHEET_WIDTH = 100
export const MIN_SHEET_WIDTH = 50
export const MAX_SHEET_WIDTH = 120

/** How a worksite's label printer is spoken to: raw TCP taking the PDF, IPP (a print server or printer), or TSPL over raw TCP. */
export const PRINTER_PROTOCOLS = ["raw9100", "ipp", "tspl"] as const
export type PrinterProtocol = (typeof PRINTER_PROTOCOLS)[number]

export interface PrinterAddress {
  readonly host: string
  readonly port: number
  readonly protocol: PrinterProtocol
  /** IPP: the printer's path on its host (`/ipp/print`, CUPS `/printers/<queue>`). */
  readonly path?: string | undefined
}

/** The carrier as the worksite lists it (expressSendCompanies). */
export interface WaybillCarrier {
  readonly id: string
  readonly code: string
  readonly name: string
  readonly surfaceHeight?: number | undefined
  readonly surfaceWidth?: number | undefined
}

/** The worksite's two label printers (printer150Ip/Port, printer180Ip/Port), either may be missing. */
export interface WaybillPrinters {
  readonly 150?: PrinterAddress | undefined
  readonly 180?: PrinterAddress | undefined
}

export interface PageSetup {
  readonly widthMm: number
  readonly heightMm: SheetHeight
  readonly printer: PrinterAddress
}

const isSheetHeight = (n: number | undefined): n is SheetHeight => (SHEET_HEIGHTS as ReadonlyArray<number | undefined>).includes(n)

/**
 * The sheet: the carrier's height when it names 130, 150 or 180 (else 180), printed on the worksite's printer
 * for that height (130 and 150 on the short-label one); a worksite with only the other printer prints on that
 * one at its own height (150 or 180). The width is the carrier's (50–120 mm), else 100 mm. No printer at all →
 * the spec's printer failure (409).
 */
export const pageSetup = (carrier: WaybillCarrier, printers: WaybillPrinters): PageSetup | StateConflict => {
  const wanted = isSheetHeight(carrier.surfaceHeight) ? carrier.surfaceHeight : DEFAULT_SHEET_HEIGHT
  const slot = slotOf(wanted)
  const other: PrinterSlot = slot === 150 ? 180 : 150
  const [heightMm, printer] = printers[slot] ? [wanted, printers[slot]] : printers[other] ? [other, printers[other]] : [undefined, undefined]
  if (heightMm === undefined || printer === undefined) return new StateConflict({ message: messages.printerFailed })
  const w = carrier.surfaceWidth
  const widthMm = w !== undefined && Number.isInteger(w) && w >= MIN_SHEET_WIDTH && w <= MAX_SHEET_WIDTH ? w : DEFAULT_SHEET_WIDTH
  return { widthMm, heightMm, printer }
}

/** What the waybill needs of its send order. */
export interface WaybillOrder {
  readonly orderNo: string
  readonly expressNo: string | null
  readonly sender: BookingContact
  readonly receiver: BookingContact
  readonly goodsName: string
  readonly goodsCount: number
  /** Grams. */
  readonly freightWeight: number | null
  readonly freight: number | null
  readonly freightPaid: boolean
  readonly isDaofu: boolean
  readonly insureMoney: number
  readonly insureFreight: number
  readonly remark: string
}

export interface WaybillParty {
  readonly name: string
  readonly phone: string
  readonly address: string
}

export interface Waybill {
  readonly page: { readonly widthMm: number; readonly heightMm: SheetHeight }
  readonly carrier: { readonly code: string; readonly name: string }
  readonly barcode: { readonly format: "CODE128"; readonly value: string }
  readonly orderNo: string
  readonly sender: WaybillParty
  readonly receiver: WaybillParty
  readonly goods: string
  readonly weight: string
  readonly insurance: string
  readonly payment: string
  readonly remark: string
  /** `YYYY-MM-DD`, Asia/Shanghai. */
  readonly printedOn: string
}

/**
 * A party as the privacy waybill (隐私面单) prints it: the given name hidden ('张*', '欧阳**'), the phone's middle four
 * digits hidden ('138****0001'), the address as people write it (no '市辖区'). The order keeps the full values.
 */
export const privateParty = (c: BookingContact): WaybillParty => ({
  name: maskGivenName(c.name),
  phone: maskPhone(c.phone),
  address: addressLine(c)
})

const kilograms = (grams: number) => `${(grams / 1000).toFixed(grams % 100 === 0 ? 1 : 2)}kg`

/** The waybill of a paid (or cash-on-delivery) order with its number, on the page chosen for its carrier; else 409. */
export const waybillOf = (order: WaybillOrder, carrier: WaybillCarrier, page: Pick<PageSetup, "widthMm" | "heightMm">, now: Date): Waybill | StateConflict => {
  if (!order.freightPaid && !order.isDaofu) return new StateConflict({ message: messages.freightUnpaid })
  if (!order.expressNo) return new StateConflict({ message: messages.noNumber })

  return {
    page: { widthMm: page.widthMm, heightMm: page.heightMm },
    carrier: { code: carrier.code, name: carrier.name },
    barcode: { format: "CODE128", value: order.expressNo },
    orderNo: order.orderNo,
    sender: privateParty(order.sender),
    receiver: privateParty(order.receiver),
    goods: `${order.goodsName} × ${order.goodsCount}`,
    weight: order.freightWeight === null ? "" : kilograms(order.freightWeight),
    insurance: order.insureMoney > 0 ? `保价 ${yuan(order.insureMoney)}元，保费 ${yuan(order.insureFreight)}元` : "未保价",
    payment: order.isDaofu ? "到付" : `寄付 ${yuan(order.freight ?? 0)}元`,
    remark: order.remark,
    printedOn: shanghaiDate(now)
  }
}
