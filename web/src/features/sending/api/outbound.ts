/** The outbound staff screens' calls: scan, sender info, carriers, freight (quote, set), waybill, to-scan counts, sendOut. */
import {
  ElecWaybill, ScanSending, SendOut, ToScanAll, UpdateFreight, UpdateFreightDaofu, UserInfoByOpenid,
  type SendCompanyView, type SenderInfo
} from "#src/sending/calls"
import { send } from "../../../lib/api-client"
import { sessionToken } from "../../../lib/session"

export type { SendCompanyView, SenderInfo }

const seg = encodeURIComponent

export const scanSending = (worksiteId: string, code: string) => send(ScanSending, `/api/expressTakein/scan/${seg(worksiteId)}/${seg(code)}`)
export const fetchSender = (openid: string) => send(UserInfoByOpenid, `/api/user/userInfoByOpenid/${seg(openid)}`)
export const updateFreight = (input: { id: string; expressCompanyId: string; freightWeight: number; freight: number }) =>
  send(UpdateFreight, "/api/expressTakein/freight/updateFreight", { method: "PUT", input: { ...input, isDaofu: false, goodsPic: "" } })

export const updateFreightDaofu = (input: { id: string; expressCompanyId: string }) =>
  send(UpdateFreightDaofu, "/api/expressTakein/freight/updateFreightDaofu", { method: "PUT", input })

export const printWaybill = (input: { orderNo: string; expressCompanyId: string; expressCompanyCode: string }) =>
  send(ElecWaybill, "/api/common/getElecWaybill/", { method: "POST", input })

export const fetchToScanAll = (worksiteId: string) => send(ToScanAll, `/api/expressTakein/toScanAll/${seg(worksiteId)}`)
export const sendOut = (worksiteId: string, code: string) => send(SendOut, `/api/expressTakein/sendOut/${seg(worksiteId)}/${seg(code)}`, { method: "PUT" })

/** The printed waybill's PDF (staff, with the session's bearer token) as a local object URL to open. */
export const waybillPdfUrl = async (path: string): Promise<string> => {
  const token = sessionToken()
  const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
  if (!response.ok) throw new Error(`waybill ${response.status}`)
  return URL.createObjectURL(await response.blob())
}
