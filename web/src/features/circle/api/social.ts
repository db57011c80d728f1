/** Sell-a-teammate, the confession wall and the message board (spec 002 §7): posting, the pages from 1, the discovery home's latest and splits. */
import {
  AddConfession, AddMessage, AddTeammate, ConfessionPaging, ConfessionSexSplit, LatestConfession, LatestMessages, LatestTeammate, MessagePaging,
  TeammatePaging, TeammateSexSplit
} from "#src/circle/calls"
import { send } from "../../../lib/api-client"

export type TeammateInput = typeof AddTeammate.request.Type
export type ConfessionInput = typeof AddConfession.request.Type
export type MessageInput = typeof AddMessage.request.Type

export const addTeammate = (input: TeammateInput, idempotencyKey: string) => send(AddTeammate, "/api/circle/sfadd", { method: "POST", input, idempotencyKey })
export const addConfession = (input: ConfessionInput, idempotencyKey: string) => send(AddConfession, "/api/circle/bbadd", { method: "POST", input, idempotencyKey })
export const addMessage = (input: MessageInput, idempotencyKey: string) => send(AddMessage, "/api/circle/jyadd", { method: "POST", input, idempotencyKey })

export const fetchTeammates = (pageNo: number) => send(TeammatePaging, "/api/circle/sfPaging", { input: { pageNo } })
export const fetchConfessions = (pageNo: number) => send(ConfessionPaging, "/api/circle/bbPaging", { input: { pageNo } })
export const fetchMessages = (pageNo: number) => send(MessagePaging, "/api/circle/jyPaging", { input: { pageNo } })

export const fetchLatestTeammate = () => send(LatestTeammate, "/api/circle/sfFirst")
export const fetchLatestConfession = () => send(LatestConfession, "/api/circle/bbFirst")
export const fetchLatestMessages = () => send(LatestMessages, "/api/circle/jyThree")
export const fetchTeammateSplit = () => send(TeammateSexSplit, "/api/circle/sfPercent")
export const fetchConfessionSplit = () => send(ConfessionSexSplit, "/api/circle/bbPercent")
