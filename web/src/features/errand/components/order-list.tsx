/**
 * The errand lists (`/robbingList/{type}/{status}`, `/robbingListCompleteOrCancel/...`): type 1 the orders the
 * user published, type 2 those they accepted; tabs ing / complete / cancel, a page at a time with a 'no
 * more' footer; each order with its actions; refreshed live on the lifecycle events.
 */
import { Button, Tabs } from "antd-mobile"
import { useState } from "react"
import { Link, useLocation } from "wouter"
import { isTransferable } from "#src/errand/transfer"
import { PagedFooter } from "../../../components/paged-footer"
import { usePages } from "../../../lib/paging"
import { tokenPath } from "../../../lib/session"
import { useLoad } from "../../../lib/use-load"
import { useLiveList } from "../../../lib/socket"
import { fetchBuildings, fetchOrderPage, ORDER_EVENTS, type BuildingView } from "../api/errand"
import { OrderCard } from "./order-card"
import { TransferButton, type Team } from "./transfer"
import "../errand.css"

export type ListStatus = "ing" | "complete" | "cancel"
export const listStatusOf = (s: string | undefined): ListStatus => (s === "complete" || s === "cancel" ? s : "ing")
export const listPath = (type: string, status: ListStatus, token: string) =>
  status === "ing" ? `/robbingList/${type}/ing/${token}` : `/robbingListCompleteOrCancel/${type}/${status}/${token}`

interface ListProps {
  readonly type: string
  readonly status: ListStatus
  readonly token: string
  readonly worksiteId: string | undefined
  readonly team?: Team | undefined
}

const Pages = (props: ListProps & { readonly onChanged: () => void; readonly buildings: ReadonlyArray<BuildingView> | undefined }) => {
  const pages = usePages((pageNo, cursor) => fetchOrderPage(props.type, props.status, pageNo, cursor))
  const [batch, setBatch] = useState(false)
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
  const batchable = props.type === "2" && props.status === "ing" && props.team !== undefined
  return (
    <div className="errand-list" data-testid="errand-list">
      {batchable && pages.items.some(isTransferable) ? (
        <div className="errand-batch">
          {batch ? (
            <>
              <span>已选 {chosen.size} 单</span>
              <TransferButton team={props.team!} ids={[...chosen]} label="转给队友" testId="batch-transfer" onDone={props.onChanged} />
              <Button size="small" fill="none" onClick={() => { setBatch(false); setChosen(new Set()) }}>取消</Button>
            </>
          ) : <Button size="small" data-testid="batch-start" onClick={() => setBatch(true)}>批量转单</Button>}
        </div>
      ) : null}
      {pages.items.map((o) => (
        <OrderCard key={o._id} order={o} viewer={props.type === "2" ? "runner" : "requester"} token={props.token} buildings={props.buildings}
          onChanged={props.onChanged} team={props.team} chosen={chosen.has(o._id)}
          onChoose={batch ? (on) => setChosen((s) => { const n = new Set(s); if (on) n.add(o._id); else n.delete(o._id); return n }) : undefined} />
      ))}
      <PagedFooter loadMore={pages.loadMore} hasMore={pages.hasMore} empty={pages.items.length === 0} emptyText="暂无跑腿单" />
    </div>
  )
}

export const OrderList = (props: ListProps) => {
  const [, navigate] = useLocation()
  const [round, setRound] = useState(0)
  const token = tokenPath(props.token)
  const refresh = () => setRound((r) => r + 1)
  useLiveList(props.token, ORDER_EVENTS, refresh)
  // the worksite's buildings, loaded once: the pages below are remounted on every change
  const buildings = useLoad(props.worksiteId ? () => fetchBuildings(props.worksiteId!) : undefined, [props.worksiteId])
  return (
    <div className="errand-lists">
      <Tabs activeKey={props.status} onChange={(k) => navigate(listPath(props.type, listStatusOf(k), token), { replace: true })}>
        <Tabs.Tab title="进行中" key="ing" />
        <Tabs.Tab title="已完成" key="complete" />
        <Tabs.Tab title="已取消" key="cancel" />
      </Tabs>
      {props.type === "2" ? (
        <div className="errand-hall__links errand-lists__links">
          <Link href={`/robbing/${token}`} data-testid="list-to-hall">去大厅接单</Link>
          <Link href={`/paotuiOrderForDownload/${token}`} data-testid="list-today">今日数据</Link>
        </div>
      ) : null}
      <Pages key={`${props.type}-${props.status}-${round}`} {...props} token={token} onChanged={refresh} buildings={buildings.data} />
    </div>
  )
}
