/**
 * Me: who the user is and where their verification stands, scores and wallet, the errand and marketplace tiles,
 * the order block, and the entries each role and state gets; the footer tabs below.
 */
import { Avatar, Badge, Dialog, List, NoticeBar, Switch, Tag, Toast } from "antd-mobile"
import {
  BillOutline, CheckShieldOutline, FileOutline, HistogramOutline, InformationCircleOutline, KeyOutline, LocationOutline,
  MessageOutline, PayCircleOutline, PhoneFill, ReceiptOutline, ScanCodeOutline, ShopbagOutline, StarOutline, TeamOutline, TruckOutline,
  UndoOutline, UserContactOutline, SendOutline
} from "antd-mobile-icons"
import { useState } from "react"
import { Link, useLocation } from "wouter"
import { displayName } from "#src/profile/personal-info"
import { creditLevel, PaotuiStatus, runnerStatusLabel } from "#src/profile/runner-application"
import {
  AuthStatus, mayApplyForVerification, verificationBadge, verificationTip
} from "#src/profile/verification"
import { homeEntries } from "#src/home/home-grid"
import { PLATFORM_SERVICE_PHONE } from "#src/worksite/directory"
import { FooterTabs } from "../../../components/tab-bar"
import { failureMessage } from "../../../lib/api-client"
import { date, imageSrc, thumbnailSrc, yuan } from "../../../lib/format"
import { hoursText, useStationPhone } from "../../../lib/service-phone"
import { tokenPath } from "../../../lib/session"
import { useSocketEvent } from "../../../lib/socket"
import { isOn, type UserInfo } from "../../../lib/user-info"
import { useArticleCode, useArticleCodeAble } from "../api/article-code"
import { useHaveToComment } from "../api/have-to-comment"
import { useNewOrderRemind } from "../api/new-order-remind"
import { NoticeSwitches } from "./notice-switches"

const badgeColors: Record<number, string> = { [-1]: "default", 0: "warning", 1: "success", 2: "danger" }

export const MePage = (props: { readonly user: UserInfo; readonly token: string; readonly reload: () => void }) => {
  const { user } = props
  useSocketEvent(props.token || undefined, "authStatusChanged", props.reload, props.reload)
  const token = tokenPath(props.token)
  const [, navigate] = useLocation()
  const authStatus = user.authStatus ?? AuthStatus.notSubmitted
  const paotuiStatus = user.paotuiStatus ?? PaotuiStatus.notApplied
  const joined = paotuiStatus === PaotuiStatus.joined
  const credit = user.creditScore ?? undefined
  const tip = verificationTip({ authStatus, rejectComment: user.rejectComment ?? null })
  const station = useStationPhone(user.worksite?._id)
  const stationPhone = station.data?.servicePhone || user.worksite?.servicePhone || ""
  const stationHours = hoursText(station.data)
  const errandEntry = homeEntries({ idCardNo: user.idCardNo ?? null, authStatus, paotuiStatus }, props.token).find((e) => e.key === "takeErrands")
  const remind = useNewOrderRemind()
  const [remindOn, setRemindOn] = useState(isOn(user.newPaotuiOrderRemind))
  const articleCode = useArticleCode()
  const articleCodeAble = useArticleCodeAble(props.token || undefined)
  const pendingRating = useHaveToComment(props.token || undefined)
  const incomplete = !user.phoneMain || !user.worksite

  const toggleRemind = async (on: boolean) => {
    setRemindOn(on)
    try {
      await remind.run(on)
    } catch (error) {
      setRemindOn(!on)
      Toast.show({ content: failureMessage(error, "更新设置出错"), icon: "fail" })
    }
  }

  const showArticleCode = async () => {
    try {
      const code = await articleCode.run()
      await Dialog.alert({ title: "文章授权码", content: <div className="article-code"><b data-testid="article-code">{code}</b><p>10分钟内有效</p></div> })
    } catch (error) {
      Toast.show({ content: failureMessage(error, "获取授权码失败"), icon: "fail" })
    }
  }

  const call = (phone: string | null | undefined) => () => {
    if (phone) window.location.href = `tel:${phone}`
    else Toast.show({ content: "暂无客服电话" })
  }

  return (
    <div className="me">
      {incomplete ? (
        <NoticeBar
          data-testid="me-complete-profile"
          className="me-notice"
          color="alert"
          content="请先完善个人信息（网点和手机号码）"
          extra={<Link href={`/addUserInfo/my/${token}`} className="nav-link">去完善</Link>}
        />
      ) : null}

      <header className="me-header">
        <Avatar className="me-header__avatar" src={thumbnailSrc(imageSrc(user.headimgBase64), 60)} />
        <div className="me-header__who">
          <div className="me-header__name" data-testid="me-name">{displayName({ realname: user.realname ?? null, nickname: user.nickname ?? null }) || "同学"}</div>
          {user.subscribeTime ? <div className="me-header__since">关注于 {date(user.subscribeTime)}</div> : null}
          <Tag data-testid="me-auth-badge" className="me-header__badge" color={badgeColors[authStatus]} fill="solid">
            {verificationBadge(authStatus)}
          </Tag>
        </div>
        <Link href={`/userInfo/express/${token}`} className="me-header__info" data-testid="me-user-info">个人信息 ›</Link>
      </header>

      {tip || mayApplyForVerification(authStatus) ? (
        <div className={`me-tip me-tip--${authStatus === AuthStatus.rejected ? "rejected" : authStatus === AuthStatus.reviewing ? "reviewing" : "todo"}`} data-testid="me-auth-tip">
          <span>{tip}</span>
          {mayApplyForVerification(authStatus) ? <Link href={`/authApply/0/my/${token}`} className="me-tip__link" data-testid="me-verify">去认证 ›</Link> : null}
        </div>
      ) : null}

      <section className="me-stats">
        <Link href={`/creditscoreDetail/${token}`} className="me-stat" data-testid="me-credit">
          <b className={credit === undefined ? "" : `credit credit--${creditLevel(credit)}`}>{credit ?? "--"}</b>
          <span>信用分</span>
        </Link>
        <Link href={`/scoreToMoney/${token}`} className="me-stat" data-testid="me-active-score">
          <b>{user.activeScore}</b>
          <span>活跃积分</span>
        </Link>
        <Link href={`/takecash/${token}`} className="me-stat" data-testid="me-wallet">
          <b>{yuan(user.money)}</b>
          <span>余额（元）</span>
        </Link>
      </section>

      <section className="me-tiles">
        <Link href={errandEntry?.to ?? `/paotuiApply/${token}`} className="me-tile me-tile--errand" data-testid="me-errand">
          <TruckOutline className="me-tile__icon" />
          <div>
            <div className="me-tile__title">校园跑腿</div>
            <div className="me-tile__sub" data-testid="me-runner-status">{runnerStatusLabel(paotuiStatus, isOn(user.worksite?.paotuiAble))}</div>
          </div>
        </Link>
        <Link href={`/myCircle/${token}`} className="me-tile me-tile--market" data-testid="me-market">
          <ShopbagOutline className="me-tile__icon" />
          <div>
            <div className="me-tile__title">校园集市</div>
            <div className="me-tile__sub">闲置买卖</div>
          </div>
        </Link>
      </section>

      <section className="me-orders">
        <div className="me-orders__title">我的跑腿单</div>
        <div className="me-orders__grid">
          <Link href={`/robbingList/1/ing/${token}`} className="me-order" data-testid="me-published"><FileOutline /><span>我发布的</span></Link>
          <Link href={`/robbingList/2/ing/${token}`} className="me-order" data-testid="me-accepted"><BillOutline /><span>我接的单</span></Link>
          <Link href={`/robbingList/1/complete/${token}`} className="me-order" data-testid="me-to-rate">
            <Badge content={pendingRating ? Badge.dot : null} data-testid="me-to-rate-dot"><StarOutline /></Badge>
            <span>待评价</span>
          </Link>
        </div>
      </section>

      <List mode="card" className="me-entries">
        <List.Item data-testid="me-parcels" prefix={<ReceiptOutline />} onClick={() => navigate(`/expressTotakeList/ing/${token}`)}>我的快递</List.Item>
        <List.Item data-testid="me-sendings" prefix={<SendOutline />} onClick={() => navigate(`/expressSendList/ing/${token}`)}>我的寄件</List.Item>
      </List>

      {user.role === "staff" || user.role === "admin" ? (
        <List mode="card" header={user.role === "staff" ? "驿站工作" : "平台管理"} className="me-entries" data-testid="me-staff">
          {user.role === "staff" ? (
            <>
              <List.Item data-testid="me-staff-warehousing" prefix={<ReceiptOutline />} onClick={() => navigate(`/warehousing/${token}`)}>快递入库</List.Item>
              <List.Item data-testid="me-staff-takepart" prefix={<ScanCodeOutline />} onClick={() => navigate(`/takepart/${token}`)}>确认取件</List.Item>
              <List.Item data-testid="me-staff-return" prefix={<UndoOutline />} onClick={() => navigate(`/return/${token}`)}>退件</List.Item>
              <List.Item data-testid="me-staff-print-surface" prefix={<SendOutline />} onClick={() => navigate(`/printSurface/${token}`)}>寄件计费打单</List.Item>
              <List.Item data-testid="me-staff-out-scan" prefix={<ScanCodeOutline />} onClick={() => navigate(`/toTakeinOutScan/${token}`)}>寄件出库</List.Item>
            </>
          ) : null}
          <List.Item data-testid="me-staff-review" prefix={<CheckShieldOutline />} onClick={() => navigate(`/authReview/${token}`)}>实名审核</List.Item>
          <List.Item data-testid="me-staff-feedback" prefix={<MessageOutline />} onClick={() => navigate(`/suggestionReview/${token}`)}>意见反馈处理</List.Item>
        </List>
      ) : null}

      <List mode="card" className="me-entries">
        {articleCodeAble ? (
          <List.Item data-testid="me-article-code" prefix={<KeyOutline />} onClick={() => void showArticleCode()}>获取文章授权码</List.Item>
        ) : null}
        {user.canSeeStatistics ? (
          <List.Item data-testid="me-report" prefix={<HistogramOutline />} onClick={() => navigate(`/tongji/${token}`)}>运营报表</List.Item>
        ) : null}
        {joined ? (
          <List.Item data-testid="me-agreement" prefix={<FileOutline />} onClick={() => navigate("/paotuiAgreement")}>跑腿协议</List.Item>
        ) : null}
        {isOn(user.isPaotuiLeader) ? (
          <List.Item data-testid="me-invitation" prefix={<TeamOutline />} extra={<b className="me-invitation">{user.invitation || "--"}</b>} arrowIcon={false}>团长邀请码</List.Item>
        ) : null}
        {joined ? (
          <List.Item
            data-testid="me-remind"
            prefix={<MessageOutline />}
            arrowIcon={false}
            extra={<Switch checked={remindOn} loading={remind.pending} onChange={(on) => void toggleRemind(on)} />}
          >
            新单提醒
          </List.Item>
        ) : null}
        <List.Item data-testid="me-entry-info" prefix={<UserContactOutline />} onClick={() => navigate(`/userInfo/express/${token}`)}>个人信息</List.Item>
        <List.Item data-testid="me-entry-address" prefix={<LocationOutline />} onClick={() => navigate(`/address/${token}`)}>收件地址</List.Item>
        <List.Item data-testid="me-entry-wallet" prefix={<PayCircleOutline />} onClick={() => navigate(`/takecash/${token}`)}>我的钱包</List.Item>
        <List.Item data-testid="me-entry-credit" prefix={<CheckShieldOutline />} onClick={() => navigate(`/creditscoreDetail/${token}`)} extra={credit === undefined ? null : <span className={`credit credit--${creditLevel(credit)}`}>{credit}</span>}>信用分</List.Item>
        <List.Item data-testid="me-entry-score" prefix={<StarOutline />} onClick={() => navigate(`/scoreToMoney/${token}`)} extra={user.activeScore}>活跃积分</List.Item>
        <List.Item data-testid="me-feedback" prefix={<MessageOutline />} onClick={() => navigate(`/suggestion/${token}`)}>意见反馈</List.Item>
      </List>

      <NoticeSwitches token={props.token} />

      <List mode="card" className="me-entries">
        <List.Item
          data-testid="me-worksite-phone"
          prefix={<PhoneFill />}
          onClick={call(stationPhone)}
          description={stationHours ? `营业时间 ${stationHours}` : undefined}
          extra={stationPhone}
        >
          驿站电话
        </List.Item>
        <List.Item
          data-testid="me-platform-phone"
          prefix={<PhoneFill />}
          onClick={call(PLATFORM_SERVICE_PHONE)}
          description="驿站营业时间外请拨打"
          extra={PLATFORM_SERVICE_PHONE}
        >
          平台客服
        </List.Item>
        <List.Item data-testid="me-about" prefix={<InformationCircleOutline />} onClick={() => navigate("/introduction")}>关于我们</List.Item>
      </List>

      <FooterTabs current="my" token={props.token} />
    </div>
  )
}
