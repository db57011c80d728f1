/**
 * The market list with its type filters (spec 002 §2 `/circleShareList`, §4): 全部 and the filter's categories (the
 * filter's own codes, `paging?goodsType=`), pages from 0, infinite scroll; a new filter starts a new list.
 */
import { CapsuleTabs } from "antd-mobile"
import { useState } from "react"
import { ALL, FILTER_GOODS_TYPES, formGoodsTypeOf, goodsTypeName } from "#src/circle/codes"
import { fetchItems } from "../api/items"
import { useCircleList } from "../state/circle-list"
import type { CircleViewer } from "../state/viewer"
import { ListFoot } from "./bits"
import { ItemCard } from "./item-card"

/** 全部, then each filter code under the name of the category it stands for. */
export const FILTERS: ReadonlyArray<{ readonly code: number; readonly name: string }> = [
  { code: ALL, name: "全部" },
  ...FILTER_GOODS_TYPES.map((code) => ({ code, name: goodsTypeName[formGoodsTypeOf(code)!] }))
]

export const GoodsFilter = (props: { readonly value: number; readonly onChange: (code: number) => void }) => (
  <div className="circle-filter" data-testid="circle-filter">
    <CapsuleTabs activeKey={String(props.value)} onChange={(key) => props.onChange(Number(key))}>
      {FILTERS.map((f) => <CapsuleTabs.Tab key={String(f.code)} title={<span data-testid={`circle-filter-${f.code}`}>{f.name}</span>} />)}
    </CapsuleTabs>
  </div>
)

const Feed = (props: { readonly viewer: CircleViewer; readonly goodsType: number }) => {
  const list = useCircleList((pageNo) => fetchItems(pageNo, props.goodsType), 0)
  return (
    <div className="circle-feed" data-testid="circle-feed">
      {list.items.map((item) => <ItemCard key={item._id} item={item} viewer={props.viewer} onChange={(next) => list.update(item._id, () => next)} />)}
      <ListFoot loadMore={list.loadMore} hasMore={list.hasMore} empty={list.empty} emptyText="这里还没有人发布，去发布第一条吧" />
    </div>
  )
}

export const ItemFeed = (props: { readonly viewer: CircleViewer }) => {
  const [goodsType, setGoodsType] = useState<number>(ALL)
  return (
    <>
      <GoodsFilter value={goodsType} onChange={setGoodsType} />
      <Feed key={goodsType} viewer={props.viewer} goodsType={goodsType} />
    </>
  )
}
