/**
 * `/myCircle` (spec 002 §2, §4): the owner's items, listed, delisted and hidden, each with 编辑, 上架/下架 (after '确认上架？'
 * or '确认下架？': '操作成功', the list reloads) and 删除 (after a confirm); a publish button to the type chooser and an
 * empty picture when there is nothing yet.
 */
import { Button, Dialog, Toast } from "antd-mobile"
import { AddOutline } from "antd-mobile-icons"
import { useState } from "react"
import { Link, useLocation } from "wouter"
import type { ItemView } from "#src/circle/calls"
import { circleDone, circleFailures, postStatusName, statusQuestion } from "#src/circle/display"
import { PostStatus } from "#src/circle/status-machine"
import { failureMessage } from "../../../lib/api-client"
import { tokenPath } from "../../../lib/session"
import { fetchMyItems, setItemStatus } from "../api/items"
import { useCircleList } from "../state/circle-list"
import type { CircleViewer } from "../state/viewer"
import { ListFoot } from "./bits"
import { ItemCard } from "./item-card"
import { deleteOwnPost } from "./reactions"

export const editPath = (item: Pick<ItemView, "_id" | "bizType" | "goodsType">, token: string) =>
  `/circleEdit/${item.bizType}/${item.goodsType}/${encodeURIComponent(item._id)}/${tokenPath(token)}`

export const publishPath = (token: string) => `/circleType/-1/${tokenPath(token)}`

const changeStatus = async (item: ItemView, to: number): Promise<boolean> => {
  if (!(await Dialog.confirm({ content: statusQuestion(to) }))) return false
  try {
    await setItemStatus(item._id, to)
    Toast.show({ icon: "success", content: circleDone.operation })
    return true
  } catch (error) {
    Toast.show({ icon: "fail", content: failureMessage(error, circleFailures.operation) })
    return false
  }
}

const MyItems = (props: { readonly viewer: CircleViewer; readonly onReload: () => void }) => {
  const [, navigate] = useLocation()
  const list = useCircleList(fetchMyItems, 0)
  const token = props.viewer.token
  return (
    <div className="circle-feed" data-testid="my-circle-list">
      {list.items.map((item) => {
        const status = item.status
        const next = status === PostStatus.listed ? PostStatus.delisted : PostStatus.listed
        return (
          <ItemCard key={item._id} item={item} viewer={props.viewer} onChange={(changed) => list.update(item._id, () => changed)}
            status={<span className={`circle-status circle-status--${status}`} data-testid="my-item-status">{postStatusName(status)}</span>}>
            <div className="circle-card__actions">
              {status === PostStatus.hidden ? <span className="circle-card__hidden">已被举报屏蔽，仅自己可见</span> : (
                <>
                  <Button size="mini" fill="outline" data-testid="my-item-edit" onClick={() => navigate(editPath(item, token))}>编辑</Button>
                  <Button size="mini" fill="outline" color={next === PostStatus.listed ? "primary" : "warning"} data-testid="my-item-status-toggle"
                    onClick={async () => { if (await changeStatus(item, next)) props.onReload() }}>
                    {next === PostStatus.listed ? "上架" : "下架"}
                  </Button>
                </>
              )}
              <Button size="mini" fill="outline" color="danger" data-testid="my-item-delete"
                onClick={async () => { if (await deleteOwnPost(item._id)) list.remove(item._id) }}>删除</Button>
            </div>
          </ItemCard>
        )
      })}
      <ListFoot loadMore={list.loadMore} hasMore={list.hasMore} empty={list.empty} emptyText="你还没有发布过内容"
        emptyAction={<Link href={publishPath(token)} className="circle-link-button" data-testid="my-circle-empty-publish">去发布</Link>} />
    </div>
  )
}

export const MyCircle = (props: { readonly viewer: CircleViewer }) => {
  const [round, setRound] = useState(0)
  const [, navigate] = useLocation()
  return (
    <div className="my-circle">
      <div className="my-circle__publish">
        <Button block color="primary" shape="rounded" data-testid="my-circle-publish" onClick={() => navigate(publishPath(props.viewer.token))}>
          <AddOutline /> 发布闲置 / 求购 / 技能
        </Button>
      </div>
      <MyItems key={round} viewer={props.viewer} onReload={() => setRound((r) => r + 1)} />
    </div>
  )
}
