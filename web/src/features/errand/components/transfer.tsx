/**
 * Handing accepted orders (status 1) to a teammate under the same leader: one from its card, or several
 * chosen in the list (`rollout/single`, `rollout/batch`); the teammates come from `getPaotuisByLeader`.
 */
import { Button, Dialog, List, Toast } from "antd-mobile"
import { useRef } from "react"
import { transferMessages } from "#src/errand/transfer"
import { PaotuisByLeader } from "#src/profile/calls"
import { LoadFailed, Loading } from "../../../components/load-state"
import { SheetButton } from "../../../components/sheet-button"
import { failureMessage, newIdempotencyKey, send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"
import { transferOrders } from "../api/errand"

export interface Team {
  readonly leaderId: string
  readonly selfId: string
}

const Teammates = (props: { readonly team: Team; readonly ids: ReadonlyArray<string>; readonly onDone: () => void; readonly onClose: () => void }) => {
  const members = useLoad(() => send(PaotuisByLeader, `/api/user/getPaotuisByLeader/${encodeURIComponent(props.team.leaderId)}`), [props.team.leaderId])
  const key = useRef(newIdempotencyKey())
  const others = (members.data ?? []).filter((m) => m._id !== props.team.selfId)
  const give = async (m: (typeof others)[number]) => {
    const name = m.realname ?? m.phoneMain ?? "队友"
    if (!(await Dialog.confirm({ content: `确定将${props.ids.length}个跑腿单转给${name}吗？` }))) return
    try {
      await transferOrders(props.ids, m, key.current)
      Toast.show({ icon: "success", content: transferMessages.done })
      props.onDone()
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, transferMessages.failed) })
    }
  }
  return (
    <div className="errand-qr" data-testid="transfer-sheet">
      <h3 className="errand-qr__title">转给队友</h3>
      {members.loading && !members.data ? <Loading /> : members.error ? <LoadFailed error={members.error} fallback="获取队友失败" onRetry={members.reload} /> : (
        others.length === 0 ? <p className="errand-form__hint">暂无可转的队友</p> : (
          <List>
            {others.map((m) => (
              <List.Item key={m._id} data-testid="transfer-member" clickable onClick={() => void give(m)} extra={m.phoneMain ?? ""}>{m.realname ?? "队友"}</List.Item>
            ))}
          </List>
        )
      )}
      <div className="errand-form__actions"><Button block fill="none" onClick={props.onClose}>取消</Button></div>
    </div>
  )
}

/** Opens the teammates sheet for these orders; with none chosen it says '请选择您想转的跑腿单'. */
export const TransferButton = (props: {
  readonly team: Team
  readonly ids: ReadonlyArray<string>
  readonly label: string
  readonly testId: string
  readonly onDone: () => void
  readonly size?: "small" | "middle"
}) => {
  const chosen = () => {
    if (props.ids.length === 0) Toast.show({ content: transferMessages.chooseOrders })
    return props.ids.length > 0
  }
  return (
    <SheetButton label={props.label} testId={props.testId} size={props.size ?? "small"} canOpen={chosen}>
      {(close) => <Teammates team={props.team} ids={props.ids} onClose={close} onDone={() => { close(); props.onDone() }} />}
    </SheetButton>
  )
}
