/**
 * The market's use cases against memory (item-store.testkit.ts): posting (the real-name gate, one's own worksite, the
 * form's first problem, one's own pictures, 20 a day by the Shanghai day), editing and listing/delisting by the owner
 * only, the lists and who sees a detail, what a view counts and what a viewer is shown. What is stored and logged.
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { refused } from "../shared/ports.testkit"
import type { AddItem, EditItem } from "./calls"
import { GoodsType } from "./codes"
import { actorOf, marketWorld, people, picOf, T0, uploadOf } from "./item-store.testkit"
import type { CircleItem } from "./item"
import {
  addItem, addItemWith, editItem, itemDetail, itemPaging, latestItems, loggedPics, mayView, myItemPaging, setItemStatus, viewItem
} from "./market"
import { PostStatus } from "./status-machine"

type AddInput = typeof AddItem.request.Type
type EditInput = typeof EditItem.request.Type

const seller = actorOf(people.seller)
const buyer = actorOf(people.buyer)
const east = actorOf(people.east)
const operationFailed = "操作失败"

const sellerPics = [uploadOf("a1", "seller"), uploadOf("a2", "seller")]
const buyerPic = uploadOf("b1", "buyer")

/** A world whose seller and buyer have uploaded their pictures. */
const world = (ids?: ReadonlyArray<string>) => {
  const w = marketWorld(ids)
  w.uploads.push(...sellerPics, buyerPic)
  return w
}

const book = (over: Partial<AddInput> = {}): AddInput => ({
  bizType: 20, goodsType: 10, major: "数学系", class: 2, title: " 线性代数 ", sum: "1", level: 90, feeType: 1, price: "12.5", cost: "30",
  phone: "13800000000", wxNo: "wx_seller", show: 1, remark: "无笔记", demand: "当面", pics: sellerPics.map(picOf), worksite: "w1", ...over
})

const stored = (w: ReturnType<typeof world>, id: string) => w.items.get(id)!

/** Posts `n` items of the seller's at this time (ids from the world's id list). */
const postMany = async (w: ReturnType<typeof world>, n: number, over: Partial<AddInput> = {}) => {
  const ids: Array<string> = []
  for (let i = 0; i < n; i++) {
    const r = await w.run(addItem(seller, book(over)))
    if (!r.ok) throw new Error(r.error.message)
    ids.push(r.value)
  }
  return ids
}

describe("posting an item", () => {
  it("keeps a verified student's book for sale in fen, its pictures as their served paths, at their worksite, and logs it", async () => {
    const w = world(["c1"])
    expect(await w.run(addItem(seller, book()))).toEqual({ ok: true, value: "c1" })
    expect(stored(w, "c1")).toEqual({
      id: "c1", ownerId: "seller", worksiteId: "w1", bizType: 20, goodsType: 10, title: "线性代数", sum: 1, remark: "无笔记", demand: "当面",
      feeType: 1, priceFen: 1250, costFen: 3000, level: 90, major: "数学系", class: 2, phone: "13800000000", wxNo: "wx_seller", show: null,
      pics: sellerPics.map((u) => ({ id: u.id, url: `/sign/20261128/${u.fileName}` })), status: 1, statusBeforeHidden: null, viewCount: 0, zan: 0,
      createdAt: T0
    })
    expect(w.locked).toEqual(["seller"])
    expect(w.ops).toEqual([{
      op: "addCircleItem", actorOpenid: "o-seller", at: T0, outcome: { id: "c1" },
      input: { ...book(), pics: sellerPics.map((u) => ({ _id: u.id, url: `/sign/20261128/${u.fileName}` })) }
    }])
  })

  it("keeps only what the kind has: free is −1, a skill has no category, quantity or condition, a wanted item no book fields", async () => {
    const w = world(["free", "skill", "want"])
    await w.run(addItem(seller, book({ feeType: 2, price: "免费", cost: "" })))
    expect(stored(w, "free")).toMatchObject({ feeType: 2, priceFen: -1, costFen: null })
    await w.run(addItem(seller, book({ bizType: 70, goodsType: 30, title: "吉他教学", sum: "", level: 90, show: 2, phone: "", pics: [] })))
    expect(stored(w, "skill")).toMatchObject({ goodsType: -1, sum: -1, level: null, major: null, class: null, costFen: null, show: 2, phone: null })
    await w.run(addItem(seller, book({ bizType: 10, goodsType: 20, title: "台灯", sum: "-1", pics: undefined, remark: undefined, show: 9 })))
    expect(stored(w, "want")).toMatchObject({ goodsType: 20, sum: -1, level: null, major: null, class: null, costFen: null, show: null, remark: "", pics: [] })
  })

  it.each([
    ["under review", { authStatus: 0 }], ["never verified", { authStatus: -1 }], ["refused", { authStatus: 2 }]
  ] as const)("refuses a student whose real name is %s: '用户还没通过实名认证' (403)", async (_, over) => {
    const w = world()
    w.profiles.set("seller", { ...people.seller, ...over })
    expect(await w.run(addItem(seller, book()))).toMatchObject(refused("NotAllowed", "用户还没通过实名认证"))
    expect([w.items.size, w.ops.length]).toEqual([0, 0])
  })

  it("refuses another worksite, or none, as '操作失败' (403)", async () => {
    const w = world()
    expect(await w.run(addItem(seller, book({ worksite: "w2" })))).toMatchObject(refused("NotAllowed", operationFailed))
    expect(await w.run(addItem(seller, book({ worksite: undefined })))).toMatchObject(refused("NotAllowed", operationFailed))
    w.profiles.set("seller", { ...people.seller, worksiteId: null })
    expect(await w.run(addItem(seller, book({ worksite: "w1" })))).toMatchObject(refused("NotAllowed", operationFailed))
    expect(w.items.size).toBe(0)
  })

  it("answers the form's first problem in the spec's words, and a code the form has not as a bad request", async () => {
    const w = world()
    expect(await w.run(addItem(seller, book({ major: " ", title: "" })))).toMatchObject(refused("RuleViolation", "请选择适用的院系"))
    expect(await w.run(addItem(seller, book({ title: "" })))).toMatchObject(refused("RuleViolation", "请输入出售的书籍"))
    expect(await w.run(addItem(seller, book({ pics: [] })))).toMatchObject(refused("RuleViolation", "请至少上传一张图片"))
    expect(await w.run(addItem(seller, book({ price: "12.345" })))).toMatchObject(refused("RuleViolation", "友情价必填且>=0"))
    for (const codes of [{ bizType: 80 }, { bizType: undefined }, { feeType: 3 }, { feeType: undefined }, { bizType: 70, show: 3 }]) {
      expect(await w.run(addItem(seller, book(codes)))).toMatchObject(refused("RuleViolation", "请求不正确"))
    }
    expect(w.items.size).toBe(0)
  })

  it("takes only the poster's own uploads: another's, a made-up one or a wrong id is '请上传图片'", async () => {
    const w = world()
    const mine = picOf(sellerPics[0]!)
    for (const pics of [[mine, picOf(buyerPic)], [{ _id: "x", url: "/sign/20261128/ffffffffffffffffffffffffffffffff.png" }], [{ ...mine, _id: "a2" }], [{ ...mine, url: "/etc/passwd" }]]) {
      expect(await w.run(addItem(seller, book({ pics })))).toMatchObject(refused("RuleViolation", "请上传图片"))
    }
    expect([w.items.size, w.ops.length]).toEqual([0, 0])
  })

  it("a replay takes the pictures as the log kept them, without looking for the uploads", async () => {
    const w = marketWorld(["c1"])
    const kept = [{ _id: "a1", url: "/sign/20261128/a1.png" }]
    expect(await w.run(addItemWith(seller, book({ pics: kept }), loggedPics))).toEqual({ ok: true, value: "c1" })
    expect(stored(w, "c1").pics).toEqual([{ id: "a1", url: "/sign/20261128/a1.png" }])
  })

  it("takes 20 a day from each person, deleted ones counted; the 21st waits for the next Shanghai day (429)", async () => {
    const w = world(Array.from({ length: 30 }, (_, i) => `c${i}`))
    const posted = await postMany(w, 20)
    w.items.set(posted[0]!, { ...stored(w, posted[0]!), status: PostStatus.deleted })
    expect(await w.run(addItem(seller, book()))).toMatchObject(refused("LimitReached", "今天发布太多了，请明天再来"))
    expect(await w.run(addItem(buyer, book({ pics: [picOf(buyerPic)] })))).toMatchObject({ ok: true })
    w.at(new Date("2026-11-28T15:59:59Z"))
    expect(await w.run(addItem(seller, book()))).toMatchObject({ ok: false, error: { _tag: "LimitReached" } })
    w.at(new Date("2026-11-28T16:00:00Z"))
    expect(await w.run(addItem(seller, book()))).toMatchObject({ ok: true })
    expect(w.items.size).toBe(22)
  })
})

describe("the owner's changes", () => {
  const edit = (id: string, over: Partial<EditInput> = {}): EditInput => {
    const { worksite: _w, ...fields } = book()
    return { ...fields, _id: id, title: "线性代数 第二版", price: "10", ...over }
  }

  it("an edit changes the fields, not the status, views or likes; logged with its status", async () => {
    const w = world(["c1"])
    await postMany(w, 1)
    w.items.set("c1", { ...stored(w, "c1"), status: PostStatus.delisted, viewCount: 7, zan: 2 })
    expect(await w.run(editItem(seller, edit("c1", { pics: [picOf(sellerPics[1]!)] })))).toEqual({ ok: true, value: { id: "c1", status: 0 } })
    expect(stored(w, "c1")).toMatchObject({
      title: "线性代数 第二版", priceFen: 1000, status: 0, viewCount: 7, zan: 2, worksiteId: "w1", pics: [{ id: "a2", url: `/sign/20261128/${sellerPics[1]!.fileName}` }]
    })
    expect(w.ops.at(-1)).toMatchObject({
      op: "editCircleItem", input: { _id: "c1", title: "线性代数 第二版", pics: [{ _id: "a2", url: `/sign/20261128/${sellerPics[1]!.fileName}` }] },
      outcome: { id: "c1", status: 0 }
    })
    expect(await w.run(editItem(seller, edit("c1", { bizType: 10, goodsType: 20, pics: undefined })))).toMatchObject({ ok: true })
    expect(stored(w, "c1").pics).toEqual([])
  })

  it("another's item is 403, a deleted or hidden one 409, none 404, all '操作失败'; a bad form its first problem; nothing changes", async () => {
    const w = world(["c1", "c2", "c3"])
    await postMany(w, 3)
    w.items.set("c2", { ...stored(w, "c2"), status: PostStatus.deleted, deletedAt: T0 } as never)
    w.items.set("c3", { ...stored(w, "c3"), status: PostStatus.hidden, statusBeforeHidden: PostStatus.listed })
    const before = new Map(w.items)
    expect(await w.run(editItem(buyer, edit("c1", { pics: [picOf(buyerPic)] })))).toMatchObject(refused("NotAllowed", operationFailed))
    expect(await w.run(editItem(buyer, edit("c2", { pics: [picOf(buyerPic)] })))).toMatchObject(refused("NotAllowed", operationFailed))
    expect(await w.run(editItem(seller, edit("c2")))).toMatchObject(refused("StateConflict", operationFailed))
    expect(await w.run(editItem(seller, edit("c3")))).toMatchObject(refused("StateConflict", operationFailed))
    expect(await w.run(editItem(seller, edit("nope")))).toMatchObject(refused("NotFound", operationFailed))
    expect(await w.run(editItem(seller, edit("c1", { title: "" })))).toMatchObject(refused("RuleViolation", "请输入出售的书籍"))
    expect(await w.run(editItem(seller, edit("c1", { pics: [picOf(buyerPic)] })))).toMatchObject(refused("RuleViolation", "请上传图片"))
    expect(w.items).toEqual(before)
    expect(w.ops.map((o) => o.op)).toEqual(["addCircleItem", "addCircleItem", "addCircleItem"])
  })

  it("0 delists a listed item and 1 lists it again; the same twice, another's, a hidden one or another status are refused", async () => {
    const w = world(["c1", "c2"])
    await postMany(w, 2)
    expect(await w.run(setItemStatus(seller, { id: "c1", status: 0 }))).toEqual({ ok: true, value: { id: "c1", status: 0 } })
    expect(await w.run(setItemStatus(seller, { id: "c1", status: 0 }))).toMatchObject(refused("StateConflict", operationFailed))
    expect(await w.run(setItemStatus(buyer, { id: "c1", status: 1 }))).toMatchObject(refused("NotAllowed", operationFailed))
    expect(await w.run(setItemStatus(seller, { id: "c1", status: 1 }))).toEqual({ ok: true, value: { id: "c1", status: 1 } })
    expect(await w.run(setItemStatus(seller, { id: "c2", status: 1 }))).toMatchObject(refused("StateConflict", operationFailed))
    for (const status of [2, -1, 5, undefined]) expect(await w.run(setItemStatus(seller, { id: "c1", status }))).toMatchObject(refused("RuleViolation", operationFailed))
    expect(await w.run(setItemStatus(seller, { id: undefined, status: 0 }))).toMatchObject(refused("NotFound", operationFailed))
    w.items.set("c2", { ...stored(w, "c2"), status: PostStatus.hidden, statusBeforeHidden: PostStatus.listed })
    expect(await w.run(setItemStatus(seller, { id: "c2", status: 0 }))).toMatchObject(refused("StateConflict", operationFailed))
    expect(stored(w, "c1").status).toBe(1)
    expect(w.ops.filter((o) => o.op === "circleItemStatus").map((o) => [o.input, o.outcome])).toEqual([
      [{ id: "c1", status: 0 }, { id: "c1", status: 0 }], [{ id: "c1", status: 1 }, { id: "c1", status: 1 }]
    ])
  })
})

describe("the lists", () => {
  /** Items posted a minute apart, the later ones newer. */
  const posted = async (w: ReturnType<typeof world>, rows: ReadonlyArray<Partial<AddInput>>, who = seller, fromMinute = 0) => {
    for (const [i, over] of rows.entries()) {
      w.at(new Date(T0.getTime() + (fromMinute + i) * 60_000))
      const pics = who === seller ? sellerPics.map(picOf) : [picOf(buyerPic)]
      const r = await w.run(addItem(who, book({ pics, ...over })))
      if (!r.ok) throw new Error(r.error.message)
    }
  }

  it("show the viewer's worksite's listed items, newest first, with the viewer's reactions; phone and chat account to the owner only", async () => {
    const w = world(["c1", "c2", "c3", "e1"])
    await posted(w, [{}, {}, {}])
    w.profiles.set("east", { ...people.east, worksiteId: "w1" })
    await posted(w, [{ worksite: "w1", pics: [], bizType: 10, goodsType: 20 }], east, 3)
    w.profiles.set("east", people.east)
    await w.run(setItemStatus(seller, { id: "c2", status: 0 }))
    w.reactions.add("c3/20/o-buyer")
    const page = await w.run(itemPaging(buyer, { pageNo: 0 }))
    expect(page).toMatchObject({ ok: true, value: { pageNumber: 1, pageCount: 1, recordCount: 3 } })
    const results = page.ok ? page.value.results : []
    expect(results.map((r) => r._id)).toEqual(["e1", "c3", "c1"])
    expect(results[1]).toMatchObject({
      myReactions: [20], mine: false, phone: null, wxNo: null, price: 12.5, cost: 30, user: { nickname: "昵称seller" },
      pics: sellerPics.map((u) => ({ _id: u.id, url: `/sign/20261128/${u.fileName}` }))
    })
    expect(results[0]).toMatchObject({ cost: null, price: 12.5, pics: [], myReactions: [] })
    const own = await w.run(itemPaging(seller, { pageNo: 0 }))
    expect(own.ok && own.value.results[1]).toMatchObject({ myReactions: [], mine: true, phone: "13800000000", wxNo: "wx_seller" })
    expect(await w.run(itemPaging(east, { pageNo: 0 }))).toMatchObject({ ok: true, value: { recordCount: 0, results: [] } })
  })

  it("filter by the list's category code through the one mapping (30 culture/sport finds the form's 60), or by kind; −1 is all", async () => {
    const w = world(["sport", "digital", "book", "want"])
    await posted(w, [
      { bizType: 20, goodsType: GoodsType.cultureSport }, { bizType: 20, goodsType: GoodsType.digital }, {}, { bizType: 10, goodsType: GoodsType.digital, pics: [] }
    ])
    const ids = async (filter: { goodsType?: number; bizType?: number }) => {
      const r = await w.run(itemPaging(buyer, { pageNo: 0, ...filter }))
      return r.ok ? r.value.results.map((i) => i._id) : r.error
    }
    expect(await ids({ goodsType: 30 })).toEqual(["sport"])
    expect(await ids({ goodsType: 50 })).toEqual(["want", "digital"])
    expect(await ids({ goodsType: 10 })).toEqual(["book"])
    expect(await ids({ goodsType: 60 })).toEqual([])
    expect(await ids({ bizType: 10 })).toEqual(["want"])
    expect(await ids({ goodsType: 50, bizType: 20 })).toEqual(["digital"])
    expect(await ids({ goodsType: -1, bizType: -1 })).toEqual(["want", "book", "digital", "sport"])
    expect(await ids({ goodsType: 35 })).toMatchObject({ _tag: "RuleViolation", message: "请求不正确" })
    expect(await ids({ bizType: 15 })).toMatchObject({ _tag: "RuleViolation", message: "请求不正确" })
  })

  it("count pages from 0 and answer them from 1", async () => {
    const w = world(Array.from({ length: 21 }, (_, i) => `c${String(i).padStart(2, "0")}`))
    await posted(w, Array.from({ length: 20 }, () => ({})))
    await posted(w, [{ pics: [picOf(buyerPic)] }], buyer, 20)
    expect(await w.run(itemPaging(buyer, { pageNo: 1 }))).toMatchObject({ ok: true, value: { pageNumber: 2, pageCount: 2, recordCount: 21, results: [{ _id: "c00" }] } })
    expect(await w.run(itemPaging(buyer, {}))).toMatchObject({ ok: true, value: { pageNumber: 1 } })
    const mine = await w.run(myItemPaging(seller, 1))
    expect(mine).toMatchObject({ ok: true, value: { pageNumber: 2, pageCount: 1, recordCount: 20, results: [] } })
  })

  it("the owner's list keeps delisted and hidden items, not deleted ones; home shows the five newest listed", async () => {
    const w = world(["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8"])
    await posted(w, Array.from({ length: 8 }, () => ({})))
    await w.run(setItemStatus(seller, { id: "c8", status: 0 }))
    w.items.set("c7", { ...stored(w, "c7"), status: PostStatus.hidden, statusBeforeHidden: PostStatus.listed })
    w.items.set("c6", { ...stored(w, "c6"), status: PostStatus.deleted })
    const mine = await w.run(myItemPaging(seller, 0))
    expect(mine.ok && mine.value.results.map((r) => [r._id, r.status])).toEqual([["c8", 0], ["c7", 2], ["c5", 1], ["c4", 1], ["c3", 1], ["c2", 1], ["c1", 1]])
    const latest = await w.run(latestItems(buyer))
    expect(latest.ok && latest.value.map((r) => r._id)).toEqual(["c5", "c4", "c3", "c2", "c1"])
    expect(await w.run(latestItems(east))).toEqual({ ok: true, value: [] })
    expect(await w.run(latestItems({ ...buyer, userId: "nobody" }))).toEqual({ ok: true, value: [] })
    w.profiles.set("seller", { ...people.seller, nickname: null })
    expect(latest.ok && latest.value[0]!.user.nickname).toBe("昵称seller")
    const unnamed = await w.run(latestItems(buyer))
    expect(unnamed.ok && unnamed.value[0]!.user).toEqual({ nickname: "", headimgBase64: null })
    w.profiles.set("buyer", { ...people.buyer, worksiteId: null })
    expect(await w.run(latestItems(buyer))).toEqual({ ok: true, value: [] })
    expect(await w.run(itemPaging(buyer, { pageNo: 0 }))).toMatchObject({ ok: true, value: { pageNumber: 1, recordCount: 0, results: [] } })
  })
})

describe("a detail", () => {
  it("counts a view by anyone but the owner, in the answer too", async () => {
    const w = world(["c1"])
    await postMany(w, 1)
    expect(await w.run(itemDetail(seller, "c1"))).toMatchObject({ ok: true, value: { view: 0, mine: true, phone: "13800000000" } })
    expect(await w.run(itemDetail(buyer, "c1"))).toMatchObject({ ok: true, value: { view: 1, mine: false, phone: null, wxNo: null } })
    expect(await w.run(viewItem({ ...east, visitor: true }, "c1"))).toMatchObject({ ok: true, value: { view: 2, worksite: "w1" } })
    expect(await w.run(itemDetail(seller, "c1"))).toMatchObject({ ok: true, value: { view: 2 } })
    expect(stored(w, "c1").viewCount).toBe(2)
    expect(w.ops.filter((o) => o.op === "circleItemViewed").map((o) => [o.actorOpenid, o.input, o.outcome])).toEqual([
      [buyer.openid, { id: "c1", visitor: false }, { id: "c1", viewCount: 1 }],
      [east.openid, { id: "c1", visitor: true }, { id: "c1", viewCount: 2 }]
    ])
  })

  it("is '获取详情失败' (404) for another worksite's student, a hidden item to others, a deleted one and none; its owner sees it hidden", async () => {
    const w = world(["c1"])
    await postMany(w, 1)
    const notFound = refused("NotFound", "获取详情失败")
    expect(await w.run(itemDetail(east, "c1"))).toMatchObject(notFound)
    w.items.set("c1", { ...stored(w, "c1"), status: PostStatus.hidden, statusBeforeHidden: PostStatus.listed })
    expect(await w.run(itemDetail(buyer, "c1"))).toMatchObject(notFound)
    expect(await w.run(viewItem({ ...buyer, visitor: true }, "c1"))).toMatchObject(notFound)
    expect(await w.run(itemDetail(seller, "c1"))).toMatchObject({ ok: true, value: { status: 2 } })
    w.items.set("c1", { ...stored(w, "c1"), status: PostStatus.deleted, statusBeforeHidden: null })
    expect(await w.run(itemDetail(seller, "c1"))).toMatchObject(notFound)
    expect(await w.run(itemDetail(seller, "nope"))).toMatchObject(notFound)
    expect(await w.run(itemDetail(seller, undefined))).toMatchObject(notFound)
    expect(stored(w, "c1").viewCount).toBe(0)
  })

  const item = (status: PostStatus, worksiteId: string): Pick<CircleItem, "owner" | "status" | "worksiteId"> =>
    ({ owner: { id: "seller", openid: "o-seller", nickname: null, headimgBase64: null }, status, worksiteId })

  test.prop([
    fc.constantFrom(PostStatus.listed, PostStatus.delisted, PostStatus.hidden, PostStatus.deleted), fc.constantFrom("o-seller", "o-buyer"), fc.boolean(),
    fc.constantFrom("w1", "w2", null)
  ])("is seen by its owner unless deleted; by others while listed or delisted, at its worksite or as a visitor", (status, openid, visitor, viewerWorksite) => {
    const owner = openid === "o-seller"
    const open = status === PostStatus.listed || status === PostStatus.delisted
    const expected = owner ? status !== PostStatus.deleted : open && (visitor || viewerWorksite === "w1")
    expect(mayView(item(status, "w1"), { userId: "x", openid, role: "student", visitor }, viewerWorksite)).toBe(expected)
  })
})
