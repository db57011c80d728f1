/**
 * Ports of sending: the worksite's sending settings and carriers, the freight tariff, send orders with
 * conditional status changes (two actors at once → one wins); the label printer is `printer.ts`.
 */
import { Context, Effect } from "effect"
import type { DoorPickup, NewSending } from "./booking"
import type { TariffRow } from "./freight"
import type { LoggedStep } from "./timeline"
import type { SendOrder, SendStatus } from "./status-machine"
import type { PrinterAddress, PrinterSlot, WaybillCarrier, WaybillPrinters } from "./waybill"

export interface SendCompany extends WaybillCarrier {
  readonly id: string
  readonly name: string
  readonly code: string
}

export interface SendingSettings {
  readonly worksiteId: string
  readonly jijianAble: boolean
  readonly daofuAble: boolean
  /** The one carrier (code) cash on delivery is offered for; null → none. */
  readonly daofuCarrierCode: string | null
  readonly yunfeiPic: string | null
  readonly printers: WaybillPrinters
  /** expressSendCompanies, in the worksite's order. */
  readonly companies: ReadonlyArray<SendCompany>
  /** The evening door-service end ('HH:mm'), for a plain sending's requireArriveTime. */
  readonly eveningEnd: string | null
}

/** What a booking decided that the order keeps as it was booked. */
type Booked = Pick<NewSending, "sender" | "receiver" | "goodsName" | "goodsCount" | "estimateWeight" | "insureMoney" | "insureFreight" | "remark">

/** A send order as stored: the decision's fields (SendOrder), what was booked and everything it shows. */
export interface SendRecord extends SendOrder, Booked {
  readonly orderNo: string
  readonly senderOpenid: string
  readonly goodsPic: string | null
  readonly errandId: string | null
  readonly pickup: DoorPickup | null
  readonly createdAt: Date
  readonly sentAt: Date | null
}

export class SendStore extends Context.Service<SendStore, {
  settings(worksiteId: string): Effect.Effect<SendingSettings | undefined>
  tariff(worksiteId: string): Effect.Effect<ReadonlyArray<TariffRow>>
  /** Replaces the tariff rows of each (worksite, carrier) the import names; answers how many rows were written. */
  importTariff(rows: ReadonlyArray<TariffRow>): Effect.Effect<number>
  /** Whether the building is one of the worksite's. */
  hasBuilding(worksiteId: string, buildingId: string): Effect.Effect<boolean>
  insert(order: SendRecord): Effect.Effect<void>
  findById(id: string): Effect.Effect<SendRecord | undefined>
  findByOrderNo(orderNo: string): Effect.Effect<SendRecord | undefined>
  findByErrandId(errandId: string): Effect.Effect<SendRecord | undefined>
  /** By order number or waybill (express) number, of one worksite. */
  findByCode(worksiteId: string, code: string): Effect.Effect<SendRecord | undefined>
  listForSender(senderId: string, statuses: ReadonlyArray<SendStatus>): Effect.Effect<ReadonlyArray<SendRecord>>
  /**
   * Writes `next` only if the order is still in `from` and, for a freight set, still has no freight and is
   * unpaid: false when someone else changed it first.
   */
  replace(next: SendRecord, from: SendStatus): Effect.Effect<boolean>
  /** Per carrier id: orders at status 5 of the worksite. */
  toScanCounts(worksiteId: string): Effect.Effect<ReadonlyMap<string, number>>
  /** The order's timeline operations from the operations log (src/sending/timeline.ts `TIMELINE_OPS`), in log order. */
  history(orderId: string): Effect.Effect<ReadonlyArray<LoggedStep>>
  /** Sets (or, with null, removes) one of the worksite's two label printers. */
  setPrinter(worksiteId: string, slot: PrinterSlot, printer: PrinterAddress | null): Effect.Effect<void>
  /** The user id of a sender with an order at this worksite, by openid. */
  senderAt(worksiteId: string, openid: string): Effect.Effect<string | undefined>
}>()("station/SendStore") {}
