/**
 * The receiver's parcels: tabs 待取件 / 已签收 / 待退送 / 已退送, a page at a time with infinite scroll,
 * parcels the user picks up for a friend marked as such, the fee state instead of a code while a fee is
 * unpaid, 取消任务 on a parcel whose door delivery is unpaid or waits for a runner (its errand cancelled, the parcel
 * back on the shelf), and live updates (a new parcel, a pickup, a friend's choice, refusal or cancel, a delivery).
 */
import { Button, Dialog, NoticeBar, Tabs, Tag, Toast } from "antd-mobile"
import { useState } from "react"
import { Link, useLocation } from "wouter"
import { collectTabs, isCollectTab, isTaken, offersErrandCancel, ParcelType, RETURN_TIP, showsReturnTip, tabTitles, type CollectTab } from "#src/parcel/collect"
import { ParcelStatus } from "#src/parcel/parcel-status"
import { allows } from "#src/parcel/status-machine"
import { PagedFooter } from "../../../components/paged-footer"
import { failureMessage } from "../../../lib/api-client"
import { dateTime, yuan } from "../../../lib/format"
import { hoursText, useStationPhone } from "../../../lib/service-phone"
import { tokenPath } from "../../../lib/session"
import { cancelAgent, refuseAgent } from "../../../lib/parcel-actions"
import { useParcelEvents } from "../../../lib/parcel-events"
import { cancelErrand, useCollectHeader, useParcels, type CollectView } from "../api/parcels"

const LIST_FAILED = "获取快递列表出错"

const ParcelCard = (props: { readonly p: CollectView; readonly token: string; readonly onChanged: () => void }) => {
  const { p } = props
  const [, navigate] = useLocation()
  const token = tokenPath(props.token)
  const act = async (run: () => Promise<unknown>, confirm: string, done: string, failed: string) => {
    if (!(await Dialog.confirm({ content: confirm }))) return
    try {
      await run()
      Toast.show({ content: done, icon: "success" })
      props.onChanged()
    } catch (error) {
      Toast.show({ content: failureMessage(error, failed), icon: "fail" })
    }
  }
  /** A type-1 parcel has no QR page. */
  const open = () => {
    if (p.type !== 1) navigate(`/expressQrcode/${encodeURIComponent(p._id)}/${token}`)
  }
  const hasCode = p.storageNo !== "-"
  return (
    <div className="parcel-card" data-testid="parcel-card" data-id={p._id}>
      <div className="parcel-card__head" onClick={open}>
        <span className="parcel-card__company">{p.expressCompany.name}</span>
        {p.isAgent ? <Tag color="warning" fill="outline" data-testid="parcel-agent-tag">替好友取件</Tag> : null}
        <Tag color={p.safekeepNeedPay ? "danger" : isTaken(p.status) ? "success" : "primary"} data-testid="parcel-status">{p.statusStr}</Tag>
      </div>
      <div className="parcel-card__body" onClick={open}>
        {hasCode ? (
          <div className="parcel-card__code" data-testid="parcel-code">{p.storageNo}-{p.tag}</div>
        ) : p.safekeepNeedPay ? (
          <div className="parcel-card__fee" data-testid="parcel-fee">
            {p.status === ParcelStatus.awaitingReturn ? `超过3天未取，待退回；支付保管费 ¥${yuan(p.safekeepFee)} 后仍可取件` : `待支付保管费 ¥${yuan(p.safekeepFee)}，支付后显示取件码`}
          </div>
        ) : null}
        <div className="parcel-card__line">快递单号：{p.expressNo}</div>
        <div className="parcel-card__line">{p.isAgent ? `代 ${p.receiver}（${p.receiverPhone}）取件` : `收件人：${p.receiver} ${p.receiverPhone}`}</div>
        {!p.isAgent && p.agent ? <div className="parcel-card__line" data-testid="parcel-agent">代取好友：{p.agent} {p.agentPhone}</div> : null}
        <div className="parcel-card__line parcel-card__time">入库时间：{dateTime(p.createdAt.getTime())}</div>
      </div>
      <div className="parcel-card__actions">
        <Link href={`/expressTimeline/${encodeURIComponent(p._id)}/${token}`}><Button size="small" data-testid="parcel-timeline-link">快递详情</Button></Link>
        {p.safekeepNeedPay && !p.isAgent ? (
          <Link href={`/safekeepFeeToPay/${encodeURIComponent(p._id)}/${token}`}><Button size="small" color="danger" data-testid="parcel-pay-fee">支付保管费</Button></Link>
        ) : null}
        {!p.isAgent && allows("chooseAgent", p.status) && p.type !== ParcelType.noCode ? (
          <Link href={`/proxyGet/${encodeURIComponent(p._id)}/${token}`}><Button size="small" data-testid="parcel-proxy">找人代取</Button></Link>
        ) : null}
        {!p.isAgent && allows("cancelAgent", p.status) ? (
          <Button size="small" data-testid="parcel-cancel-agent" onClick={() => void act(() => cancelAgent(p._id), "确定取消好友代取吗？", "取消代取成功", "取消代取失败")}>取消代取</Button>
        ) : null}
        {p.isAgent && allows("refuseAgent", p.status) ? (
          <Button size="small" data-testid="parcel-refuse-agent" onClick={() => void act(() => refuseAgent(p._id), "确定拒绝代取吗？", "拒绝代取成功", "拒绝代取失败")}>拒绝代取</Button>
        ) : null}
        {p.paotuiOrderNo && offersErrandCancel(p.status, p.isAgent) ? (
          <Button size="small" data-testid="parcel-cancel-errand"
            onClick={() => void act(() => cancelErrand(p.paotuiOrderNo!), "确定取消送货上门任务吗？已支付的跑腿费将原路退回。", "取消成功", "取消任务失败")}>取消任务</Button>
        ) : null}
        {p.type !== ParcelType.noCode && allows("takeByReceiver", p.status) ? (
          <Button size="small" color="primary" data-testid="parcel-open-qr" onClick={open}>{hasCode ? "取件码" : "查看"}</Button>
        ) : null}
      </div>
    </div>
  )
}

const TabList = (props: { readonly tab: CollectTab; readonly token: string; readonly onChanged: () => void }) => {
  const { items, hasMore, loadMore, error } = useParcels(props.tab)
  return (
    <div className="parcel-list" data-testid={`parcel-list-${props.tab}`}>
      {showsReturnTip(props.tab) ? <NoticeBar data-testid="return-tip" content={RETURN_TIP} color="alert" /> : null}
      {items.map((p) => <ParcelCard key={p._id} p={p} token={props.token} onChanged={props.onChanged} />)}
      <PagedFooter loadMore={loadMore} hasMore={hasMore} empty={items.length === 0} emptyText="暂无快递" failedText={failureMessage(error, LIST_FAILED)} />
    </div>
  )
}

export const ParcelListPage = (props: { readonly tab: string; readonly token: string }) => {
  const tab: CollectTab = isCollectTab(props.tab) ? props.tab : "ing"
  const [, navigate] = useLocation()
  const [generation, setGeneration] = useState(0)
  const header = useCollectHeader(props.token)
  const reload = () => {
    setGeneration((g) => g + 1)
    header.reload()
  }
  useParcelEvents(props.token, reload, reload)
  const count = header.data?.toTakeCount
  const site = header.data
  const hours = hoursText(useStationPhone(site?.worksite ?? undefined).data)
  return (
    <div className="parcels">
      {site?.worksiteName ? (
        <div className="parcels__site" data-testid="parcels-site">
          <span>{site.worksiteName}{site.selfSignAble ? " · 支持自助签收" : ""}</span>
          {site.servicePhone ? (
            <a href={`tel:${site.servicePhone}`} data-testid="parcels-station-phone">驿站电话 {site.servicePhone}{hours ? `（${hours}）` : ""}</a>
          ) : null}
        </div>
      ) : null}
      <Tabs activeKey={tab} onChange={(key) => navigate(`/expressTotakeList/${key}/${tokenPath(props.token)}`, { replace: true })}>
        {collectTabs.map((t) => (
          <Tabs.Tab key={t} title={<span data-testid={`tab-${t}`}>{tabTitles[t]}{t === "ing" && count ? `(${count})` : ""}</span>} />
        ))}
      </Tabs>
      <TabList key={`${tab}-${generation}`} tab={tab} token={props.token} onChanged={reload} />
    </div>
  )
}
