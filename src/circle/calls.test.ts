import { Exit, Schema } from "effect"
import { describe, expect, it } from "vitest"
import {
  AddConfession, AddItem, AddMessage, AddTeammate, CallTeammate, Complain, Contact, DeletePost, EditItem, ItemById, ItemDetail, ItemPaging, ItemView,
  MessagePaging, MyItemPaging, React, SetItemStatus, ShortUrl, SexSplitView, type ItemView as ItemViewType
} from "./calls"
import { marketFormRefusal } from "./forms"
import { sexSplit } from "./sex-split"

const read = <S extends Schema.Top>(schema: S, body: unknown) => Schema.decodeUnknownSync(schema as never)(body) as S["Type"]
const refused = (schema: Schema.Top, body: unknown) => Exit.isFailure(Schema.decodeUnknownExit(schema as never)(body))

const pic = { _id: "u1", url: "https://img.example/sign/20261120/a.jpg" }
const bookForSale = {
  bizType: "20", goodsType: 10, title: "线性代数", sum: 1, remark: "", demand: "", feeType: 1, price: 12.5, cost: "30", level: 90, major: "数学系",
  class: "2", phone: 13800000000, wxNo: "", show: 1, pics: [pic, { _id: 3 }, "x", pic], worksite: "w1"
}

describe("the circle's requests", () => {
  it("read an item to add as typed: prices and quantity as text, codes as numbers, only well-formed pictures", () => {
    const item = read(AddItem.request, bookForSale)
    expect(item).toMatchObject({ bizType: 20, goodsType: 10, sum: "1", price: "12.5", cost: "30", class: 2, phone: "13800000000", pics: [pic, pic], worksite: "w1" })
    expect(marketFormRefusal({ ...item, bizType: 20, feeType: 1, show: 1 })).toBeUndefined()
  })

  it("read an edit, a status change, a delete, a detail and a visitor's view", () => {
    expect(read(EditItem.request, { ...bookForSale, _id: "c1", price: "abc" })).toMatchObject({ _id: "c1", price: "abc" })
    expect(read(SetItemStatus.request, { id: "c1", status: "0" })).toEqual({ id: "c1", status: 0 })
    expect(read(DeletePost.request, { id: "c1" })).toEqual({ id: "c1" })
    expect(read(ItemDetail.request, { id: "c1" })).toEqual({ id: "c1" })
    expect(read(ItemById.request, { id: "c1", openid: "oVisitor" })).toEqual({ id: "c1", openid: "oVisitor" })
  })

  it("count the market's pages from 0 and the social lists' from 1", () => {
    expect(read(ItemPaging.request, { pageNo: "0", goodsType: "30" })).toEqual({ pageNo: 0, goodsType: 30 })
    expect(read(ItemPaging.request, { pageNo: "x", bizType: "-1" })).toEqual({ pageNo: 0, bizType: -1 })
    expect(read(MyItemPaging.request, { pageNo: 3 })).toEqual({ pageNo: 3 })
    expect(read(MessagePaging.request, { pageNo: "0" })).toEqual({ pageNo: 1 })
  })

  it("read a reaction, a report, a call for a teammate, a contact request and a short URL", () => {
    expect(read(React.request, { id: "c1", bizType: "30", type: 50, openid: "o1" })).toEqual({ id: "c1", bizType: 30, type: 50, openid: "o1" })
    expect(read(Complain.request, { id: "c1", openid: "o1", complain: "10" })).toEqual({ id: "c1", openid: "o1", complain: 10 })
    expect(read(CallTeammate.request, { id: "s1" })).toEqual({ id: "s1" })
    expect(read(Contact.request, { id: "c1", openid: "o1" })).toEqual({ id: "c1", openid: "o1" })
    expect(read(ShortUrl.request, { longUrl: "/share/circleDetail/c1" })).toEqual({ longUrl: "/share/circleDetail/c1" })
  })

  it("read the three social posts, tags and pictures as lists", () => {
    const teammate = read(AddTeammate.request, { nickname: "小王", sex: "1", wxNo: "wx1", motto: "热爱生活", flags: ["篮球", 7, "摄影"], header: pic.url, pics: pic.url })
    expect(teammate).toEqual({ nickname: "小王", sex: 1, wxNo: "wx1", motto: "热爱生活", flags: ["篮球", "摄影"], header: pic.url, pics: [pic.url] })
    expect(read(AddConfession.request, { nickname: "小李", sex: 0, word: "喜欢你", header: pic.url })).toEqual({ nickname: "小李", sex: 0, word: "喜欢你", header: pic.url })
    expect(read(AddMessage.request, { motto: "天天向上", word: "大家好", pics: [] })).toEqual({ motto: "天天向上", word: "大家好", pics: [] })
  })

  it("cannot read a list far beyond any limit, but reads ten pictures so the form says '最多只能上传9张图片'", () => {
    expect(refused(AddItem.request, { ...bookForSale, pics: Array.from({ length: 33 }, () => pic) })).toBe(true)
    expect(refused(AddMessage.request, { motto: "天天", word: "大家好", pics: Array.from({ length: 33 }, () => pic.url) })).toBe(true)
    const ten = read(AddItem.request, { ...bookForSale, pics: Array.from({ length: 10 }, () => pic) })
    expect(marketFormRefusal({ ...ten, bizType: 20, feeType: 1, show: 1 })?.message).toBe("最多只能上传9张图片")
  })
})

describe("the circle's answers", () => {
  it("carry an item and a sex split through the wire unchanged", () => {
    const item: ItemViewType = {
      _id: "c1", bizType: 20, goodsType: 10, title: "线性代数", sum: 1, remark: "", demand: "", feeType: 2, price: -1, cost: null, level: 90, major: "数学系",
      class: 2, phone: null, wxNo: null, show: null, pics: [pic], status: 1, view: 3, zan: 1, createdAt: new Date("2026-11-20T08:00:00Z"),
      user: { nickname: "小张", headimgBase64: null }, worksite: "w1", myReactions: [20], mine: false
    }
    const wire = Schema.encodeSync(ItemView)(item)
    expect(wire).toMatchObject({ createdAt: "2026-11-20T08:00:00.000Z", price: -1 })
    expect(Schema.decodeUnknownSync(ItemView)(wire)).toEqual(item)
    expect(Schema.decodeUnknownSync(SexSplitView)(sexSplit(1, 2))).toEqual({ nanSum: 1, nvSum: 2, nanPercent: 33, nvPercent: 67 })
  })
})
