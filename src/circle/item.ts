/**
 * A market item (spec 002 §3): what its form keeps once checked — the kind's own fields only, money in fen, its
 * pictures the poster's uploads — and how a viewer sees it: price in yuan, the chat account and phone only to its
 * owner, the viewer's own reactions.
 */
import type { ItemView } from "./calls"
import { BizType, PostKind, type FeeType, type Show } from "./codes"
import { isBookForm, quantityOf, type MarketForm } from "./forms"
import { parseAmount, storedPrice, yuanOf } from "./money"
import type { CirclePost, PostStatus } from "./status-machine"

/** A picture of an item: the poster's upload and the path it is served under. */
export interface ItemPic {
  readonly id: string
  readonly url: string
}

/** What the edit form sets, as kept. */
export interface ItemContent {
  readonly bizType: BizType
  /** The form's category; −1 for a skill, which has none. */
  readonly goodsType: number
  readonly title: string
  /** The quantity; −1 no limit (a skill has none). */
  readonly sum: number
  readonly remark: string
  readonly demand: string
  readonly feeType: FeeType
  /** Fen; −1 free or negotiable. */
  readonly priceFen: number
  /** The original price of an item for sale, fen. */
  readonly costFen: number | null
  readonly level: number | null
  readonly major: string | null
  readonly class: number | null
  readonly phone: string | null
  readonly wxNo: string | null
  readonly show: Show | null
  readonly pics: ReadonlyArray<ItemPic>
}

export interface ItemOwner {
  readonly id: string
  readonly openid: string
  readonly nickname: string | null
  readonly headimgBase64: string | null
}

export interface CircleItem extends ItemContent {
  readonly id: string
  readonly owner: ItemOwner
  readonly worksiteId: string
  readonly status: PostStatus
  readonly statusBeforeHidden: PostStatus | null
  readonly viewCount: number
  readonly zan: number
  readonly createdAt: Date
}

/** A skill has no category: it is kept as −1 whatever the form sent. */
export const NO_GOODS_TYPE = -1

const kept = (text: string | null | undefined): string => (text ?? "").trim()
const keptOrNull = (text: string | null | undefined): string | null => kept(text) || null

/**
 * The content a form that passed `marketFormRefusal` keeps: a book's department and grade only on the book form, the
 * condition and original price only for sale, the way to reach a skill's author only for a skill.
 */
export const itemContentOf = (form: MarketForm, pics: ReadonlyArray<ItemPic>): ItemContent => {
  const sell = form.bizType === BizType.sell
  const book = isBookForm(form)
  const skill = form.bizType === BizType.skill
  const cost = sell ? parseAmount(form.cost) : undefined
  return {
    bizType: form.bizType,
    goodsType: skill ? NO_GOODS_TYPE : form.goodsType ?? NO_GOODS_TYPE,
    title: kept(form.title),
    sum: quantityOf(form.sum) ?? -1,
    remark: kept(form.remark),
    demand: kept(form.demand),
    feeType: form.feeType,
    // the form check refused a friendly price that is no amount
    priceFen: storedPrice(form.feeType, form.price)!,
    costFen: cost ?? null,
    level: sell ? form.level ?? null : null,
    major: book ? keptOrNull(form.major) : null,
    class: book ? form.class ?? null : null,
    phone: keptOrNull(form.phone),
    wxNo: keptOrNull(form.wxNo),
    show: skill ? form.show : null,
    pics
  }
}

/** The item as the status machine sees it (reports are the social helper's; no market action reads them). */
export const itemPost = (item: Pick<CircleItem, "owner" | "status" | "statusBeforeHidden">): CirclePost => ({
  kind: PostKind.item, owner: item.owner.openid, status: item.status, statusBeforeHidden: item.statusBeforeHidden, reporters: []
})

/** The item as `viewer` sees it; `myReactions` are the viewer's own reactions to it. */
export const itemView = (item: CircleItem, viewerOpenid: string, myReactions: ReadonlyArray<number>): ItemView => {
  const mine = item.owner.openid === viewerOpenid
  return {
    _id: item.id,
    bizType: item.bizType,
    goodsType: item.goodsType,
    title: item.title,
    sum: item.sum,
    remark: item.remark,
    demand: item.demand,
    feeType: item.feeType,
    price: yuanOf(item.priceFen),
    cost: item.costFen === null ? null : yuanOf(item.costFen),
    level: item.level,
    major: item.major,
    class: item.class,
    phone: mine ? item.phone : null,
    wxNo: mine ? item.wxNo : null,
    show: item.show,
    pics: item.pics.map((p) => ({ _id: p.id, url: p.url })),
    status: item.status,
    view: item.viewCount,
    zan: item.zan,
    createdAt: item.createdAt,
    user: { nickname: item.owner.nickname ?? "", headimgBase64: item.owner.headimgBase64 },
    worksite: item.worksiteId,
    myReactions,
    mine
  }
}
