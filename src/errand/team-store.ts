/**
 * The team port: the people of errand teams (runners, their leaders, requesters by openid), the per-building
 * counts a leader watches, a runner's day of orders for the spreadsheet, and the tips paid for an order.
 */
import { Context, Effect } from "effect"
import type { ExportLine } from "./export"
import type { TeamRunner } from "./transfer"

export interface Member extends TeamRunner {
  readonly realname: string | null
  readonly nickname: string | null
  readonly phoneMain: string | null
  readonly headimgBase64: string | null
  readonly invitation: string | null
}

/** A building's orders by stage (spec 001 §2 `/paotuiStatusInfo`): accepted, collected, delivered, completed. */
export interface BuildingCounts {
  readonly buildingId: string | null
  readonly name: string
  readonly toPickup: number
  readonly sending: number
  readonly toSign: number
  readonly completed: number
}


export class TeamStore extends Context.Service<TeamStore, {
  byId(userId: string): Effect.Effect<Member | undefined>
  byOpenid(openid: string): Effect.Effect<Member | undefined>
  /** The user whose main or vice phone this is. */
  byPhone(phone: string): Effect.Effect<Member | undefined>
  /** Type-1 orders of the worksite placed in [from, to), counted per building by stage. */
  buildingCounts(worksiteId: string, from: Date, to: Date): Effect.Effect<ReadonlyArray<BuildingCounts>>
  /** The runner's orders (not cancelled) accepted in [from, to), oldest first, with what the spreadsheet shows beside each order. */
  dayOrders(runnerOpenid: string, from: Date, to: Date): Effect.Effect<ReadonlyArray<ExportLine>>
  /** The tips paid (settled, not refunded) for an order, in fen. */
  paidTips(orderId: string): Effect.Effect<number>
}>()("station/TeamStore") {}

/** The name a runner goes by: the real name, else the nickname. */
export const memberName = (m: Pick<Member, "realname" | "nickname">): string => m.realname || m.nickname || ""
