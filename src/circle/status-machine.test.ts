import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { NotAllowed, StateConflict } from "../shared/errors"
import { POST_KINDS, type PostKind } from "./codes"
import {
  POST_REQUESTS, POST_STATUSES, offers, postTransitions, statusRequest, transition, type CirclePost, type PostActor, type PostRequest, type PostStatus
} from "./status-machine"

const OWNER = "owner-openid"
const USERS = ["u1", "u2", "u3", "u4", "u5"]
const post = (over: Partial<CirclePost> = {}): CirclePost => ({ kind: 10, owner: OWNER, status: 1, statusBeforeHidden: null, reporters: [], ...over })
const owner: PostActor = { openid: OWNER }
const user = (openid: string): PostActor => ({ openid })

/** Issue 19's table, edge by edge: from, action, who, to (hidden is 2, deleted −1). */
const tableEdges: ReadonlyArray<readonly [PostStatus, PostRequest, "owner" | "admin", PostStatus]> = [
  [1, "delist", "owner", 0], [0, "relist", "owner", 1], [1, "edit", "owner", 1], [0, "edit", "owner", 0],
  [1, "delete", "owner", -1], [0, "delete", "owner", -1], [2, "delete", "owner", -1],
  [1, "hide", "admin", 2], [0, "hide", "admin", 2]
]

describe("the circle post status machine", () => {
  test.prop([fc.constantFrom(...POST_STATUSES), fc.constantFrom(...POST_REQUESTS.filter((a) => a !== "report" && a !== "restore"))])(
    "an item's owner and admin actions take exactly the table's edges",
    (from, action) => {
      const edge = tableEdges.find(([f, a]) => f === from && a === action)
      const who = postTransitions[action].by === "admin" ? "admin" : owner
      const next = transition(post({ status: from }), action, who)
      if (edge) expect((next as CirclePost).status).toBe(edge[3])
      else expect(next).toEqual(new StateConflict({ message: "操作失败" }))
    }
  )

  it("restores a hidden post to the status it had before", () => {
    for (const before of [0, 1] as const) {
      const hidden = transition(post({ status: before }), "hide", "admin") as CirclePost
      expect([hidden.status, hidden.statusBeforeHidden]).toEqual([2, before])
      expect(transition(hidden, "restore", "admin")).toMatchObject({ status: before, statusBeforeHidden: null })
    }
    expect(transition(post(), "restore", "admin")).toBeInstanceOf(StateConflict)
  })

  test.prop([fc.constantFrom<PostKind>(20, 30, 40), fc.constantFrom<PostRequest>("delist", "relist", "edit")])(
    "a social post is neither listed, delisted nor edited, but its owner deletes it",
    (kind, action) => {
      expect(transition(post({ kind }), action, owner)).toBeInstanceOf(StateConflict)
      expect(transition(post({ kind }), "delete", owner)).toMatchObject({ status: -1 })
    }
  )

  test.prop([fc.constantFrom(...POST_KINDS), fc.constantFrom(...POST_STATUSES), fc.constantFrom(...POST_REQUESTS), fc.constantFrom<PostActor>(owner, user("u1"), "admin")])(
    "another's post, or a user doing an admin's work, is refused '操作失败'; the admin takes no owner action",
    (kind, status, action, who) => {
      const next = transition(post({ kind, status }), action, who)
      const role = who === "admin" ? "admin" : who.openid === OWNER ? "owner" : "reporter"
      const mayTry = action === "report" ? role !== "admin" : postTransitions[action].by === role
      if (!mayTry) expect(next).toEqual(new NotAllowed({ message: action === "report" ? "提交失败，请联系平台客服" : "操作失败" }))
      else expect(next instanceof NotAllowed).toBe(false)
    }
  )

  it("a deleted post keeps no status to go back to, also when it was hidden", () => {
    const hidden = transition(post({ status: 0 }), "hide", "admin") as CirclePost
    expect(transition(hidden, "delete", owner)).toMatchObject({ status: -1, statusBeforeHidden: null })
  })

  it("deleted is final", () => {
    const gone = post({ status: -1 })
    for (const action of POST_REQUESTS) {
      for (const who of [owner, user("u1"), "admin"] as const) {
        const next = transition(gone, action, who)
        expect(next instanceof NotAllowed || next instanceof StateConflict).toBe(true)
      }
    }
    expect(POST_REQUESTS.some((a) => offers(gone, a))).toBe(false)
  })

  it("reads the status call's number as its action", () => {
    expect([0, 1, 2, -1].map(statusRequest)).toEqual(["delist", "relist", undefined, undefined])
  })
})

// ---- model-based: random actions by the owner, five users and the admin ------------------------------------------

interface Model {
  status: PostStatus
  before: PostStatus | null
  readonly reporters: Set<string>
  hiddenByReports: number
  /** Whether the post was listed or delisted when its third distinct reporter came. */
  thirdCameWhileShown: boolean
}
interface Real {
  post: CirclePost
  hiddenByReports: number
}

const shown = (s: PostStatus) => s === 0 || s === 1

class Act implements fc.Command<Model, Real> {
  constructor(readonly action: PostRequest, readonly who: PostActor, readonly kind: PostKind) {}
  check = () => true
  run(m: Model, r: Real) {
    const next = transition(r.post, this.action, this.who)
    const isOwner = this.who !== "admin" && this.who.openid === OWNER
    const isAdmin = this.who === "admin"
    const item = this.kind === 10
    // the model: what each person may do, in plain words
    let expected: PostStatus | "refused" = "refused"
    switch (this.action) {
      case "delist": if (isOwner && item && m.status === 1) expected = 0; break
      case "relist": if (isOwner && item && m.status === 0) expected = 1; break
      case "edit": if (isOwner && item && shown(m.status)) expected = m.status; break
      case "delete": if (isOwner && m.status !== -1) expected = -1; break
      case "hide": if (isAdmin && shown(m.status)) expected = 2; break
      case "restore": if (isAdmin && m.status === 2) expected = m.before!; break
      case "report": {
        if (isAdmin || m.status === -1) break
        const fresh = !m.reporters.has(this.who.openid)
        m.reporters.add(this.who.openid)
        const third = fresh && m.reporters.size === 3
        if (third) m.thirdCameWhileShown = shown(m.status)
        expected = third && shown(m.status) ? 2 : m.status
        if (third && shown(m.status)) m.hiddenByReports++
      }
    }
    if (expected === "refused") {
      expect(next instanceof NotAllowed || next instanceof StateConflict, String(next)).toBe(true)
      return
    }
    const after = next as CirclePost
    if (this.action === "report" && after.status === 2 && r.post.status !== 2) r.hiddenByReports++
    if (expected === 2 && m.status !== 2) m.before = m.status
    if (this.action === "restore") m.before = null
    m.status = expected
    r.post = after
    expect(after.status).toBe(m.status)
    expect(new Set(after.reporters)).toEqual(m.reporters)
    expect(after.reporters.length).toBe(m.reporters.size)
    expect(r.hiddenByReports).toBe(m.hiddenByReports)
  }
  toString = () => `${this.action}(${this.who === "admin" ? "admin" : this.who.openid})`
}

const actors = fc.oneof(
  { weight: 2, arbitrary: fc.constant<PostActor>(owner) },
  { weight: 4, arbitrary: fc.constantFrom(...USERS).map(user) },
  { weight: 1, arbitrary: fc.constant<PostActor>("admin") }
)
const commands = (kind: PostKind) => [
  fc.tuple(fc.constantFrom(...POST_REQUESTS), actors).map(([a, w]) => new Act(a, w, kind)),
  fc.tuple(fc.constant<PostRequest>("report"), fc.constantFrom(...USERS, OWNER).map(user)).map(([a, w]) => new Act(a, w, kind))
]

describe("the post's life under random actions", () => {
  test.prop([fc.constantFrom(...POST_KINDS).chain((kind) => fc.tuple(fc.constant(kind), fc.commands(commands(kind), { maxCommands: 60 })))], { numRuns: 300 })(
    "takes only the table's edges; reporters are counted once each; the third distinct reporter hides a shown post exactly once",
    ([kind, cmds]) => {
      const model: Model = { status: 1, before: null, reporters: new Set(), hiddenByReports: 0, thirdCameWhileShown: false }
      const real: Real = { post: post({ kind }), hiddenByReports: 0 }
      fc.modelRun(() => ({ model, real }), cmds)
      expect(real.post.reporters.length).toBe(new Set(real.post.reporters).size)
      expect(real.hiddenByReports).toBe(model.reporters.size >= 3 && model.thirdCameWhileShown ? 1 : 0)
    }
  )
})
