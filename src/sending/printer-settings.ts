/**
 * A worksite's label printers as the operator sets them (`station printers set`): which of the two (`150`, the
 * short labels, or `180`), where it is (a host name or an IP address and a port) and how it is spoken to (raw TCP
 * taking the PDF, IPP at a path, or TSPL). The port defaults to the protocol's own (9100 raw and TSPL, 631 IPP);
 * only an IPP printer has a path, `/ipp/print` by default.
 */
import { RuleViolation } from "../shared/errors"
import { PRINTER_PROTOCOLS, type PrinterAddress, type PrinterProtocol, type PrinterSlot } from "./waybill"

export const messages = {
  slotWrong: "打印机只能是 150（短面单）或 180",
  hostWrong: "打印机地址不正确",
  portWrong: "打印机端口应为 1-65535",
  protocolWrong: `打印协议只能是 ${PRINTER_PROTOCOLS.join("、")}`,
  pathWrong: "IPP 打印路径应以 / 开头，不含空格",
  pathNotIpp: "只有 IPP 打印机有打印路径",
  worksiteMissing: "驿站不存在"
} as const

export const DEFAULT_PORTS: { readonly [P in PrinterProtocol]: number } = { raw9100: 9100, tspl: 9100, ipp: 631 }
export const DEFAULT_IPP_PATH = "/ipp/print"

/** The printer as typed: all text, any part missing. */
export interface PrinterInput {
  readonly host: string
  readonly port?: string | undefined
  readonly protocol?: string | undefined
  readonly path?: string | undefined
}

/** A DNS name (labels of letters, digits and '-') or an IPv4 address; an IPv6 one in brackets or bare. */
const HOST = /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/
const IPV6 = /^\[?[0-9A-Fa-f:.]{2,45}\]?$/
const PATH = /^\/[\x21-\x7e]{0,200}$/

const isProtocol = (p: string): p is PrinterProtocol => (PRINTER_PROTOCOLS as ReadonlyArray<string>).includes(p)

export const printerSlot = (slot: string): PrinterSlot | RuleViolation =>
  slot === "150" ? 150 : slot === "180" ? 180 : new RuleViolation({ message: messages.slotWrong })

/** The printer's address from what the operator typed, or the first thing wrong with it. */
export const printerAddress = (input: PrinterInput): PrinterAddress | RuleViolation => {
  const host = input.host.trim()
  const v6 = host.includes(":")
  if (!(v6 ? IPV6.test(host) && host.split(":").length >= 3 : HOST.test(host))) return new RuleViolation({ message: messages.hostWrong })
  const protocol = (input.protocol ?? "raw9100").trim()
  if (!isProtocol(protocol)) return new RuleViolation({ message: messages.protocolWrong })
  const portText = (input.port ?? "").trim()
  const port = portText === "" ? DEFAULT_PORTS[protocol] : /^\d{1,5}$/.test(portText) ? Number(portText) : Number.NaN
  if (!(port >= 1 && port <= 65535)) return new RuleViolation({ message: messages.portWrong })
  const path = input.path?.trim()
  if (protocol !== "ipp") return path ? new RuleViolation({ message: messages.pathNotIpp }) : { host: host.replace(/^\[|\]$/g, ""), port, protocol }
  if (path !== undefined && path !== "" && !PATH.test(path)) return new RuleViolation({ message: messages.pathWrong })
  return { host: host.replace(/^\[|\]$/g, ""), port, protocol, path: path || DEFAULT_IPP_PATH }
}
