/**
 * TSPL, the command language of the common thermal label printers (TSC, Xprinter, Gprinter, HPRT, …): the label
 * as one BITMAP at the printer's 203 dpi, sent as raw TCP like the PDF is to a raw 9100 printer. In TSPL's
 * bitmap a 0 bit prints a dot and a 1 leaves it white, the opposite of LabelBitmap (and PBM).
 */
import type { LabelSize } from "./label-layout"
import type { LabelBitmap } from "./label-bitmap"

/** The gap between die-cut labels on the carriers' waybill rolls. */
export const LABEL_GAP_MM = 2

/** One label: its size and gap, a cleared buffer, the bitmap at the top-left, one copy printed. */
export const tsplJob = (size: LabelSize, bitmap: LabelBitmap): Uint8Array => {
  const head = [
    `SIZE ${size.widthMm} mm,${size.heightMm} mm`,
    `GAP ${LABEL_GAP_MM} mm,0 mm`,
    "DIRECTION 1,0",
    "REFERENCE 0,0",
    "CLS",
    `BITMAP 0,0,${bitmap.bytesPerRow},${bitmap.height},0,`
  ].join("\r\n")
  const dots = Buffer.from(bitmap.bits.map((byte) => ~byte & 0xff))
  return new Uint8Array(Buffer.concat([Buffer.from(head, "latin1"), dots, Buffer.from("\r\nPRINT 1,1\r\n", "latin1")]))
}
