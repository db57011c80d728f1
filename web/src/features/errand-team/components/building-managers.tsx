/**
 * The leader's "set building leader" tab: each building of the worksite with its leader, a lookup by phone
 * (11 digits; a joined runner of this worksite), then set or remove; links to the hall, the accepted list
 * and the per-building counts.
 */
import { Button, Input, List, Toast } from "antd-mobile"
import { useRef, useState } from "react"
import { Link } from "wouter"
import { leaderMessages } from "#src/errand/transfer"
import { LoadFailed, Loading } from "../../../components/load-state"
import { failureMessage, newIdempotencyKey } from "../../../lib/api-client"
import { confirmed } from "../../../lib/confirmed"
import { tokenPath } from "../../../lib/session"
import { useAction } from "../../../lib/use-action"
import { findManager, removeManager, setManager, useManagedBuildings } from "../api/team"
import "../errand-team.css"

type Found = Awaited<ReturnType<typeof findManager>>

export const BuildingManagers = (props: { readonly worksiteId: string; readonly token: string }) => {
  const buildings = useManagedBuildings(props.worksiteId)
  const [phone, setPhone] = useState("")
  const [found, setFound] = useState<Found | undefined>(undefined)
  const key = useRef(newIdempotencyKey())
  const lookup = useAction(async () => {
    setFound(undefined)
    if (!/^\d{11}$/.test(phone.trim())) return Toast.show({ content: leaderMessages.phone })
    try {
      setFound(await findManager(phone.trim()))
    } catch (error) {
      Toast.show({ content: failureMessage(error, leaderMessages.noRunner) })
    }
  })
  const assign = useAction(async (buildingId: string) => {
    if (!found) return Toast.show({ content: leaderMessages.lookupFirst })
    try {
      await setManager(buildingId, found._id, key.current)
      key.current = newIdempotencyKey()
      Toast.show({ content: "设置成功", icon: "success" })
      buildings.reload()
    } catch (error) {
      Toast.show({ content: failureMessage(error, leaderMessages.setFailed), icon: "fail" })
    }
  })
  const remove = async (buildingId: string, name: string) => {
    if (await confirmed(`确定删除${name}的楼长吗？`, () => removeManager(buildingId), "删除成功", leaderMessages.deleteFailed)) buildings.reload()
  }
  const token = tokenPath(props.token)

  return (
    <div className="managers">
      <div className="managers__lookup">
        <Input data-testid="manager-phone" placeholder="输入楼长手机号" inputMode="numeric" maxLength={11} value={phone} onChange={setPhone} clearable />
        <Button size="small" color="primary" loading={lookup.pending} onClick={() => void lookup.run()} data-testid="manager-find">查找</Button>
      </div>
      {found ? <div className="managers__found" data-testid="manager-found">已找到：{found.realname} {found.phoneMain}</div> : null}
      {buildings.loading ? <Loading /> : buildings.error ? <LoadFailed error={buildings.error} fallback="获取大楼列表失败" onRetry={buildings.reload} /> : (
        <List mode="card" header="楼栋与楼长">
          {(buildings.data ?? []).map((b) => (
            <List.Item
              key={b._id}
              data-testid="manager-building"
              description={b.manager ? `楼长：${b.manager.realname} ${b.manager.phoneMain}` : "暂无楼长"}
              extra={
                <div style={{ display: "flex", gap: 6 }}>
                  <Button size="mini" color="primary" fill="outline" disabled={assign.pending} onClick={() => void assign.run(b._id)} data-testid="manager-set">设为楼长</Button>
                  {b.manager ? <Button size="mini" color="danger" fill="outline" onClick={() => void remove(b._id, b.name)} data-testid="manager-remove">删除</Button> : null}
                </div>
              }
            >
              {b.name}{b.area.name ? <span className="placeholder">（{b.area.name}）</span> : null}
            </List.Item>
          ))}
          {buildings.data?.length === 0 ? <List.Item>暂无楼栋</List.Item> : null}
        </List>
      )}
      <div className="managers__links">
        <Link className="nav-link" href={`/robbing/${token}`}>跑腿大厅</Link>
        <Link className="nav-link" href={`/robbingList/2/ing/${token}`}>我的接单</Link>
        <Link className="nav-link" href={`/paotuiStatusInfo/${token}`}>楼栋跑腿情况</Link>
      </div>
    </div>
  )
}
