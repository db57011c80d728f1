/** The check-in screen: company, shelf and express number, receiver phone on a keypad, weight, confirm. */
import { useSignals } from "@preact/signals-react/runtime"
import { ActionSheet, Button, Dialog, List, Picker, Segmented, Selector, Toast } from "antd-mobile"
import { useEffect, useState } from "react"
import { checkInRefusal, messages } from "#src/parcel/check-in"
import { serviceTimeStr } from "#src/staff/worksite"
import { failureMessage } from "../../../lib/api-client"
import type { CheckInRequest } from "#src/parcel/calls"
import { useCheckIn } from "../api/check-in"
import { EXPRESS_COMPANIES_FAILED, useExpressCompanies } from "../../../lib/express-companies"
import { useReceiverLookup, type ReceiverCandidate } from "../api/receivers"
import { WEIGHT_TYPES_FAILED, useWeightFeeTypes } from "../api/weight-fee-types"
import { candidateName, candidatePhone, createCheckInForm, type CheckInForm as CheckInFormState, type PhoneMode } from "../state/check-in-form"
import { PhoneKeypad } from "./phone-keypad"
import { ScanField } from "./scan-field"

/** What this screen needs to know of the signed-in employee. */
export interface CheckInStaff {
  readonly nameZH: string
  readonly servicePhone?: string | null | undefined
  readonly worksite: {
    readonly _id: string
    readonly siteCode: string
    readonly shortName: string
    readonly schoolCampus: string
    readonly smsAble: boolean
    readonly serviceBegin: string
    readonly serviceEnd: string
    readonly expressCompanies: ReadonlyArray<string>
  }
}

const topTip = (content: string) => Toast.show({ content, position: "top", duration: 2000 })

const payloadOf = (form: CheckInFormState, staff: CheckInStaff): CheckInRequest => {
  const ws = staff.worksite
  const receiver = form.receiver.value
  return {
    worksite: ws._id,
    worksiteCode: ws.siteCode,
    worksiteSmsAble: ws.smsAble,
    serviceTimeStr: serviceTimeStr(ws),
    servicePhone: staff.servicePhone ?? "",
    expressCompany: form.company.value?._id ?? "",
    expressName: form.company.value?.name ?? "",
    expressNo: form.expressNo.value.trim(),
    storageNo: form.shelf.value.trim(),
    tag: form.previousCode.value,
    weight: form.weight.value ?? "",
    receiver: receiver?.name ?? "",
    receiverId: receiver?.id,
    receiverOpenid: receiver?.openid,
    receiverPhone: form.phone.value,
    subscribe: receiver?.subscribe
  }
}

const chooseReceiver = (last4: string, matches: ReadonlyArray<ReceiverCandidate>, onPick: (c: ReceiverCandidate) => void) => {
  ActionSheet.show({
    extra: `尾号 ${last4} 的用户，请选择收件人`,
    cancelText: "取消",
    closeOnAction: true,
    actions: matches.map((candidate) => ({
      key: candidate._id,
      text: (
        <span className="receiver-option" data-testid={`receiver-${candidate._id}`}>
          <b>{candidateName(candidate)}</b> {candidatePhone(candidate, last4)}
        </span>
      )
    })),
    onAction: (action) => {
      const picked = matches.find((c) => c._id === action.key)
      if (picked) onPick(picked)
    }
  })
}

export const CheckInForm = (props: { readonly staff: CheckInStaff }) => {
  useSignals()
  const { staff } = props
  const [form] = useState(createCheckInForm)
  const [companyPickerOpen, setCompanyPickerOpen] = useState(false)
  const companies = useExpressCompanies(staff.worksite.expressCompanies)
  const weights = useWeightFeeTypes()
  const { lookup, looking } = useReceiverLookup()
  const { checkIn, submitting } = useCheckIn()
  const firstWeight = weights.data?.[0]?._id

  useEffect(() => { if (companies.error) topTip(EXPRESS_COMPANIES_FAILED) }, [companies.error])
  useEffect(() => { if (weights.error) topTip(WEIGHT_TYPES_FAILED) }, [weights.error])
  useEffect(() => {
    if (firstWeight !== undefined && form.weight.peek() === undefined) form.weight.value = firstWeight
  }, [firstWeight, form])

  const typeDigit = async (digit: string) => {
    const last4 = form.typeDigit(digit)
    if (last4 === undefined) return
    try {
      const matches = await lookup(staff.worksite._id, last4)
      if (form.phoneMode.peek() !== "short" || form.phone.peek() !== last4) return
      if (matches.length === 0) {
        form.clearPhone()
        await Dialog.alert({ content: messages.noMatch, confirmText: "知道了" })
        return
      }
      chooseReceiver(last4, matches, (picked) => form.pickReceiver(picked, last4))
    } catch (error) {
      Toast.show({ content: failureMessage(error, "查询收件人失败") })
    }
  }

  const submit = async () => {
    if (submitting) return
    const refused = checkInRefusal(form.fields.value)
    if (refused) {
      Toast.show({ content: refused.message })
      return
    }
    try {
      const code = await checkIn(payloadOf(form, staff))
      Toast.show({
        content: <span data-testid="check-in-code"><span className="toast-code">{code}</span> {messages.completed}</span>,
        icon: "success",
        duration: 2000
      })
      form.checkedIn(code, firstWeight)
    } catch (error) {
      Toast.show({ content: failureMessage(error, messages.failed), icon: "fail" })
    }
  }

  const company = form.company.value
  const shortMode = form.phoneMode.value === "short"
  return (
    <div className="check-in">
      <header className="station-header" data-testid="station-header">
        <div className="station-header__name">{staff.worksite.shortName}</div>
        <div className="station-header__meta">
          <span>{staff.worksite.schoolCampus}</span>
          <span className="station-header__dot">·</span>
          <span>{staff.nameZH}</span>
        </div>
      </header>

      <List className="check-in__list" mode="card">
        <List.Item
          data-testid="company-row"
          title="快递公司"
          clickable
          onClick={() => setCompanyPickerOpen(true)}
          extra={<span className={company ? "value" : "placeholder"}>{company?.name ?? (companies.loading ? "加载中…" : "请选择快递公司")}</span>}
        />
        <List.Item title="货架编号">
          <ScanField
            testId="shelf-input"
            scanTitle="扫描货架编号"
            placeholder="扫描或输入货架编号"
            value={form.shelf.value}
            onChange={(v) => { form.shelf.value = v }}
          />
        </List.Item>
        <List.Item title="快递单号">
          <ScanField
            testId="express-input"
            scanTitle="扫描快递单号"
            placeholder="扫描或输入快递单号"
            value={form.expressNo.value}
            onChange={(v) => { form.expressNo.value = v }}
          />
        </List.Item>
        <List.Item title="收件电话">
          <div className="phone-row">
            <div className="phone-display" data-testid="phone-display" aria-live="polite">
              {form.phone.value === "" ? (
                <span className="placeholder">{shortMode ? "输入收件电话后4位" : "输入完整收件电话"}</span>
              ) : (
                <span className="phone-display__digits">{form.phone.value}</span>
              )}
              {looking ? <span className="phone-display__hint">查询中…</span> : null}
            </div>
            <Segmented
              data-testid="phone-mode"
              className="phone-mode"
              value={form.phoneMode.value}
              onChange={(mode) => form.switchMode(mode as PhoneMode)}
              options={[{ label: "后4位", value: "short" }, { label: "完整", value: "full" }]}
            />
          </div>
          {form.receiver.value ? (
            <div className="receiver-chip" data-testid="receiver-name">收件人：{form.receiver.value.name}</div>
          ) : null}
          <PhoneKeypad
            disabled={looking}
            onDigit={(d) => void typeDigit(d)}
            onClear={form.clearPhone}
            onBackspace={form.backspace}
          />
        </List.Item>
        <List.Item title="大概重量">
          <Selector
            data-testid="weight-select"
            columns={2}
            options={(weights.data ?? []).map((w) => ({ label: w.name, value: w._id }))}
            value={form.weight.value === undefined ? [] : [form.weight.value]}
            onChange={(values) => { form.weight.value = values[0] }}
          />
        </List.Item>
        <List.Item title="上一个编码" extra={<span data-testid="previous-code" className="previous-code">{form.previousCode.value || "-"}</span>} />
      </List>

      <div className="sticky-actions">
        <Button data-testid="check-in-submit" block color="primary" size="large" loading={submitting} onClick={() => void submit()}>
          确认入库
        </Button>
      </div>

      <Picker
        title="选择快递公司"
        visible={companyPickerOpen}
        onClose={() => setCompanyPickerOpen(false)}
        columns={[(companies.data ?? []).map((c) => ({ label: c.name, value: c._id }))]}
        value={company ? [company._id] : []}
        onConfirm={([id]) => { form.company.value = companies.data?.find((c) => c._id === id) }}
      />
    </div>
  )
}
