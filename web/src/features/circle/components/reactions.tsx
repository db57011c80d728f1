/**
 * Reactions and reports on a post (spec 002 §4, §7, §8): like 赞 on every kind, dislike 踩 on the social three, 呼TA on
 * a teammate (then `hu` sends TA's chat account), 送花 on a confession. A reaction counts once: an answer of 0 shows
 * '您已赞过' and the like. A report picks its reason; the owner's delete sits in the same menu.
 */
import { ActionSheet, Dialog, Toast } from "antd-mobile"
import { FingerdownOutline, GiftOutline, LikeOutline, MoreOutline, SoundOutline } from "antd-mobile-icons"
import { useState } from "react"
import { acceptsReaction, alreadyReacted, COMPLAINT_TYPES, complaintName, ReactionType, type PostKind } from "#src/circle/codes"
import { circleDone, circleFailures, reactionName } from "#src/circle/display"
import { failureMessage } from "../../../lib/api-client"
import { deletePost } from "../api/items"
import { callTeammate, complain, react } from "../api/reactions"
import type { CircleViewer } from "../state/viewer"

const icons: Record<ReactionType, React.ReactNode> = {
  [ReactionType.like]: <LikeOutline />,
  [ReactionType.dislike]: <FingerdownOutline />,
  [ReactionType.call]: <SoundOutline />,
  [ReactionType.flower]: <GiftOutline />
}

const testIds: Record<ReactionType, string> = {
  [ReactionType.like]: "react-like", [ReactionType.dislike]: "react-dislike", [ReactionType.call]: "react-call", [ReactionType.flower]: "react-flower"
}

export interface Reactable {
  readonly _id: string
  readonly myReactions: ReadonlyArray<number>
}

/** One reaction button with its count; `onCounted` gets the new count and marks it given. */
export const ReactionButton = (props: {
  readonly viewer: CircleViewer
  readonly kind: PostKind
  readonly post: Reactable
  readonly type: ReactionType
  readonly count: number
  readonly onCounted: (count: number) => void
}) => {
  const [busy, setBusy] = useState(false)
  if (!acceptsReaction(props.kind, props.type)) return null
  const given = props.post.myReactions.includes(props.type)
  const tap = async () => {
    if (busy) return
    setBusy(true)
    try {
      const count = await react(props.viewer, props.post._id, props.kind, props.type)
      if (count === 0) {
        Toast.show({ content: alreadyReacted[props.type] })
        return
      }
      props.onCounted(count)
      if (props.type === ReactionType.call) {
        try {
          await callTeammate(props.post._id)
          Toast.show({ icon: "success", content: circleDone.called })
        } catch (error) {
          Toast.show({ icon: "fail", content: failureMessage(error, circleFailures.operation) })
        }
      }
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, circleFailures.operation) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <button type="button" className={`circle-react circle-react--${props.type} ${given ? "circle-react--given" : ""}`}
      data-testid={testIds[props.type]} aria-pressed={given} onClick={() => void tap()}>
      {icons[props.type]}
      <span className="circle-react__name">{reactionName[props.type]}</span>
      <span className="circle-react__count" data-testid={`${testIds[props.type]}-count`}>{props.count}</span>
    </button>
  )
}

/** A post's counts after a reaction: the count of that reaction replaced and the reaction marked given. */
export const withReaction = <P extends Reactable>(post: P, type: ReactionType, field: keyof P, count: number): P =>
  ({ ...post, [field]: count, myReactions: post.myReactions.includes(type) ? post.myReactions : [...post.myReactions, type] })

/** Asks for a report's reason and sends it: '已提交', else '提交失败，请联系平台客服'. */
export const reportPost = (viewer: CircleViewer, postId: string) => {
  const sheet = ActionSheet.show({
    extra: "请选择举报原因",
    cancelText: "取消",
    actions: COMPLAINT_TYPES.map((c) => ({ key: String(c), text: complaintName[c] })),
    onAction: async (action) => {
      sheet.close()
      try {
        await complain(viewer, postId, Number(action.key))
        Toast.show({ icon: "success", content: circleDone.reported })
      } catch (error) {
        Toast.show({ icon: "fail", content: failureMessage(error, circleFailures.report) })
      }
    }
  })
}

/** Deletes one's own post after a confirm; true when gone ('操作失败' otherwise). */
export const deleteOwnPost = async (postId: string): Promise<boolean> => {
  if (!(await Dialog.confirm({ content: "确认删除？删除后不可恢复" }))) return false
  try {
    await deletePost(postId)
    Toast.show({ icon: "success", content: circleDone.operation })
    return true
  } catch (error) {
    Toast.show({ icon: "fail", content: failureMessage(error, circleFailures.operation) })
    return false
  }
}

/** The "···" of a post: report it, or delete it when it is the viewer's own. */
export const PostMenu = (props: { readonly viewer: CircleViewer; readonly postId: string; readonly mine: boolean; readonly onDeleted: () => void }) => (
  <button type="button" className="circle-menu" aria-label="更多" data-testid="post-menu"
    onClick={() => {
      if (!props.mine) return reportPost(props.viewer, props.postId)
      const sheet = ActionSheet.show({
        cancelText: "取消",
        actions: [{ key: "delete", text: "删除", danger: true }],
        onAction: async () => {
          sheet.close()
          if (await deleteOwnPost(props.postId)) props.onDeleted()
        }
      })
    }}>
    <MoreOutline />
  </button>
)
