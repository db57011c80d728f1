/**
 * The 'book sending' tab: carrier, sender and receiver from the address book, goods, declared value (with
 * the insurance fee the core charges), the live freight estimate from the tariff, pay mode, remark, and the optional door pickup. Submitting runs the
 * core's `bookingRefusal` first — the same checks in the same order as the server — and shows the first one.
 */
import { Button, Input, List, Picker, Selector, Switch, TextArea, Toast } from "antd-mobile"
import { useState } from "react"
import type { AddressView } from "#src/address/calls"
import { bookingRefusal, messages, noteCounter } from "#src/sending/booking"
import { gramsOfKg } from "#src/sending/freight"
import { yuan } from "#src/shared/money"
import { failureMessage } from "../../../lib/api-client"
import type { BookingRequest, SendingSetup } from "../api/sending"
import { bookingFields, emptyDraft, shownInsuranceFee, type BookingDraft } from "../state/booking-form"
import { BookingTimePicker } from "./booking-time-picker"
import { ContactPicker } from "./contact-picker"
import { DoorPickupFields } from "./door-pickup-fields"
import { FreightEstimate } from "./freight-estimate"

const Counter = (props: { readonly text: string; readonly testId: string }) => {
  const c = noteCounter(props.text)
  return <span data-testid={props.testId} className={`note-counter${c.over ? " note-counter--over" : ""}`}>{c.label}</span>
}

export const BookingForm = (props: {
  readonly setup: SendingSetup
  readonly addresses: ReadonlyArray<AddressView>
  readonly onAddressBook: () => void
  readonly submit: (request: BookingRequest) => Promise<void>
}) => {
  const { setup } = props
  const defaultAddress = props.addresses.find((a) => a.isDefault) ?? props.addresses[0]
  const [draft, setDraft] = useState<BookingDraft>(() => ({ ...emptyDraft, senderId: defaultAddress?._id ?? "" }))
  const [companyOpen, setCompanyOpen] = useState(false)
  const [pending, setPending] = useState(false)
  const set = (patch: Partial<BookingDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const company = setup.companies.find((c) => c._id === draft.companyId)
  // the server marks each carrier with the core's offersCashOnDelivery (the one carrier, where the worksite allows it)
  const daofuOffered = company?.daofuAble === true
  const fee = shownInsuranceFee(draft)
  const receiver = props.addresses.find((a) => a._id === draft.receiverId)
  const senderAddress = props.addresses.find((a) => a._id === draft.senderId)

  const onSubmit = async () => {
    const fields = bookingFields({ ...draft, isDaofu: daofuOffered && draft.isDaofu }, props.addresses)
    const refused = bookingRefusal(fields, { jijianAble: true, daofuAble: setup.daofuAble, sendCompanies: setup.companies.map((c) => ({ id: c._id, code: c.code })) }, new Date())
    if (refused) {
      Toast.show({ content: refused.message })
      return
    }
    setPending(true)
    try {
      await props.submit({ ...fields, senderAddressId: draft.senderId, receiverAddressId: draft.receiverId })
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, messages.bookFailed) })
    } finally {
      setPending(false)
    }
  }

  return (
    <div className="booking" data-testid="booking-form">
      <List mode="card" className="booking__contacts">
        <ContactPicker role="sender" addresses={props.addresses} value={draft.senderId} onChange={(senderId) => set({ senderId })} onAddNew={props.onAddressBook} />
        <ContactPicker role="receiver" addresses={props.addresses} value={draft.receiverId} onChange={(receiverId) => set({ receiverId })} onAddNew={props.onAddressBook} />
      </List>
      <List mode="card" header="寄件信息">
        <List.Item title="快递公司" data-testid="company-picker" onClick={() => setCompanyOpen(true)}
          extra={company ? <span className="value" data-testid="company-name">{company.name}</span> : <span className="placeholder">请选择快递公司</span>} />
        <List.Item title="物品名称">
          <Input data-testid="goods-name" placeholder="如：衣服、书籍（12字以内）" value={draft.goodsName} onChange={(goodsName) => set({ goodsName })} />
        </List.Item>
        <List.Item title="物品数量">
          <Input data-testid="goods-count" type="number" inputMode="numeric" value={draft.goodsCount} onChange={(goodsCount) => set({ goodsCount })} />
        </List.Item>
        <List.Item title="预估重量(kg)">
          <Input data-testid="estimate-weight" inputMode="decimal" placeholder="选填" value={draft.estimateKg} onChange={(estimateKg) => set({ estimateKg })} />
        </List.Item>
        <FreightEstimate worksiteId={setup.worksiteId} companyCode={company?.code} fromProvince={senderAddress?.province} toProvince={receiver?.province}
          grams={gramsOfKg(draft.estimateKg)} />
        <List.Item title="保价金额(元)" description={<span data-testid="insure-fee">{fee > 0 ? `保价费 ¥${yuan(fee)}（声明价值的0.5%，最低1元）` : "不保价最高赔付1000元"}</span>}>
          <Input data-testid="insure-money" inputMode="decimal" placeholder="选填，最高1000元" value={draft.insureYuan} onChange={(insureYuan) => set({ insureYuan })} />
        </List.Item>
        {daofuOffered ? (
          <List.Item title="付款方式" extra={
            <Selector
              data-testid="pay-mode"
              columns={2}
              value={[draft.isDaofu ? "daofu" : "now"]}
              options={[{ label: "寄付", value: "now" }, { label: "到付", value: "daofu" }]}
              onChange={(v) => v[0] !== undefined && set({ isDaofu: v[0] === "daofu" })}
            />
          } />
        ) : null}
        <List.Item title="备注" extra={<Counter text={draft.remark} testId="remark-counter" />}>
          <TextArea data-testid="remark" rows={2} placeholder="选填，20字以内" value={draft.remark} onChange={(remark) => set({ remark })} />
        </List.Item>
      </List>
      <List mode="card">
        <List.Item title="预约上门取件" description="跑腿同学上门取件，需支付赏金" extra={
          <Switch data-testid="door-switch" checked={draft.door} onChange={(door) => set({ door })} />
        } />
        {draft.door ? (
          <>
            <DoorPickupFields worksiteId={setup.worksiteId} draft={draft} set={set} />
            <BookingTimePicker days={setup.bookingDays} value={draft.requireArriveTime} onChange={(requireArriveTime) => set({ requireArriveTime })} />
            <List.Item title="性别要求" extra={
              <Selector
                columns={3}
                value={[String(draft.sexLimit)]}
                options={[{ label: "不限", value: "-1" }, { label: "男", value: "1" }, { label: "女", value: "2" }]}
                onChange={(v) => v[0] !== undefined && set({ sexLimit: Number(v[0]) as -1 | 1 | 2 })}
              />
            } />
            <List.Item title="赏金(元)">
              <Input data-testid="reward" inputMode="decimal" placeholder="给跑腿同学的赏金" value={draft.rewardYuan} onChange={(rewardYuan) => set({ rewardYuan })} />
            </List.Item>
            <List.Item title="跑腿备注" extra={<Counter text={draft.paotuiRemark} testId="paotui-remark-counter" />}>
              <TextArea data-testid="paotui-remark" rows={2} placeholder="选填，20字以内" value={draft.paotuiRemark} onChange={(paotuiRemark) => set({ paotuiRemark })} />
            </List.Item>
          </>
        ) : null}
      </List>
      <div className="page__actions">
        <Button block color="primary" size="large" data-testid="booking-submit" loading={pending} disabled={pending} onClick={() => void onSubmit()}>
          {draft.door ? "提交并支付赏金" : "提交预约"}
        </Button>
      </div>
      <Picker
        columns={[setup.companies.map((c) => ({ label: c.name, value: c._id }))]}
        visible={companyOpen}
        value={draft.companyId ? [draft.companyId] : []}
        onClose={() => setCompanyOpen(false)}
        onConfirm={(v) => {
          const companyId = v[0]
          if (typeof companyId === "string") set({ companyId, isDaofu: false })
        }}
      />
    </div>
  )
}
