/** The market's use cases against memory: items, their owners' profiles, uploads and reactions, as the Postgres store keeps them. */
import { Effect, Layer } from "effect"
import type { UserProfile } from "../profile/profile"
import { ProfileStore } from "../profile/profile-store"
import type { Actor } from "../shared/actor"
import { outcome, recordingPorts } from "../shared/ports.testkit"
import type { Clock, Ids, OpsLog } from "../shared/ports"
import type { UploadRecord } from "../upload/upload"
import { Uploads } from "../upload/upload-store"
import type { Page } from "../wallet/wallet-store"
import type { CircleItem } from "./item"
import { ItemStore } from "./item-store"
import { PostStatus } from "./status-machine"

export const T0 = new Date("2026-11-28T04:00:00Z")

export const profile = (id: string, over: Partial<UserProfile> = {}): UserProfile => ({
  id, openid: `o-${id}`, unionid: null, nickname: `昵称${id}`, headimgBase64: null, motto: null, authStatus: 1, authSubmittedAt: null, idCardUrl: null,
  studentCardUrl: null, toAuthRealname: null, toAuthIdCardNo: null, realname: null, idCardNo: null, sex: 1, rejectComment: null,
  phoneMain: "13900139000", phoneVice: null, paotuiStatus: -1, isPaotuiLeader: false, paotuiLeader: null, invitation: null, isXYTAdmin: false,
  pickupAble: false, creditScore: 100, newPaotuiOrderRemind: false, subscribeTime: T0, role: "student", worksiteId: "w1", ...over
})

/** Two students of w1 (seller, buyer), one of w2, one not verified. */
export const people = {
  seller: profile("seller"),
  buyer: profile("buyer"),
  east: profile("east", { worksiteId: "w2" }),
  unverified: profile("unverified", { authStatus: 0 })
}

export const actorOf = (p: UserProfile): Actor => ({ userId: p.id, openid: p.openid, role: "student" })

/** An upload of this user's, served as `/sign/20261128/{32 hex}.png`. */
export const uploadOf = (id: string, userId: string): UploadRecord => ({
  id, userId, field: "fileVal", dateFolder: "20261128", fileName: `${id.padEnd(32, "0").slice(0, 32)}.png`, bytes: 10, ocr: null, createdAt: T0
})
export const picOf = (u: UploadRecord) => ({ _id: u.id, url: `https://img.example/sign/${u.dateFolder}/${u.fileName}` })

const PAGE = 20
const pageOf = <A>(all: ReadonlyArray<A>, page: number): Page<A> => ({
  results: all.slice((page - 1) * PAGE, page * PAGE), pageNumber: page, pageCount: Math.max(1, Math.ceil(all.length / PAGE)), recordCount: all.length
})

export const marketWorld = (ids?: ReadonlyArray<string>) => {
  const profiles = new Map(Object.values(people).map((p) => [p.id, p]))
  const items = new Map<string, Omit<CircleItem, "owner"> & { readonly ownerId: string }>()
  const uploads: Array<UploadRecord> = []
  /** `targetId/type/openid` */
  const reactions = new Set<string>()
  const locked: Array<string> = []
  let clock = T0
  const ports = recordingPorts(() => clock, ids)

  const withOwner = (item: Omit<CircleItem, "owner"> & { readonly ownerId: string }): CircleItem => {
    const { ownerId, ...rest } = item
    const p = profiles.get(ownerId)!
    return { ...rest, owner: { id: p.id, openid: p.openid, nickname: p.nickname, headimgBase64: p.headimgBase64 } }
  }
  const newestFirst = (all: ReadonlyArray<CircleItem>) =>
    [...all].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0))
  const all = () => [...items.values()].map(withOwner)
  const change = (id: string, to: Partial<CircleItem>) => void items.set(id, { ...items.get(id)!, ...to })

  const store = ItemStore.of({
    add: (item) => Effect.sync(() => void items.set(item.id, {
      ...item.content, id: item.id, ownerId: item.ownerId, worksiteId: item.worksiteId, status: PostStatus.listed, statusBeforeHidden: null,
      viewCount: 0, zan: 0, createdAt: item.createdAt
    })),
    find: (id) => Effect.sync(() => all().find((i) => i.id === id)),
    lock: (id) => Effect.sync(() => (locked.push(id), all().find((i) => i.id === id))),
    edit: (id, content) => Effect.sync(() => change(id, content)),
    setStatus: (id, status) => Effect.sync(() => change(id, { status })),
    countView: (id) => Effect.sync(() => {
      change(id, { viewCount: items.get(id)!.viewCount + 1 })
      return items.get(id)!.viewCount
    }),
    postedSince: (ownerId, since) => Effect.sync(() => all().filter((i) => i.owner.id === ownerId && i.createdAt >= since).length),
    listed: (f, page) => Effect.sync(() => pageOf(newestFirst(all().filter((i) =>
      i.worksiteId === f.worksiteId && i.status === PostStatus.listed && (f.goodsType === undefined || i.goodsType === f.goodsType) &&
      (f.bizType === undefined || i.bizType === f.bizType))), page)),
    latest: (worksiteId, count) => Effect.sync(() => newestFirst(all().filter((i) => i.worksiteId === worksiteId && i.status === PostStatus.listed)).slice(0, count)),
    mine: (ownerId, page) => Effect.sync(() => pageOf(newestFirst(all().filter((i) => i.owner.id === ownerId && i.status !== PostStatus.deleted)), page)),
    // as Postgres answers it: only the items this person reacted to
    reactionsOf: (openid, itemIds) => Effect.sync(() => new Map(itemIds
      .map((id) => [id, [20, 30, 40, 50].filter((t) => reactions.has(`${id}/${t}/${openid}`))] as const).filter(([, types]) => types.length > 0)))
  })

  const layer = Layer.mergeAll(
    Layer.succeed(ItemStore, store),
    Layer.succeed(ProfileStore, ProfileStore.of({
      find: (userId) => Effect.sync(() => profiles.get(userId)),
      lock: (userId) => Effect.sync(() => (locked.push(userId), profiles.get(userId))),
      ...Object.fromEntries(["account", "save", "phoneTakenByOther", "leaderByInvitation", "team", "underReview"]
        .map((name) => [name, () => Effect.die(new Error(`ProfileStore.${name} is not part of this double`))]))
    } as ProfileStore["Service"])),
    Layer.succeed(Uploads, Uploads.of({
      record: () => Effect.die(new Error("Uploads.record is not part of this double")),
      findOwn: (userId, dateFolder, fileName) => Effect.sync(() => uploads.find((u) => u.userId === userId && u.dateFolder === dateFolder && u.fileName === fileName))
    }))
  )

  return {
    profiles, items, uploads, reactions, locked, ops: ports.ops,
    at: (when: Date) => void (clock = when),
    run: <A, E>(effect: Effect.Effect<A, E, ItemStore | ProfileStore | Uploads | Clock | Ids | OpsLog>) => outcome(ports.provide(effect).pipe(Effect.provide(layer)))
  }
}
