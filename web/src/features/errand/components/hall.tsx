/**
 * The errand hall (`/robbing`): the open orders of the runner's worksite by time or fee, the sex-limit filter
 * with the spec's words, grab for joined runners only (others go to the runner application), the empty
 * state; live: new orders come in, taken ones leave.
 */
import { Button, Empty, PullToRefresh, Tabs, Toast } from "antd-mobile"
import { useState } from "react"
import { Link, useLocation } from "wouter"
import { grabMessages, RUNNER_APPLY_PATH, sexAllows } from "#src/errand/grab"
import { mayTakeErrands } from "#src/profile/runner-application"
import { HALL_ADD, HALL_ADD_PICKUP, hallEventName } from "#src/errand/status-machine"
import { LoadFailed, Loading } from "../../../components/load-state"
import { failureMessage } from "../../../lib/api-client"
import { tokenPath } from "../../../lib/session"
import { useLoad } from "../../../lib/use-load"
import type { UserInfo } from "../../../lib/user-info"
import { useLiveList } from "../../../lib/socket"
import { fetchBuildings, fetchHall, grabOrder, type ErrandOrderView } from "../api/errand"
import { OrderCard } from "./order-card"
import "../errand.css"

type Sort = "time" | "fee"

export const Hall = (props: { readonly user: UserInfo; readonly token: string }) => {
  const [, navigate] = useLocation()
  const [sort, setSort] = useState<Sort>("time")
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set())
  const [grabbing, setGrabbing] = useState<string | undefined>(undefined)
  const worksiteId = props.user.worksite?._id
  const token = tokenPath(props.token)
  const hall = useLoad(worksiteId ? () => fetchHall(worksiteId, sort) : undefined, [worksiteId, sort])
  const buildings = useLoad(worksiteId ? () => fetchBuildings(worksiteId) : undefined, [worksiteId])
  const events = worksiteId
    ? [hallEventName(worksiteId, HALL_ADD), ...(props.user.pickupAble ? [hallEventName(worksiteId, HALL_ADD_PICKUP)] : []), HALL_ADD, HALL_ADD_PICKUP, "paotuiOrderRobbinged", hallEventName(worksiteId, "paotuiOrderRobbinged"), "paotuiOrderCancel"]
    : []
  // read again on every event and on every reconnect: what was placed or taken while offline is not replayed
  useLiveList<{ _id?: string } | undefined>(props.token, events, hall.reload, (event, p) => {
    if (event.endsWith("paotuiOrderRobbinged") && p?._id) setGone((s) => new Set([...s, p._id!]))
  })

  const grab = async (o: ErrandOrderView) => {
    if (!mayTakeErrands(props.user)) {
      navigate(`${RUNNER_APPLY_PATH}/${token}`)
      return
    }
    if (!sexAllows(o.sexLimit, props.user.sex ?? 0)) {
      Toast.show({ content: o.sexLimit === 1 ? grabMessages.maleOnly : grabMessages.femaleOnly })
      return
    }
    setGrabbing(o.orderNo)
    try {
      await grabOrder(o.orderNo)
      Toast.show({ icon: "success", content: grabMessages.success })
      setGone((s) => new Set([...s, o.orderNo]))
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, grabMessages.failed) })
      hall.reload()
    } finally {
      setGrabbing(undefined)
    }
  }

  const orders = (hall.data ?? []).filter((o) => !gone.has(o._id))
  return (
    <div className="errand-hall">
      <div className="errand-hall__bar">
        <Tabs activeKey={sort} onChange={(k) => setSort(k as Sort)}>
          <Tabs.Tab title="按时间" key="time" />
          <Tabs.Tab title="按赏金" key="fee" />
        </Tabs>
        <div className="errand-hall__links">
          <Link href={`/robbingList/2/ing/${token}`} data-testid="hall-accepted">我接的单</Link>
          {props.user.isPaotuiLeader ? <Link href={`/setBuildingManager/${token}`} data-testid="hall-set-manager">设置楼长</Link> : null}
        </div>
      </div>
      {!worksiteId ? <Empty description="请先选择网点" /> : hall.loading && !hall.data ? <Loading /> : hall.error ? (
        <LoadFailed error={hall.error} fallback="获取跑腿单失败" onRetry={hall.reload} />
      ) : (
        <PullToRefresh onRefresh={async () => hall.reload()}>
          {orders.length === 0 ? <Empty data-testid="hall-empty" description="暂无可接的跑腿单" /> : orders.map((o) => (
            <OrderCard
              key={o._id}
              order={o}
              viewer="hall"
              token={token}
              buildings={buildings.data}
              onChanged={hall.reload}
              action={
                <Button key="grab" size="small" color="primary" data-testid="hall-grab" loading={grabbing === o.orderNo} disabled={grabbing !== undefined}
                  onClick={() => void grab(o)}>抢单</Button>
              }
            />
          ))}
        </PullToRefresh>
      )}
    </div>
  )
}
