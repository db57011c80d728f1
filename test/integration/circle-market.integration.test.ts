/**
 * The circle's market over HTTP (spec 002 §2, §4, §5, §7; issue 19): a verified student posts a book with their own
 * photos, finds it in `paging` and its detail, edits it, delists it (off `paging`, still in `pagingForMy`) and lists it
 * again; the list filter's codes go through the one mapping; the authorization matrix (another's item, another
 * worksite's detail, phone and chat account, visitors); the real-name gate, 20 a day, Idempotency-Key, a refused submit
 * storing nothing, views counted by others only; each answer decoded with its call's Schema; and add, edit and status
 * replay into a fresh database.
 */
import { randomBytes, randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loggedOperations } from "#adapters/ops/ops-log"
import { replayOperations } from "#adapters/ops/replay"
import { createUser } from "#adapters/postgres/seed"
import { AddItem, EditItem, ItemById, ItemDetail, ItemPaging, LatestItems, MyItemPaging, SetItemStatus } from "#src/circle/calls"
import { plainPng, upload } from "../support/account-kit"
import { backends, decodedData as decoded, settleOutbox, shanghaiNoonClock, startTestApp, type ApiAnswer, type TestApp } from "../support/test-app"

const failure = (r: ApiAnswer) => ({ status: r.status, body: r.body })
const refusal = (status: number, message: string) => ({ status, body: { success: false, message } })
const operationFailed = (status: number) => refusal(status, "操作失败")
const detailFailed = refusal(404, "获取详情失败")

interface Student {
  readonly id: string
  readonly openid: string
  readonly token: string
}

/** A student of this worksite, real-name verified unless told otherwise; an openid as short as the messaging app's (28). */
const student = async (t: TestApp, worksite = "ws-xiyuan", authStatus = 1): Promise<Student> => {
  const id = `u-${randomUUID()}`
  const openid = `o${randomBytes(12).toString("hex")}`
  await createUser(t.db, { id, openid, nickname: "卖书的", worksite_id: worksite, role: "student" }, {})
  await t.db.updateTable("app_user").set({ auth_status: authStatus }).where("id", "=", id).execute()
  return { id, openid, token: await t.token(openid) }
}

/** A photo the student uploaded, as the upload answers it. */
const photo = async (t: TestApp, s: Student) => {
  const r = await upload(t, s.token, [{ field: "fileVal", bytes: plainPng() }])
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  return { _id: r.body.data._id as string, url: r.body.data.url as string }
}

const book = (pics: ReadonlyArray<{ _id: string; url: string }>, over: Record<string, unknown> = {}) => ({
  bizType: 20, goodsType: 10, major: "数学系", class: 2, title: "线性代数", sum: "1", level: 90, feeType: 1, price: "12.5", cost: "30",
  phone: "13800000000", wxNo: "wx_seller", show: 1, remark: "无笔记", demand: "当面", pics, worksite: "ws-xiyuan", ...over
})

/** Something wanted: no pictures needed. */
const wanted = (over: Record<string, unknown> = {}) => ({
  bizType: 10, goodsType: 20, title: "台灯", sum: "1", feeType: 2, phone: "13800000000", worksite: "ws-xiyuan", ...over
})

const add = async (t: TestApp, s: Student, body: unknown, headers?: Record<string, string>) => {
  const r = await t.api("POST", "/api/circle/add", s.token, body, headers)
  return decoded(AddItem.answer, r)
}

const itemRows = (t: TestApp, ownerId: string) => t.db.selectFrom("circle_item").selectAll().where("owner_id", "=", ownerId).execute()
const pagingIds = async (t: TestApp, s: Student, query: string) =>
  decoded(ItemPaging.answer, await t.api("GET", `/api/circle/paging?${query}`, s.token)).results.map((i) => i._id)

for (const backend of backends) {
  describe(`the circle's market [${backend}]`, () => {
    let t: TestApp
    beforeAll(async () => {
      t = await startTestApp(backend, { clock: shanghaiNoonClock() })
    })
    afterAll(async () => {
      await t?.close()
    })

    it("add → paging → detail → edit → delist (off paging, in pagingForMy) → relist, each answer decoded with its Schema", async () => {
      const seller = await student(t)
      const buyer = await student(t)
      const pics = [await photo(t, seller), await photo(t, seller)]
      const id = await add(t, seller, book(pics))
      expect(await itemRows(t, seller.id)).toMatchObject([{ id, worksite_id: "ws-xiyuan", price_fen: expect.anything(), status: 1 }])
      expect(Number((await itemRows(t, seller.id))[0]!.price_fen)).toBe(1250)

      const page = decoded(ItemPaging.answer, await t.api("GET", "/api/circle/paging?pageNo=0&goodsType=-1", buyer.token))
      expect(page).toMatchObject({ pageNumber: 1, pageCount: expect.any(Number) })
      const listed = page.results.find((i) => i._id === id)
      expect(listed).toMatchObject({ title: "线性代数", price: 12.5, cost: 30, pics, phone: null, wxNo: null, mine: false, myReactions: [], status: 1 })
      expect(listed!.user).toEqual({ nickname: "卖书的", headimgBase64: null })
      expect(decoded(LatestItems.answer, await t.api("GET", "/api/circle/latestInfo", buyer.token)).map((i) => i._id)).toContain(id)

      const seen = decoded(ItemDetail.answer, await t.api("GET", `/api/circle/detail/${id}`, buyer.token))
      expect(seen).toMatchObject({ _id: id, view: 1, phone: null, wxNo: null, mine: false })
      const own = decoded(ItemDetail.answer, await t.api("GET", `/api/circle/detail/${id}`, seller.token))
      expect(own).toMatchObject({ view: 1, phone: "13800000000", wxNo: "wx_seller", mine: true })

      const { worksite: _w, ...fields } = book([pics[1]!])
      const edited = await t.api("PUT", "/api/circle/edit", seller.token, { ...fields, _id: id, title: "线性代数 第二版", price: "10" })
      expect(decoded(EditItem.answer, edited)).toBeUndefined()
      expect(edited.body).toEqual({ success: true, message: "操作成功" })
      expect(decoded(ItemDetail.answer, await t.api("GET", `/api/circle/detail/${id}`, seller.token)))
        .toMatchObject({ title: "线性代数 第二版", price: 10, pics: [pics[1]], status: 1, view: 1 })

      expect(decoded(SetItemStatus.answer, await t.api("PUT", `/api/circle/status/${id}/0`, seller.token))).toBeUndefined()
      expect(await pagingIds(t, buyer, "pageNo=0")).not.toContain(id)
      const mine = decoded(MyItemPaging.answer, await t.api("GET", "/api/circle/pagingForMy?pageNo=0", seller.token))
      expect(mine.results.map((i) => [i._id, i.status])).toEqual([[id, 0]])
      expect(failure(await t.api("PUT", `/api/circle/status/${id}/0`, seller.token))).toEqual(operationFailed(409))
      expect((await t.api("PUT", `/api/circle/status/${id}/1`, seller.token)).body).toMatchObject({ success: true })
      expect(await pagingIds(t, buyer, "pageNo=0")).toContain(id)
    })

    it("the list filter's goodsType goes through the one mapping: 30 culture/sport finds the form's 60, 50 the form's 30", async () => {
      const seller = await student(t, "ws-dongyuan")
      const viewer = await student(t, "ws-dongyuan")
      const sport = await add(t, seller, wanted({ goodsType: 60, worksite: "ws-dongyuan", title: "羽毛球拍" }))
      const digital = await add(t, seller, wanted({ goodsType: 30, worksite: "ws-dongyuan", title: "耳机" }))
      const skill = await add(t, seller, { bizType: 70, goodsType: -1, title: "吉他教学", feeType: 2, show: 2, wxNo: "wx_g", worksite: "ws-dongyuan" })
      expect(await pagingIds(t, viewer, "pageNo=0&goodsType=30")).toEqual([sport])
      expect(await pagingIds(t, viewer, "pageNo=0&goodsType=50")).toEqual([digital])
      expect(await pagingIds(t, viewer, "pageNo=0&bizType=70")).toEqual([skill])
      expect(await pagingIds(t, viewer, "pageNo=0&goodsType=-1")).toEqual([skill, digital, sport])
      expect(failure(await t.api("GET", "/api/circle/paging?pageNo=0&goodsType=35", viewer.token))).toEqual(refusal(400, "请求不正确"))
    })

    it("authorization: another's item edited or listed → 403, another worksite's detail → 404, phone hidden; visitors by openid only", async () => {
      const seller = await student(t)
      const other = await student(t)
      const east = await student(t, "ws-dongyuan")
      const id = await add(t, seller, book([await photo(t, seller)]))
      const { worksite: _w, ...fields } = book([await photo(t, other)])
      expect(failure(await t.api("PUT", "/api/circle/edit", other.token, { ...fields, _id: id, title: "我的了" }))).toEqual(operationFailed(403))
      expect(failure(await t.api("PUT", `/api/circle/status/${id}/0`, other.token))).toEqual(operationFailed(403))
      expect(failure(await t.api("PUT", "/api/circle/status/nope/0", seller.token))).toEqual(operationFailed(404))
      expect(failure(await t.api("GET", `/api/circle/detail/${id}`, east.token))).toEqual(detailFailed)
      expect(failure(await t.api("GET", `/api/circle/getById/${id}`, east.token))).toEqual(detailFailed)
      expect(await pagingIds(t, east, "pageNo=0")).not.toContain(id)
      expect(decoded(ItemDetail.answer, await t.api("GET", `/api/circle/detail/${id}`, other.token))).toMatchObject({ phone: null, wxNo: null })
      expect((await itemRows(t, seller.id))[0]).toMatchObject({ title: "线性代数", status: 1 })

      // a visitor: a known openid without a session may view any shared item, never post
      const visited = await t.api("GET", `/api/circle/getById/${id}?openid=${east.openid}`)
      expect(decoded(ItemById.answer, visited)).toMatchObject({ _id: id, phone: null, wxNo: null, mine: false, worksite: "ws-xiyuan" })
      expect(failure(await t.api("GET", `/api/circle/getById/${id}?openid=oUnknownVisitor`))).toEqual(detailFailed)
      expect(failure(await t.api("GET", `/api/circle/getById/${id}`))).toEqual(detailFailed)
      expect((await t.api("POST", "/api/circle/add", undefined, book([]))).status).toBe(401)
      expect((await t.api("POST", `/api/circle/add?openid=${east.openid}`, undefined, book([]))).status).toBe(401)
      expect((await t.api("GET", `/api/circle/detail/${id}?openid=${east.openid}`)).status).toBe(401)
    })

    it("hidden: 404 to others and visitors, shown to its owner as 2; deleted: 404 to all and out of pagingForMy", async () => {
      const seller = await student(t)
      const other = await student(t)
      const id = await add(t, seller, wanted())
      await t.db.updateTable("circle_item").set({ status: 2, status_before_hidden: 1 }).where("id", "=", id).execute()
      expect(failure(await t.api("GET", `/api/circle/detail/${id}`, other.token))).toEqual(detailFailed)
      expect(failure(await t.api("GET", `/api/circle/getById/${id}?openid=${other.openid}`))).toEqual(detailFailed)
      expect(decoded(ItemDetail.answer, await t.api("GET", `/api/circle/detail/${id}`, seller.token)).status).toBe(2)
      expect(failure(await t.api("PUT", `/api/circle/status/${id}/0`, seller.token))).toEqual(operationFailed(409))
      await t.db.updateTable("circle_item").set({ status: -1, status_before_hidden: null, deleted_at: new Date() }).where("id", "=", id).execute()
      expect(failure(await t.api("GET", `/api/circle/detail/${id}`, seller.token))).toEqual(detailFailed)
      expect(decoded(MyItemPaging.answer, await t.api("GET", "/api/circle/pagingForMy?pageNo=0", seller.token)).results).toEqual([])
    })

    it("an unverified student is refused '用户还没通过实名认证'; another worksite '操作失败'; a refused submit stores nothing", async () => {
      const ops = async () => (await t.db.selectFrom("ops_log").select("op").where("op", "=", "addCircleItem").execute()).length
      const before = await ops()
      for (const status of [-1, 0, 2]) {
        const s = await student(t, "ws-xiyuan", status)
        expect(failure(await t.api("POST", "/api/circle/add", s.token, wanted()))).toEqual(refusal(403, "用户还没通过实名认证"))
        expect(await itemRows(t, s.id)).toEqual([])
      }
      const s = await student(t)
      expect(failure(await t.api("POST", "/api/circle/add", s.token, wanted({ worksite: "ws-dongyuan" })))).toEqual(operationFailed(403))
      expect(failure(await t.api("POST", "/api/circle/add", s.token, book([])))).toEqual(refusal(400, "请至少上传一张图片"))
      expect(failure(await t.api("POST", "/api/circle/add", s.token, wanted({ title: " " })))).toEqual(refusal(400, "请输入物品名称"))
      const foreign = await photo(t, await student(t))
      expect(failure(await t.api("POST", "/api/circle/add", s.token, book([foreign])))).toEqual(refusal(400, "请上传图片"))
      expect(failure(await t.api("POST", "/api/circle/add", s.token, book([{ _id: "x", url: "/sign/20261128/ffffffffffffffffffffffffffffffff.png" }]))))
        .toEqual(refusal(400, "请上传图片"))
      expect(await itemRows(t, s.id)).toEqual([])
      expect(await ops()).toBe(before)
    })

    it("bad input is a 4xx, never a 500: junk in every field of add, edit, status, paging and detail", async () => {
      const s = await student(t)
      const id = await add(t, s, wanted({ sum: "999999999" }))
      expect(failure(await t.api("POST", "/api/circle/add", s.token, wanted({ sum: "1000000000" })))).toEqual(refusal(400, "请输入想买的数量"))
      const junk: ReadonlyArray<unknown> = [null, true, [], {}, "", "💩", "x".repeat(600), -1, 1e308, 2 ** 53, "1e3", "-0.001", [{ _id: 1 }], "\u202e"]
      const fields = Object.keys({ ...book([]), show: 1, _id: id })
      const answers: Array<ApiAnswer> = []
      for (const field of fields) {
        for (const value of junk) {
          answers.push(await t.api("POST", "/api/circle/add", s.token, { ...wanted(), [field]: value }))
          answers.push(await t.api("PUT", "/api/circle/edit", s.token, { ...wanted(), _id: id, [field]: value }))
        }
      }
      for (const path of ["%F0%9F%92%A9", "-1", "1e308", "x".repeat(300), "..%2F..%2Fetc"]) {
        answers.push(await t.api("GET", `/api/circle/detail/${path}`, s.token), await t.api("PUT", `/api/circle/status/${id}/${path}`, s.token))
        answers.push(await t.api("PUT", `/api/circle/status/${path}/0`, s.token), await t.api("GET", `/api/circle/paging?pageNo=${path}&goodsType=${path}`, s.token))
        answers.push(await t.api("GET", `/api/circle/getById/${path}?openid=${s.openid}`))
      }
      const broken = answers.filter((r) => r.status >= 500 || (r.status >= 400 && (r.body?.success !== false || typeof r.body?.message !== "string")))
      expect(broken.map((r) => [r.status, r.body])).toEqual([])
    })

    it("takes 20 posts a day from a student, the 21st is 429; an Idempotency-Key repeat makes one item", async () => {
      const s = await student(t)
      const key = { "Idempotency-Key": `circle-add-${s.id}` }
      const first = await t.api("POST", "/api/circle/add", s.token, wanted(), key)
      const again = await t.api("POST", "/api/circle/add", s.token, wanted(), key)
      expect(again.body.data).toBe(decoded(AddItem.answer, first))
      expect(again.headers.get("Idempotent-Replayed")).toBe("true")
      expect(await itemRows(t, s.id)).toHaveLength(1)
      for (let i = 1; i < 20; i++) await add(t, s, wanted({ title: `台灯${i}` }))
      expect(failure(await t.api("POST", "/api/circle/add", s.token, wanted()))).toEqual(refusal(429, "今天发布太多了，请明天再来"))
      expect(await itemRows(t, s.id)).toHaveLength(20)
    })

    // races need real connections: PGlite serializes them
    if (backend === "postgres") it("counts a day's posts exactly when they come at once: 15 posted, 10 more at once → 5 taken, 5 refused", async () => {
      const s = await student(t)
      for (let i = 0; i < 15; i++) await add(t, s, wanted({ title: `台灯${i}` }))
      const racing = await Promise.all(Array.from({ length: 10 }, (_, i) => t.api("POST", "/api/circle/add", s.token, wanted({ title: `同时${i}` }))))
      expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429])
      expect(await itemRows(t, s.id)).toHaveLength(20)
    })

    if (backend === "postgres") it("counts 20 views at once as 20", async () => {
      const seller = await student(t)
      const other = await student(t)
      const id = await add(t, seller, wanted())
      const views = await Promise.all(Array.from({ length: 20 }, () => t.api("GET", `/api/circle/detail/${id}`, other.token)))
      expect(views.map((r) => decoded(ItemDetail.answer, r).view).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
      expect((await itemRows(t, seller.id))[0]!.view_count).toBe(20)
    })

    it("counts views by others and visitors, never the owner's", async () => {
      const seller = await student(t)
      const other = await student(t)
      const id = await add(t, seller, wanted())
      for (let i = 0; i < 3; i++) await t.api("GET", `/api/circle/detail/${id}`, seller.token)
      expect((await itemRows(t, seller.id))[0]!.view_count).toBe(0)
      await t.api("GET", `/api/circle/detail/${id}`, other.token)
      await t.api("GET", `/api/circle/getById/${id}?openid=${other.openid}`)
      expect(decoded(ItemById.answer, await t.api("GET", `/api/circle/getById/${id}`, seller.token)).view).toBe(2)
      expect((await itemRows(t, seller.id))[0]!.view_count).toBe(2)
    })

    it("carries the viewer's own reactions in lists and details", async () => {
      const seller = await student(t)
      const other = await student(t)
      const id = await add(t, seller, wanted())
      await t.db.insertInto("circle_reaction").values({ target_id: id, type: 20, openid: other.openid, created_at: new Date() }).execute()
      expect((await t.api("GET", "/api/circle/paging?pageNo=0", other.token)).body.data.results.find((i: { _id: string }) => i._id === id).myReactions).toEqual([20])
      expect(decoded(ItemDetail.answer, await t.api("GET", `/api/circle/detail/${id}`, other.token)).myReactions).toEqual([20])
      expect(decoded(ItemDetail.answer, await t.api("GET", `/api/circle/detail/${id}`, seller.token)).myReactions).toEqual([])
    })
  })
}

describe("station replay of the market", () => {
  let recorded: TestApp
  let fresh: TestApp
  beforeAll(async () => {
    ;[recorded, fresh] = await Promise.all([startTestApp("pglite"), startTestApp("pglite")])
  }, 60_000)
  afterAll(async () => {
    await recorded?.close()
    await fresh?.close()
  })

  it("rebuilds the items posted, edited, delisted and listed again in a fresh database", async () => {
    const seller = await student(recorded)
    await createUser(fresh.db, { id: seller.id, openid: seller.openid, nickname: "卖书的", worksite_id: "ws-xiyuan", role: "student" }, {})
    await fresh.db.updateTable("app_user").set({ auth_status: 1 }).where("id", "=", seller.id).execute()
    const pics = [await photo(recorded, seller)]
    const id = await add(recorded, seller, book(pics))
    const other = await add(recorded, seller, wanted())
    const { worksite: _w, ...fields } = book(pics)
    expect((await recorded.api("PUT", "/api/circle/edit", seller.token, { ...fields, _id: id, price: "9.9" })).status).toBe(200)
    expect((await recorded.api("PUT", `/api/circle/status/${id}/0`, seller.token)).status).toBe(200)
    expect((await recorded.api("PUT", `/api/circle/status/${other}/0`, seller.token)).status).toBe(200)
    expect((await recorded.api("PUT", `/api/circle/status/${other}/1`, seller.token)).status).toBe(200)

    const lines: Array<{ lineNo: number; text: string }> = []
    await settleOutbox(recorded)
    for await (const op of loggedOperations(recorded.db)) lines.push({ lineNo: lines.length + 1, text: JSON.stringify(op) })
    // the photo's upload is logged too: the replay makes its row, so the item's picture is the seller's own upload there as well
    expect(lines.map((l) => JSON.parse(l.text).op)).toEqual(["uploadImage", "addCircleItem", "addCircleItem", "editCircleItem", "circleItemStatus", "circleItemStatus", "circleItemStatus"])
    const summary = await replayOperations(fresh.runtime, (async function* () { yield* lines })())
    expect(summary.problems).toEqual([])
    expect(summary).toMatchObject({ operations: 7, matched: 7 })
    const columns = ["id", "owner_id", "worksite_id", "biz_type", "goods_type", "title", "price_fen", "cost_fen", "pics", "status", "phone", "created_at"] as const
    const rows = (t: TestApp) => t.db.selectFrom("circle_item").select(columns).orderBy("id").execute()
    expect(await rows(fresh)).toEqual(await rows(recorded))
    expect((await rows(fresh)).map((r) => [r.id, r.status])).toEqual(expect.arrayContaining([[id, 0], [other, 1]]))
  })
})
