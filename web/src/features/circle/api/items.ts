/** The market's calls (spec 002 §7), each sent with the core's call Schema: posting, the owner's changes, the lists and a detail. */
import {
  AddItem, DeletePost, EditItem, ItemById, ItemDetail, ItemPaging, LatestItems, MyItemPaging, Pic as PicSchema, SetItemStatus, ShortUrl
} from "#src/circle/calls"
import { send } from "../../../lib/api-client"

const id = (value: string) => encodeURIComponent(value)

/** An uploaded picture of an item: the upload's id and its URL. */
export type Pic = typeof PicSchema.Type

export type AddItemInput = typeof AddItem.request.Type
export type EditItemInput = typeof EditItem.request.Type

/** `POST /api/circle/add`: the new item's id. */
export const addItem = (input: AddItemInput, idempotencyKey: string) => send(AddItem, "/api/circle/add", { method: "POST", input, idempotencyKey })
export const editItem = (input: EditItemInput) => send(EditItem, "/api/circle/edit", { method: "PUT", input })
/** `PUT /api/circle/status/{id}/{status}`: 0 delists, 1 lists again. */
export const setItemStatus = (itemId: string, status: number) => send(SetItemStatus, `/api/circle/status/${id(itemId)}/${status}`, { method: "PUT" })
/** `DELETE /api/circle/{id}`: one's own item or social post. */
export const deletePost = (postId: string) => send(DeletePost, `/api/circle/${id(postId)}`, { method: "DELETE" })

/** `GET /api/circle/paging`: pages from 0, by the filter's goodsType (−1 all). */
export const fetchItems = (pageNo: number, goodsType: number) => send(ItemPaging, "/api/circle/paging", { input: { pageNo, goodsType } })
export const fetchMyItems = (pageNo: number) => send(MyItemPaging, "/api/circle/pagingForMy", { input: { pageNo } })
/** `GET /api/circle/latestInfo`: the five newest, for home. */
export const fetchLatestItems = () => send(LatestItems, "/api/circle/latestInfo")

/** A signed-in reader's detail (`detail/{id}`), or a visitor's by openid without the session (`getById/{id}?openid`). */
export const fetchItem = (itemId: string, visitorOpenid?: string) =>
  visitorOpenid === undefined
    ? send(ItemDetail, `/api/circle/detail/${id(itemId)}`)
    : send(ItemById, `/api/circle/getById/${id(itemId)}`, { input: { openid: visitorOpenid }, anonymous: true })

/** The share page of an item, as the short-URL call takes it. */
export const sharePath = (itemId: string) => `/share/circleDetail/${id(itemId)}`

/** The absolute address of a path or URL of this site. */
const absolute = (url: string) => new URL(url, window.location.origin).toString()

/**
 * What the share image's QR opens: the short URL of the item's share page (`GET /api/wxCommon/shorturl`); when that
 * call fails, the share page's own address.
 */
export const fetchShareUrl = async (itemId: string): Promise<string> => {
  const longUrl = sharePath(itemId)
  try {
    return absolute(await send(ShortUrl, "/api/wxCommon/shorturl", { input: { longUrl } }))
  } catch {
    return absolute(longUrl)
  }
}
