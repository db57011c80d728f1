/** The errand team's calls: rating and tip, credit records, building leaders and counts, the runner's day, the recruit card. */
import {
  AreaById, BuildingsForManager, BuildingStatus, CreditRecords, DayOrders, DelManager, FindManager, Rate, RecruitCard, Reward, SetManager
} from "#src/errand/calls"
import { send } from "../../../lib/api-client"
import { usePages } from "../../../lib/paging"
import { useLoad } from "../../../lib/use-load"

const seg = encodeURIComponent

export const rate = (input: { paotuiId: string; acceptOpenid: string; score: number; tags: ReadonlyArray<number>; rewardMoney: number }, idempotencyKey: string) =>
  send(Rate, "/api/paotuiOrder/comment/update", { method: "PUT", input, idempotencyKey })

/** The tip's prepay, priced on the server from the order and the amount in fen. */
export const prepayTip = (orderId: string, amountFen: number) => send(Reward, `/api/paotuiOrder/reward/${seg(orderId)}/${amountFen}`)

export const useCreditRecords = () => usePages((pageNo, cursor) => send(CreditRecords, "/api/creditscore/wxlist", { input: { pageNo, ...(cursor === undefined ? {} : { cursor }) } }))

export const useManagedBuildings = (worksiteId: string | undefined) =>
  useLoad(worksiteId ? () => send(BuildingsForManager, `/api/building/listForSetManager/${seg(worksiteId)}`) : undefined, [worksiteId])

export const findManager = (phone: string) => send(FindManager, `/api/building/findManager/${seg(phone)}`)

export const setManager = (buildingId: string, userId: string, idempotencyKey: string) =>
  send(SetManager, `/api/building/setExpressMaster/${seg(buildingId)}/${seg(userId)}`, { method: "PUT", idempotencyKey })

export const removeManager = (buildingId: string) => send(DelManager, `/api/building/delExpressMaster/${seg(buildingId)}`, { method: "DELETE" })

export const useBuildingStatus = (token: string | undefined) => useLoad(token ? () => send(BuildingStatus, "/api/building/status/paotui") : undefined, [token])

export const useDayOrders = (token: string | undefined) => useLoad(token ? () => send(DayOrders, "/api/paotuiOrder/getListForDownload") : undefined, [token])

export const useRecruitCard = (token: string | undefined) => useLoad(token ? () => send(RecruitCard, "/api/paotuiOrder/recruit") : undefined, [token])

export const useArea = (id: string | null | undefined) => useLoad(id ? () => send(AreaById, `/api/area/getById/${seg(id)}`) : undefined, [id])
