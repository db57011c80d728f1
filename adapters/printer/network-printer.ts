/**
 * The worksites' real label printers, each spoken to as its worksite set it up (`sending_settings`'
 * printer150/180 protocol): `raw9100` takes the PDF as raw TCP, `ipp` a Print-Job of the PDF, `tspl` the label
 * as a 203 dpi bitmap in TSPL over raw TCP. A refusal or a silence is `ok: false` (the use case answers
 * '打印失败，请检查打印机状态。' and keeps nothing, so the waybill can be printed again); what was printed is also
 * kept (by the fake printer's directory) for the staff page to open.
 */
import { Effect } from "effect"
import { Printer } from "#src/sending/printer"
import type { FakePrinter } from "./fake-printer"
import { ippPrint } from "./ipp-printer"
import { renderWaybillBitmap } from "./label-bitmap"
import { sendRaw } from "./raw-printer"
import { tsplJob } from "./tspl"

type Job = Parameters<Printer["Service"]["print"]>[0]

const send = async ({ printer, name, pdf, waybill }: Job, timeoutMs: number | undefined) => {
  switch (printer.protocol) {
    case "raw9100":
      return sendRaw(printer.host, printer.port, pdf, timeoutMs)
    case "ipp":
      return ippPrint(printer, name, pdf, timeoutMs)
    case "tspl":
      return sendRaw(printer.host, printer.port, tsplJob(waybill.page, await renderWaybillBitmap(waybill)), timeoutMs)
  }
}

/** The port over the network; `timeoutMs` is how long a printer may be silent (each protocol's own default). */
export const networkPrinter = (keeper: FakePrinter, options: { readonly timeoutMs?: number } = {}): Printer["Service"] => {
  const keep = keeper.port()
  return Printer.of({
    print: (job) => Effect.promise(() => send(job, options.timeoutMs)).pipe(Effect.flatMap((sent) => (sent.ok ? keep.print(job) : Effect.succeed(sent)))),
    find: keep.find
  })
}
