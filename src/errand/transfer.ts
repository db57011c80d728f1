/**
 * Runner teams (spec 001 §1, §4, §5, §6): a runner hands accepted orders (status 1) to a teammate under the
 * same leader, one or a batch; a leader finds a building leader by phone and sets them for a building of
 * the leader's own worksite.
 */
import { isJoinedRunner } from "../profile/runner-application"
import { firstRefusal, NotAllowed, RuleViolation, StateConflict } from "../shared/errors"
import { ErrandStatus } from "./status-machine"

export interface TeamRunner {
  readonly id: string
  readonly openid: string
  readonly paotuiStatus: number
  readonly isPaotuiLeader: boolean
  /** The id of the leader this runner belongs to. */
  readonly paotuiLeader: string | null
  readonly worksiteId: string | null
}

export const transferMessages = {
  chooseOrders: "请选择您想转的跑腿单",
  failed: "转单失败",
  done: "转单成功"
} as const

/** The team a runner is in: a leader's own, or their leader's. None for a runner without a leader. */
export const teamOf = (r: Pick<TeamRunner, "id" | "isPaotuiLeader" | "paotuiLeader">): string | null => (r.isPaotuiLeader ? r.id : r.paotuiLeader)

/** Teammates: two different joined runners of the same team. */
export const areTeammates = (a: TeamRunner, b: TeamRunner): boolean =>
  a.id !== b.id && isJoinedRunner(a) && isJoinedRunner(b) && teamOf(a) !== null && teamOf(a) === teamOf(b)

export interface TransferableOrder {
  readonly status: number
  readonly accept: { readonly openid: string } | null
}

/** An order may be handed over while accepted (status 1): before the runner collected anything. */
export const isTransferable = (order: { readonly status: number }): boolean => order.status === ErrandStatus.accepted

/**
 * May `from` hand these orders to `to`? Undefined when so, else the refusal. All or none: a batch needs a
 * selection, every order must be `from`'s and at status 1, and `to` a teammate.
 */
export const transferRefusal = (from: TeamRunner, to: TeamRunner, orders: ReadonlyArray<TransferableOrder>): RuleViolation | NotAllowed | StateConflict | undefined => {
  if (orders.length === 0) return new RuleViolation({ message: transferMessages.chooseOrders })
  if (!areTeammates(from, to)) return new NotAllowed({ message: transferMessages.failed })
  if (orders.some((o) => o.accept?.openid !== from.openid)) return new NotAllowed({ message: transferMessages.failed })
  if (!orders.every(isTransferable)) return new StateConflict({ message: transferMessages.failed })
  return undefined
}

/** The requester is told who took their order over (paotuiOrderRobbinged); its status stays 1. */
export const TRANSFER_EVENT = "paotuiOrderRobbinged"

// --- building leaders ---------------------------------------------------------------------------------------

export const leaderMessages = {
  phone: "请输入正确的手机号码",
  noRunner: "该用户暂无跑腿资格",
  otherWorksite: "TA不是本网点用户",
  lookupFirst: "请先查找楼长",
  setFailed: "设置失败",
  deleteFailed: "删除楼长失败"
} as const

export interface LeaderCandidate {
  readonly paotuiStatus: number
  readonly worksiteId: string | null
}

/** The lookup by phone: 11 digits; the person found must be a joined runner (nobody found reads the same) of the leader's worksite. */
export const leaderLookupRefusal = (phone: string, found: LeaderCandidate | null, worksiteId: string): RuleViolation | undefined =>
  firstRefusal([
    [/^\d{11}$/.test(phone.trim()), leaderMessages.phone],
    [found !== null && isJoinedRunner(found), leaderMessages.noRunner],
    [found?.worksiteId === worksiteId, leaderMessages.otherWorksite]
  ])


/** Setting a building leader needs a looked-up candidate, a leader acting, and a building of the leader's worksite. */
export const setBuildingLeaderRefusal = (
  actor: { readonly isPaotuiLeader: boolean; readonly worksiteId: string | null },
  building: { readonly worksiteId: string },
  candidate: LeaderCandidate | null
): RuleViolation | NotAllowed | undefined => {
  if (!actor.isPaotuiLeader || actor.worksiteId !== building.worksiteId) return new NotAllowed({ message: leaderMessages.setFailed })
  if (!candidate) return new RuleViolation({ message: leaderMessages.lookupFirst })
  const failure = !isJoinedRunner(candidate) ? leaderMessages.noRunner : candidate.worksiteId !== building.worksiteId ? leaderMessages.otherWorksite : undefined
  return failure ? new RuleViolation({ message: failure }) : undefined
}
