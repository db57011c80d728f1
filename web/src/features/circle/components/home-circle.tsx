/**
 * Home's circle list with its type filters (spec 002 §2 Home): 全部 shows the five newest (`latestInfo`), a category
 * its first page (`paging`); 更多 opens the market.
 */
import { useState } from "react"
import { Link } from "wouter"
import type { ItemView } from "#src/circle/calls"
import { ALL } from "#src/circle/codes"
import { circleFailures } from "#src/circle/display"
import { LoadFailed, Loading } from "../../../components/load-state"
import { tokenPath } from "../../../lib/session"
import { useLoad } from "../../../lib/use-load"
import { fetchItems, fetchLatestItems } from "../api/items"
import { memberViewer } from "../state/viewer"
import { EmptyState } from "./bits"
import { GoodsFilter } from "./item-feed"
import { ItemCard } from "./item-card"
import "../circle.css"

export const HomeCircle = (props: { readonly openid: string; readonly token: string }) => {
  const [goodsType, setGoodsType] = useState<number>(ALL)
  const [changed, setChanged] = useState<Readonly<Record<string, ItemView>>>({})
  const viewer = memberViewer(props.openid, props.token)
  const list = useLoad(
    () => (goodsType === ALL ? fetchLatestItems() : fetchItems(0, goodsType).then((page) => page.results)),
    [goodsType]
  )
  return (
    <section className="home-circle" data-testid="home-circle" aria-label="校园圈子">
      <header className="home-circle__head">
        <h2>校园圈子</h2>
        <Link href={`/circleShareList/${tokenPath(props.token)}`} className="home-circle__more" data-testid="home-circle-more">更多 ›</Link>
      </header>
      <GoodsFilter value={goodsType} onChange={setGoodsType} />
      {list.loading && !list.data ? <Loading />
        : list.error ? <LoadFailed error={list.error} fallback={circleFailures.list} onRetry={list.reload} />
        : (list.data ?? []).length === 0 ? (
          <EmptyState text="还没有人发布，来发布第一条吧">
            <Link href={`/circleType/-1/${tokenPath(props.token)}`} className="circle-link-button">去发布</Link>
          </EmptyState>
        )
        : (list.data ?? []).map((item) => (
          <ItemCard key={item._id} item={changed[item._id] ?? item} viewer={viewer}
            onChange={(next) => setChanged((all) => ({ ...all, [item._id]: next }))} />
        ))}
    </section>
  )
}
