/** Today's door-delivery orders of the leader's worksite, per building: to pick up, sending, to sign, completed. */
import { LoadFailed, Loading } from "../../../components/load-state"
import { useBuildingStatus } from "../api/team"
import "../errand-team.css"

export const BuildingStatusTable = (props: { readonly token: string | undefined }) => {
  const status = useBuildingStatus(props.token)
  if (status.loading) return <Loading />
  if (status.error) return <LoadFailed error={status.error} fallback="获取统计数据失败" onRetry={status.reload} />
  const rows = status.data ?? []
  const total = (k: "toPickup" | "sending" | "toSign" | "completed") => rows.reduce((n, r) => n + r[k], 0)
  return (
    <table className="status-table" data-testid="building-status">
      <thead><tr><th>楼栋</th><th>待取件</th><th>配送中</th><th>待签收</th><th>已完成</th></tr></thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r._id ?? r.name} data-testid="building-status-row">
            <td>{r.name}</td><td>{r.toPickup}</td><td>{r.sending}</td><td>{r.toSign}</td><td>{r.completed}</td>
          </tr>
        ))}
        <tr><th>合计</th><th>{total("toPickup")}</th><th>{total("sending")}</th><th>{total("toSign")}</th><th>{total("completed")}</th></tr>
      </tbody>
    </table>
  )
}
