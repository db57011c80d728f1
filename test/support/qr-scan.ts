/** Reads a QR code off a PNG data URL with zbarimg, as a phone's scanner would read the picture a page shows. */
import { execFileSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

export const scanQrImage = (dataUrl: string): string => {
  const file = join(mkdtempSync(join(tmpdir(), "qr-")), "qr.png")
  writeFileSync(file, Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ""), "base64"))
  return execFileSync("/usr/bin/zbarimg", ["-q", "--raw", file], { encoding: "utf8" }).trim()
}
