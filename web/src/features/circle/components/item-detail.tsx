/**
 * `/circleDetail/{id}/{param}` (spec 002 §2, §6): an item in full. A follower (session) may like, report and ask for
 * the owner's contact (sent through the official account); the owner sees their own phone and chat account and an
 * edit button. A visitor (openid, no session) may like and report; contact and the market open the follow QR.
 */
import { Button, NoticeBar, Swiper, Toast, ImageViewer } from "antd-mobile"
import { ExclamationShieldOutline, MessageOutline, ShopbagOutline } from "antd-mobile-icons"
import { useEffect, useState } from "react"
import { useLocation } from "wouter"
import type { ItemView } from "#src/circle/calls"
import { BizType, GRADES, PostKind, ReactionType } from "#src/circle/codes"
import { circleDone, circleFailures, costText, priceText, quantityText } from "#src/circle/display"
import { PostStatus } from "#src/circle/status-machine"
import { LoadFailed, Loading } from "../../../components/load-state"
import { failureMessage } from "../../../lib/api-client"
import { dateTime, thumbnailSrc } from "../../../lib/format"
import { useLoad } from "../../../lib/use-load"
import { fetchItem } from "../api/items"
import { askContact } from "../api/reactions"
import type { CircleViewer } from "../state/viewer"
import { Avatar } from "./bits"
import { showFollowDialog } from "./follow-dialog"
import { ItemTags } from "./item-card"
import { editPath } from "./my-circle"
import { ReactionButton, reportPost, withReaction } from "./reactions"

const gradeName = (grade: number | null) => GRADES.find(([g]) => g === grade)?.[1]

const Row = (props: { readonly label: string; readonly value: React.ReactNode; readonly testId?: string }) => (
  <div className="circle-detail__row"><span>{props.label}</span><b data-testid={props.testId}>{props.value}</b></div>
)

const Pictures = (props: { readonly item: ItemView }) => {
  const urls = props.item.pics.map((p) => p.url)
  if (urls.length === 0) return null
  return (
    <Swiper className="circle-detail__pics" data-testid="circle-detail-pics" indicator={urls.length > 1 ? undefined : () => null}>
      {urls.map((url, i) => (
        <Swiper.Item key={url}>
          <img src={thumbnailSrc(url, 390)} alt="" onClick={() => ImageViewer.Multi.show({ images: urls, defaultIndex: i })} />
        </Swiper.Item>
      ))}
    </Swiper>
  )
}

const Detail = (props: { readonly item: ItemView; readonly viewer: CircleViewer }) => {
  const [, navigate] = useLocation()
  const [item, setItem] = useState(props.item)
  const [asking, setAsking] = useState(false)
  useEffect(() => setItem(props.item), [props.item])
  const { viewer } = props
  const cost = costText(item.cost)
  const contact = async () => {
    if (viewer.visitor) return void showFollowDialog()
    if (asking) return
    setAsking(true)
    try {
      await askContact(viewer, item._id)
      Toast.show({ icon: "success", content: circleDone.contactSent })
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, circleFailures.contact) })
    } finally {
      setAsking(false)
    }
  }
  return (
    <div className="circle-detail" data-testid="circle-detail">
      {item.status === PostStatus.hidden ? <NoticeBar color="alert" content="该内容已被举报屏蔽，仅你自己可见" data-testid="circle-detail-hidden" /> : null}
      {item.status === PostStatus.delisted ? <NoticeBar color="info" content="该内容已下架" data-testid="circle-detail-delisted" /> : null}
      <Pictures item={item} />
      <section className="circle-detail__main">
        <div className="circle-detail__price">
          <span className="circle-price circle-price--big" data-testid="circle-detail-price">{priceText(item)}</span>
          {cost && item.price >= 0 ? <s className="circle-cost">原价 {cost}</s> : null}
          <span className="circle-detail__views">{item.view} 浏览</span>
        </div>
        <h1 className="circle-detail__title" data-testid="circle-detail-title">{item.title}</h1>
        <ItemTags item={item} />
        {item.remark ? <p className="circle-detail__remark" data-testid="circle-detail-remark">{item.remark}</p> : null}
      </section>
      <section className="circle-detail__facts">
        {item.bizType !== BizType.skill ? <Row label="数量" value={quantityText(item.sum)} /> : null}
        {item.major ? <Row label="适用院系" value={item.major} /> : null}
        {gradeName(item.class) ? <Row label="适用年级" value={gradeName(item.class)} /> : null}
        {item.demand ? <Row label="要求" value={item.demand} /> : null}
        {item.mine && item.phone ? <Row label="我的手机号" value={item.phone} testId="circle-detail-phone" /> : null}
        {item.mine && item.wxNo ? <Row label="我的微信号" value={item.wxNo} testId="circle-detail-wxno" /> : null}
      </section>
      <section className="circle-detail__owner">
        <Avatar src={item.user.headimgBase64} size={40} />
        <div>
          <b>{item.user.nickname || "同学"}</b>
          <time>发布于 {dateTime(item.createdAt)}</time>
        </div>
        {viewer.visitor ? (
          <button type="button" className="circle-detail__market" data-testid="circle-detail-market" onClick={() => void showFollowDialog()}>
            <ShopbagOutline /> 逛集市
          </button>
        ) : null}
      </section>
      <div className="circle-detail__bar">
        <ReactionButton viewer={viewer} kind={PostKind.item} post={item} type={ReactionType.like} count={item.zan}
          onCounted={(zan) => setItem((now) => withReaction(now, ReactionType.like, "zan", zan))} />
        {item.mine ? null : (
          <button type="button" className="circle-react" data-testid="circle-report" onClick={() => reportPost(viewer, item._id)}>
            <ExclamationShieldOutline /><span className="circle-react__name">举报</span>
          </button>
        )}
        {item.mine ? (
          <Button color="primary" shape="rounded" data-testid="circle-detail-edit" onClick={() => navigate(editPath(item, viewer.token))}>编辑</Button>
        ) : (
          <Button color="primary" shape="rounded" data-testid="circle-contact" loading={asking} onClick={() => void contact()}>
            <MessageOutline /> 联系TA
          </Button>
        )}
      </div>
    </div>
  )
}

export const ItemDetailPage = (props: { readonly id: string; readonly viewer: CircleViewer }) => {
  const item = useLoad(() => fetchItem(props.id, props.viewer.visitor ? props.viewer.openid : undefined), [props.id, props.viewer.openid])
  if (item.loading && !item.data) return <Loading />
  if (item.error || !item.data) return <LoadFailed error={item.error} fallback={circleFailures.detail} onRetry={item.reload} />
  return <Detail item={item.data} viewer={props.viewer} />
}
