/**
 * `/circleEdit/{bizType}/{goodsType}/{id}` (spec 002 §2, §5): the market form (−1 a new item, else the owner's item to
 * edit). Books ask the department (the worksite's majors) and grade; a sale its condition, at least one picture and
 * price with original price; every kind its contact. The core's `marketFormRefusal` checks before sending; a refused
 * submit keeps everything typed and uploaded; '用户还没通过实名认证' leads to the verification form. Success shows the
 * share image and the way to the details.
 */
import { useSignals } from "@preact/signals-react/runtime"
import { Button, Checkbox, Input, List, Picker, Result, Selector, TextArea, Toast } from "antd-mobile"
import { useEffect, useState } from "react"
import { useLocation } from "wouter"
import type { ItemView } from "#src/circle/calls"
import {
  BizType, bizTypeName, CONDITION_LEVELS, conditionName, FeeType, GOODS_TYPES, GoodsType, goodsTypeName, GRADES, isBizType, isConditionLevel,
  isGoodsType, isRentOrBorrow, Show, type BizType as BizTypeCode
} from "#src/circle/codes"
import { circleFailures, feeTypeName, showName } from "#src/circle/display"
import { CircleLimits, circleMessages, marketFormRefusal } from "#src/circle/forms"
import { messages as verificationMessages } from "#src/profile/verification"
import { LoadFailed, Loading } from "../../../components/load-state"
import { ApiFailure, failureMessage, newIdempotencyKey } from "../../../lib/api-client"
import { tokenPath } from "../../../lib/session"
import { useAction } from "../../../lib/use-action"
import { useLoad } from "../../../lib/use-load"
import type { UserInfo } from "../../../lib/user-info"
import { addItem, editItem, fetchItem } from "../api/items"
import { createMarketForm, fillFromItem, isBook, isSell, isSkill, itemFields, marketFormOf, type MarketFormState } from "../state/market-form"
import { detailPath } from "./item-card"
import { PicUploader } from "./pic-uploader"
import { ShareImage, ShareLoading } from "./share-image"

/** The form's title: 出售书籍, 想买数码, 发布技能… */
export const marketFormTitle = (bizType: number, goodsType: number) =>
  bizType === BizType.skill ? "发布技能" : `${isBizType(bizType) ? bizTypeName[bizType] : "发布"}${isGoodsType(goodsType) ? goodsTypeName[goodsType] : ""}`

/** A tappable row that opens a picker; shows the chosen label or the placeholder. */
const PickRow = (props: {
  readonly title: string
  readonly testId: string
  readonly placeholder: string
  readonly options: ReadonlyArray<{ readonly label: string; readonly value: string | number }>
  readonly value: string | number | null
  readonly onPick: (value: string | number) => void
}) => {
  const chosen = props.options.find((o) => o.value === props.value)
  return (
    <List.Item title={props.title} data-testid={props.testId} clickable
      extra={<span className={chosen ? "circle-pick" : "circle-pick circle-pick--empty"}>{chosen?.label ?? props.placeholder}</span>}
      onClick={async () => {
        const picked = await Picker.prompt({
          columns: [props.options.map((o) => ({ label: o.label, value: o.value }))],
          ...(props.value === null ? {} : { defaultValue: [props.value] }),
          confirmText: "确定",
          cancelText: "取消"
        })
        const value = picked?.[0]
        if (value !== undefined && value !== null) props.onPick(value)
      }} />
  )
}

const Fields = (props: { readonly f: MarketFormState; readonly majors: ReadonlyArray<string> }) => {
  useSignals()
  const { f } = props
  const book = isBook(f)
  const sell = isSell(f)
  const skill = isSkill(f)
  const buy = f.bizType === BizType.wantToBuy
  const categories = GOODS_TYPES.filter((g) => !(g === GoodsType.books && (buy || sell)))
  const friendly = f.feeType.value === FeeType.friendly
  return (
    <>
      <List header="基本信息" className="circle-form__group">
        {book ? (
          <>
            <PickRow title="适用院系" testId="circle-form-major" placeholder={circleMessages.major} value={f.major.value || null}
              options={props.majors.map((m) => ({ label: m, value: m }))} onPick={(v) => { f.major.value = String(v) }} />
            <PickRow title="适用年级" testId="circle-form-grade" placeholder={circleMessages.grade} value={f.grade.value}
              options={GRADES.map(([value, label]) => ({ label, value }))} onPick={(v) => { f.grade.value = Number(v) }} />
          </>
        ) : skill ? null : (
          <PickRow title="物品类别" testId="circle-form-category" placeholder={circleMessages.category} value={f.goodsType.value}
            options={categories.map((g) => ({ label: goodsTypeName[g], value: g }))} onPick={(v) => { f.goodsType.value = Number(v) }} />
        )}
        <List.Item title={skill ? "我的技能" : book ? "书名" : "物品名称"}>
          <Input data-testid="circle-form-title" maxLength={CircleLimits.title} value={f.title.value} onChange={(v) => { f.title.value = v }} clearable
            placeholder={skill ? circleMessages.skill : book ? (buy ? circleMessages.bookToBuy : circleMessages.bookToSell)
              : isRentOrBorrow(f.bizType) ? circleMessages.rentTitle : circleMessages.goodsTitle} />
        </List.Item>
        {skill ? null : (
          <List.Item title="数量" extra={
            <Checkbox data-testid="circle-form-unlimited" checked={f.sum.value === "-1"} onChange={(on) => { f.sum.value = on ? "-1" : "" }}>不限</Checkbox>
          }>
            <Input data-testid="circle-form-sum" type="text" inputMode="numeric" maxLength={18} disabled={f.sum.value === "-1"}
              value={f.sum.value === "-1" ? "" : f.sum.value} onChange={(v) => { f.sum.value = v }}
              placeholder={buy ? circleMessages.quantityToBuy : circleMessages.quantity} />
          </List.Item>
        )}
        {sell ? (
          <PickRow title="成色" testId="circle-form-level" placeholder={book ? circleMessages.bookCondition : circleMessages.goodsCondition}
            value={isConditionLevel(f.level.value) ? f.level.value : null}
            options={CONDITION_LEVELS.map((l) => ({ label: conditionName(l), value: l }))} onPick={(v) => { f.level.value = Number(v) }} />
        ) : null}
        <List.Item title={sell ? "实物图片" : "图片（选填）"} description={sell ? "至少上传一张，最多9张" : "最多9张"}>
          <PicUploader value={f.pics.value} max={CircleLimits.pics} tooMany={circleMessages.tooManyPictures} testId="circle-form-pics"
            onChange={(pics) => { f.pics.value = pics }} />
        </List.Item>
      </List>

      <List header="价格" className="circle-form__group">
        <List.Item>
          <Selector data-testid="circle-form-fee-type" columns={2} value={[f.feeType.value]}
            options={[FeeType.friendly, FeeType.free].map((t) => ({ label: feeTypeName[t], value: t }))}
            onChange={(v) => { if (v[0] !== undefined) f.feeType.value = v[0] }} />
        </List.Item>
        {friendly ? (
          <List.Item title={sell ? "售价（元）" : "友情价（元）"}>
            <Input data-testid="circle-form-price" inputMode="decimal" maxLength={18} value={f.price.value} onChange={(v) => { f.price.value = v }}
              placeholder={sell ? "请输入售价" : "请输入友情价"} />
          </List.Item>
        ) : null}
        {friendly && sell ? (
          <List.Item title="原价（元）">
            <Input data-testid="circle-form-cost" inputMode="decimal" maxLength={18} value={f.cost.value} onChange={(v) => { f.cost.value = v }} placeholder="请输入原价" />
          </List.Item>
        ) : null}
      </List>

      <List header="联系方式" className="circle-form__group">
        {skill ? (
          <List.Item title="展示">
            <Selector data-testid="circle-form-show" columns={2} value={[f.show.value]}
              options={[Show.phone, Show.wxNo].map((s) => ({ label: showName[s], value: s }))}
              onChange={(v) => { if (v[0] !== undefined) f.show.value = v[0] }} />
          </List.Item>
        ) : null}
        <List.Item title="手机号">
          <Input data-testid="circle-form-phone" type="tel" maxLength={CircleLimits.phone} value={f.phone.value} onChange={(v) => { f.phone.value = v }} placeholder="请输入手机号码" clearable />
        </List.Item>
        <List.Item title="微信号">
          <Input data-testid="circle-form-wxno" maxLength={CircleLimits.wxNo} value={f.wxNo.value} onChange={(v) => { f.wxNo.value = v }} placeholder="请输入微信号" clearable />
        </List.Item>
        <List.Item description="联系方式只通过公众号消息发给想联系你的同学，不会公开展示" />
      </List>

      <List header="补充说明" className="circle-form__group">
        <List.Item title="要求">
          <Input data-testid="circle-form-demand" maxLength={CircleLimits.demand} value={f.demand.value} onChange={(v) => { f.demand.value = v }} placeholder="选填，如：仅限本校区自提" />
        </List.Item>
        <List.Item>
          <TextArea data-testid="circle-form-remark" maxLength={CircleLimits.remark} showCount rows={3} value={f.remark.value}
            onChange={(v) => { f.remark.value = v }} placeholder="选填，补充描述一下（新旧程度、交易方式等）" />
        </List.Item>
      </List>
    </>
  )
}

/** The success view: the item's share image (once it is read back) and the way to its details. */
const Success = (props: { readonly id: string; readonly user: UserInfo; readonly token: string; readonly edited: boolean }) => {
  const [, navigate] = useLocation()
  const item = useLoad(() => fetchItem(props.id), [props.id])
  return (
    <div className="circle-success" data-testid="circle-edit-success">
      <Result status="success" title={props.edited ? "修改成功" : "发布成功"} description="分享给同学，让更多人看到" />
      {item.data ? <ShareImage item={item.data} siteName={props.user.worksite?.shortName ?? ""} />
        : item.error ? null
        : <ShareLoading />}
      <div className="circle-form__actions">
        <Button block color="primary" data-testid="circle-view-detail" onClick={() => navigate(detailPath(props.id, props.token))}>查看详情</Button>
        <Button block fill="none" onClick={() => navigate(`/myCircle/${tokenPath(props.token)}`)}>返回我的圈子</Button>
      </div>
    </div>
  )
}

const Editor = (props: {
  readonly user: UserInfo
  readonly token: string
  readonly bizType: BizTypeCode
  readonly goodsType: number | null
  readonly existing: ItemView | undefined
}) => {
  useSignals()
  const [, navigate] = useLocation()
  const [f] = useState(() => {
    const form = createMarketForm(props.bizType, props.goodsType, props.user.phoneMain ?? "")
    if (props.existing) fillFromItem(form, props.existing)
    return form
  })
  const [done, setDone] = useState<string | undefined>(undefined)
  useEffect(() => { window.scrollTo(0, 0) }, [done])
  const submit = useAction(async () => {
    const refused = marketFormRefusal(marketFormOf(f))
    if (refused) return void Toast.show({ content: refused.message })
    const worksite = props.user.worksite?._id
    if (!worksite) return void Toast.show({ content: "请先选择您所在的网点" })
    try {
      const fields = itemFields(f)
      const id = props.existing
        ? (await editItem({ _id: props.existing._id, ...fields }), props.existing._id)
        : await addItem({ ...fields, worksite }, newIdempotencyKey())
      Toast.clear()
      setDone(id)
    } catch (error) {
      if (error instanceof ApiFailure && error.message === verificationMessages.senderNotVerified) {
        Toast.show({ content: error.message })
        navigate(`/authApply/0/myCircle/${tokenPath(props.token)}`)
        return
      }
      Toast.show({ icon: "fail", content: failureMessage(error, circleFailures.submit) })
    }
  })
  if (done) return <Success id={done} user={props.user} token={props.token} edited={props.existing !== undefined} />
  return (
    <div className="circle-form" data-testid="circle-edit-form">
      <Fields f={f} majors={props.user.worksite?.majors ?? []} />
      <div className="circle-form__actions">
        <Button block color="primary" size="large" data-testid="circle-form-submit" loading={submit.pending} disabled={submit.pending} onClick={() => void submit.run()}>
          {props.existing ? "保存修改" : "立即发布"}
        </Button>
      </div>
    </div>
  )
}

export const MarketFormPage = (props: { readonly user: UserInfo; readonly token: string; readonly bizType: number; readonly goodsType: number; readonly id: string }) => {
  const isNew = props.id === "-1"
  const existing = useLoad(isNew ? undefined : () => fetchItem(props.id), [props.id])
  if (!isNew && existing.loading && !existing.data) return <Loading />
  if (!isNew && (existing.error || !existing.data)) return <LoadFailed error={existing.error} fallback={circleFailures.detail} onRetry={existing.reload} />
  const item = existing.data
  const bizType = item?.bizType ?? props.bizType
  if (!isBizType(bizType)) return <LoadFailed error={undefined} fallback="请选择要发布的类型" />
  return <Editor user={props.user} token={props.token} bizType={bizType} goodsType={item?.goodsType ?? (isGoodsType(props.goodsType) ? props.goodsType : null)} existing={item} />
}
