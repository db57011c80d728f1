/** A market item's card (spec 002 §2, §9): the poster, its kind, title, price, up to three pictures, views and 赞. */
import { Link } from "wouter"
import type { ItemView } from "#src/circle/calls"
import { bizTypeName, conditionName, FeeType, goodsTypeName, isBizType, isConditionLevel, isGoodsType, PostKind, ReactionType } from "#src/circle/codes"
import { CARD_PICS, costText, priceText } from "#src/circle/display"
import { dateTime } from "../../../lib/format"
import { tokenPath } from "../../../lib/session"
import type { CircleViewer } from "../state/viewer"
import { Avatar, PicGrid } from "./bits"
import { ReactionButton, withReaction } from "./reactions"

export const detailPath = (itemId: string, token: string) => `/circleDetail/${encodeURIComponent(itemId)}/${tokenPath(token)}`

/** The kind, the category and the condition as short tags. */
export const ItemTags = (props: { readonly item: ItemView }) => {
  const { bizType, goodsType, level } = props.item
  return (
    <span className="circle-tags">
      {isBizType(bizType) ? <span className={`circle-tag circle-tag--biz${bizType}`}>{bizTypeName[bizType]}</span> : null}
      {isGoodsType(goodsType) ? <span className="circle-tag circle-tag--plain">{goodsTypeName[goodsType]}</span> : null}
      {isConditionLevel(level) ? <span className="circle-tag circle-tag--plain">{conditionName(level)}</span> : null}
    </span>
  )
}

export const ItemCard = (props: {
  readonly item: ItemView
  readonly viewer: CircleViewer
  readonly onChange: (item: ItemView) => void
  /** The owner's actions under the card (My circle). */
  readonly children?: React.ReactNode
  readonly status?: React.ReactNode
}) => {
  const { item } = props
  const cost = costText(item.cost)
  return (
    <article className="circle-card" data-testid="circle-item" data-id={item._id}>
      <header className="circle-card__head">
        <Avatar src={item.user.headimgBase64} />
        <div className="circle-card__who">
          <b>{item.user.nickname || "同学"}</b>
          <time>{dateTime(item.createdAt)}</time>
        </div>
        {props.status ?? <ItemTags item={item} />}
      </header>
      <Link href={detailPath(item._id, props.viewer.token)} className="circle-card__body" data-testid="circle-item-link">
        <h3 className="circle-card__title" data-testid="circle-item-title">{item.title}</h3>
        {item.remark ? <p className="circle-card__remark">{item.remark}</p> : null}
        <PicGrid urls={item.pics.map((p) => p.url)} max={CARD_PICS} preview={false} />
      </Link>
      <footer className="circle-card__foot">
        <span className="circle-price" data-testid="circle-item-price">{priceText(item)}</span>
        {cost && item.feeType === FeeType.friendly ? <s className="circle-cost">{cost}</s> : null}
        <span className="circle-card__views">{item.view} 浏览</span>
        <ReactionButton viewer={props.viewer} kind={PostKind.item} post={item} type={ReactionType.like} count={item.zan}
          onCounted={(zan) => props.onChange(withReaction(item, ReactionType.like, "zan", zan))} />
      </footer>
      {props.children}
    </article>
  )
}
