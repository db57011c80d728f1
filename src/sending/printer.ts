/** The printer port: the electronic waybill as PDF bytes, sent to the worksite's label printer; and the renderer that lays a waybill out. */
import { Context, Effect } from "effect"
import type { PrinterAddress, Waybill } from "./waybill"

/**
 * The label printer: takes a rendered PDF for the printer at this address (a printer with a language of its
 * own, TSPL, lays the waybill out itself); `ok: false` when it refuses.
 */
export class Printer extends Context.Service<Printer, {
  print(job: { readonly printer: PrinterAddress; readonly name: string; readonly pdf: Uint8Array; readonly waybill: Waybill }): Effect.Effect<{ readonly ok: true } | { readonly ok: false; readonly reason: string }>
  /** The last PDF printed under this name (the staff page opens it), if kept. */
  find(name: string): Effect.Effect<Uint8Array | undefined>
}>()("station/Printer") {}

/** Renders a waybill to PDF bytes (the adapter's layout). */
export class WaybillRenderer extends Context.Service<WaybillRenderer, {
  render(waybill: Waybill): Promise<Uint8Array>
}>()("station/WaybillRenderer") {}
