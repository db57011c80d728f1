/**
 * The outbound staff screen (/printSurface): scan a send order, see the sender (and approve or reject their
 * identity in place) and the receiver, the goods and insurance; pick the carrier and pay mode, weigh, have
 * the freight computed or type it, confirm it; print the waybill once it is paid (or cash on delivery).
 * The steps are the core's `outboundScreen` reducer; a cancellation by the sender clears the screen live.
 */
import { Button, Dialog, Image, Input, List, NoticeBar, Picker, Selector, Tag, TextArea, Toast } from "antd-mobile"
import { useReducer, useRef, useState } from "react"
import { addressLine } from "#src/address/region"
import { AuthStatus, type ReviewDecision } from "#src/profile/verification"
import { fenOfYuan, freightDue, freightEntryRefusal, gramsOfKg, GRAMS_PER_KG, messages as freightMessages } from "#src/sending/freight"
import { idle, mayPrint, outboundScreen, screenMessages } from "#src/sending/outbound-screen"
import { SendStatus } from "#src/sending/status-machine"
import { messages as waybillMessages } from "#src/sending/waybill"
import { yuan } from "#src/shared/money"
import { failureMessage } from "../../../lib/api-client"
import { scanQRCode } from "../../../lib/wx"
import { quoteFreight, SEND_COMPANIES_FAILED, useSendCompanies } from "../../../lib/freight"
import { putVerifyAuth } from "../../../lib/verify-auth"
import type { SendOrderView } from "../api/sending"
import { useSendEvents } from "../api/live"
import {
  fetchSender, printWaybill, scanSending, updateFreight, updateFreightDaofu, waybillPdfUrl, type SenderInfo
} from "../api/outbound"

const authNames: Record<number, string> = { [-1]: "未认证", 0: "待审核", 1: "已认证", 2: "未通过" }

interface Entry {
  readonly companyId: string
  readonly isDaofu: boolean
  readonly weightKg: string
  readonly freightYuan: string
}

const entryOf = (o: SendOrderView): Entry => ({
  companyId: o.expressCompany?._id ?? "",
  isDaofu: o.isDaofu,
  weightKg: o.freightWeight !== null ? String(o.freightWeight / GRAMS_PER_KG) : o.estimateWeight !== null ? String(o.estimateWeight / GRAMS_PER_KG) : "",
  freightYuan: o.freight !== null ? yuan(o.freight) : ""
})

const openPdf = async (path: string) => {
  try {
    window.open(await waybillPdfUrl(path), "_blank")
  } catch {
    Toast.show({ icon: "fail", content: "获取面单失败" })
  }
}

const askRejectReason = () =>
  new Promise<string | undefined>((resolve) => {
    let reason = "身份信息与寄件人不符"
    void Dialog.confirm({
      title: "驳回实名认证",
      content: <TextArea data-testid="reject-reason" defaultValue={reason} rows={2} onChange={(v) => { reason = v }} />,
      onConfirm: () => resolve(reason),
      onCancel: () => resolve(undefined)
    })
  })

export const OutboundScreen = (props: { readonly worksiteId: string; readonly token: string | undefined }) => {
  const [screen, dispatch] = useReducer(outboundScreen, idle)
  const [order, setOrder] = useState<SendOrderView | undefined>()
  const [sender, setSender] = useState<SenderInfo | undefined>()
  const [entry, setEntry] = useState<Entry>({ companyId: "", isDaofu: false, weightKg: "", freightYuan: "" })
  const [companyOpen, setCompanyOpen] = useState(false)
  const [busy, setBusy] = useState<"scan" | "quote" | "freight" | "print" | "verify" | undefined>()
  const [printed, setPrinted] = useState<{ readonly orderNo: string; readonly expressNo: string; readonly pdf: string } | undefined>()
  const companies = useSendCompanies(props.worksiteId)
  /** The order on screen now, for answers that arrive after it left (a refetch racing a print or a new scan). */
  const onScreen = useRef<string | undefined>(undefined)
  const company = companies.data?.find((c) => c._id === entry.companyId)
  const set = (patch: Partial<Entry>) => setEntry((e) => ({ ...e, ...patch }))

  const clear = () => {
    onScreen.current = undefined
    setOrder(undefined)
    setSender(undefined)
  }

  const show = (o: SendOrderView) => {
    onScreen.current = o._id
    setOrder(o)
    setEntry(entryOf(o))
    dispatch({ type: "scan", orderId: o._id, status: o.status as SendStatus, isDaofu: o.isDaofu })
  }

  const load = async (code: string) => {
    setBusy("scan")
    try {
      const o = await scanSending(props.worksiteId, code)
      show(o)
      setSender(undefined)
      try {
        const who = await fetchSender(o.openid)
        if (onScreen.current === o._id) setSender(who)
      } catch (error) {
        Toast.show({ icon: "fail", content: failureMessage(error, screenMessages.senderFailed) })
      }
    } catch (error) {
      clear()
      dispatch({ type: "scanFailed", message: failureMessage(error, screenMessages.notFound) })
      Toast.show({ icon: "fail", content: failureMessage(error, screenMessages.notFound) })
    } finally {
      setBusy(undefined)
    }
  }

  const scan = async () => {
    const text = await scanQRCode("扫描寄件二维码")
    if (text === undefined || text.trim() === "") return
    setPrinted(undefined)
    // the server reads it: a signed send QR (verified), or a number after the first comma
    await load(text.trim())
  }

  useSendEvents(props.token, (event, payload) => {
    if (!order || payload?._id !== order._id) return
    if (payload.status === SendStatus.cancelled) {
      dispatch({ type: "userCancelled", orderId: order._id })
      clear()
      Toast.show({ content: screenMessages.cancelledByUser })
      return
    }
    if (event === "freightPaySuccess") dispatch({ type: "freightPaid", orderId: order._id })
    void scanSending(props.worksiteId, order.orderNo).then((o) => {
      if (onScreen.current !== o._id) return
      setOrder(o)
      if (event !== "freightPaySuccess") dispatch({ type: "scan", orderId: o._id, status: o.status as SendStatus, isDaofu: o.isDaofu })
    }, () => undefined)
  })

  const quote = async () => {
    if (!order) return
    const grams = gramsOfKg(entry.weightKg)
    if (!company) return void Toast.show({ content: freightMessages.companyRequired })
    if (grams === undefined) return void Toast.show({ content: freightMessages.weightRequired })
    setBusy("quote")
    try {
      const freight = await quoteFreight({
        worksiteId: props.worksiteId, expressCode: company.code, fromProvinceCode: order.sender.province,
        toProvinceCode: order.receiver.province, freightWeight: grams
      })
      set({ freightYuan: yuan(freight) })
    } catch (error) {
      set({ freightYuan: "" })
      Toast.show({ content: failureMessage(error, freightMessages.autoFreightFailed) })
    } finally {
      setBusy(undefined)
    }
  }

  const confirmFreight = async () => {
    if (!order) return
    const grams = gramsOfKg(entry.weightKg)
    const freight = entry.freightYuan.trim() === "" ? undefined : fenOfYuan(entry.freightYuan) ?? Number.NaN
    const isDaofu = entry.isDaofu && company?.daofuAble === true
    const problem = freightEntryRefusal({ companyId: entry.companyId, grams, freight, isDaofu }, "staff")?.message
    if (problem) return void Toast.show({ content: problem })
    setBusy("freight")
    try {
      const o = isDaofu
        ? await updateFreightDaofu({ id: order._id, expressCompanyId: entry.companyId })
        : await updateFreight({ id: order._id, expressCompanyId: entry.companyId, freightWeight: grams!, freight: freight! })
      setOrder(o)
      dispatch({ type: isDaofu ? "freightSetDaofu" : "freightSet", orderId: o._id })
      Toast.show({ icon: "success", content: isDaofu ? screenMessages.daofuReady : screenMessages.freightPending })
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, "更新运费失败") })
    } finally {
      setBusy(undefined)
    }
  }

  const print = async () => {
    if (!order) return
    if (!mayPrint(screen)) {
      dispatch({ type: "printRequested" })
      Toast.show({ content: screenMessages.freightUnpaid })
      return
    }
    const carrier = companies.data?.find((c) => c._id === (order.expressCompany?._id ?? entry.companyId))
    setBusy("print")
    try {
      const done = await printWaybill({ orderNo: order.orderNo, expressCompanyId: carrier?._id ?? "", expressCompanyCode: carrier?.code ?? "" })
      setPrinted({ orderNo: done.orderNo, expressNo: done.expressNo, pdf: done.pdf })
      Toast.show({ icon: "success", content: "打印成功" })
      dispatch({ type: "printed" })
      clear()
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, waybillMessages.printerFailed) })
    } finally {
      setBusy(undefined)
    }
  }

  const verify = async (authStatus: ReviewDecision) => {
    if (!sender) return
    const reason = authStatus === AuthStatus.rejected ? await askRejectReason() : undefined
    if (authStatus === AuthStatus.rejected && reason === undefined) return
    setBusy("verify")
    try {
      const reviewed = await putVerifyAuth(sender._id, authStatus, reason)
      setSender({ ...sender, authStatus: reviewed.authStatus, rejectComment: reviewed.rejectComment ?? null })
      Toast.show({ icon: "success", content: authStatus === AuthStatus.passed ? "审核通过" : "已驳回" })
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, "审核出错") })
    } finally {
      setBusy(undefined)
    }
  }

  const freightEditable = screen.step === "scanned"
  const o = screen.step === "idle" ? undefined : order

  return (
    <div className="outbound" data-testid="outbound-screen" data-step={screen.step}>
      <div className="outbound__scan">
        <Button color="primary" size="large" data-testid="outbound-scan" loading={busy === "scan"} onClick={() => void scan()}>扫码寄件单</Button>
      </div>
      {screen.message ? <NoticeBar className="outbound__message" data-testid="outbound-message" content={screen.message} color={screen.step === "idle" ? "alert" : "info"} /> : null}
      {printed && !o ? (
        <List mode="card" header="上一单">
          <List.Item title="快递单号" extra={<span data-testid="printed-express-no">{printed.expressNo}</span>} />
          <List.Item title="电子面单" extra={
            <Button size="mini" fill="outline" data-testid="waybill-pdf" data-pdf={printed.pdf} onClick={() => void openPdf(printed.pdf)}>查看PDF</Button>
          } />
        </List>
      ) : null}
      {o ? (
        <>
          <List mode="card" header={<span>寄件单 <b data-testid="outbound-order-no">{o.orderNo}</b> <Tag color="primary" data-testid="outbound-status">{o.statusStr}</Tag></span>}>
            <List.Item prefix={<span className="contact-badge contact-badge--sender">寄</span>} description={addressLine(o.sender)} data-testid="outbound-sender">
              <b>{o.sender.name}</b> <span className="contact-phone">{o.sender.phone}</span>
            </List.Item>
            <List.Item prefix={<span className="contact-badge contact-badge--receiver">收</span>} description={addressLine(o.receiver)} data-testid="outbound-receiver">
              <b>{o.receiver.name}</b> <span className="contact-phone">{o.receiver.phone}</span>
            </List.Item>
          </List>
          {sender ? (
            <List mode="card" header="寄件人实名">
              <List.Item title="姓名" extra={<span data-testid="sender-realname">{sender.realname ?? "-"}</span>} />
              <List.Item title="身份证号" extra={sender.idCardNo ?? "-"} />
              <List.Item title="认证状态" extra={<Tag data-testid="sender-auth" color={sender.authStatus === AuthStatus.passed ? "success" : "warning"}>{authNames[sender.authStatus] ?? "-"}</Tag>} />
              {sender.idCardUrl || sender.studentCardUrl ? (
                <List.Item>
                  <div className="sender-verify">
                    {sender.idCardUrl ? <Image src={sender.idCardUrl} /> : null}
                    {sender.studentCardUrl ? <Image src={sender.studentCardUrl} /> : null}
                  </div>
                </List.Item>
              ) : null}
              {sender.authStatus === AuthStatus.reviewing ? (
                <List.Item>
                  <div className="sender-verify">
                    <Button size="small" color="success" data-testid="sender-approve" loading={busy === "verify"} onClick={() => void verify(AuthStatus.passed)}>通过</Button>
                    <Button size="small" color="danger" fill="outline" data-testid="sender-reject" disabled={busy === "verify"} onClick={() => void verify(AuthStatus.rejected)}>驳回</Button>
                  </div>
                </List.Item>
              ) : null}
            </List>
          ) : null}
          <List mode="card" header="物品">
            <List.Item title="物品" extra={<span data-testid="outbound-goods">{o.goodsName} × {o.goodsCount}</span>} />
            {o.estimateWeight !== null ? <List.Item title="预估重量" extra={`${o.estimateWeight / GRAMS_PER_KG}kg`} /> : null}
            <List.Item title="保价" extra={<span data-testid="outbound-insure">{o.insureMoney > 0 ? `¥${yuan(o.insureMoney)}（保价费 ¥${yuan(o.insureFreight)}）` : "未保价"}</span>} />
            {o.remark ? <List.Item title="备注" extra={o.remark} /> : null}
          </List>
          <List mode="card" header="运费">
            <List.Item title="快递公司" data-testid="outbound-company"
              onClick={() => companies.error ? companies.reload() : freightEditable && setCompanyOpen(true)}
              description={companies.error && !company
                ? <span className="load-failed-inline" data-testid="send-companies-failed">{failureMessage(companies.error, SEND_COMPANIES_FAILED)}，点击重试</span> : undefined}
              extra={company ? <span className="value" data-testid="outbound-company-name">{company.name}</span>
                : <span className="placeholder">{companies.error ? "重试" : "请选择快递公司"}</span>} />
            {company?.daofuAble ? (
              <List.Item title="付款方式" extra={
                <Selector data-testid="outbound-pay-mode" columns={2} disabled={!freightEditable} value={[entry.isDaofu ? "daofu" : "now"]}
                  options={[{ label: "寄付", value: "now" }, { label: "到付", value: "daofu" }]}
                  onChange={(v) => v[0] !== undefined && set({ isDaofu: v[0] === "daofu" })} />
              } />
            ) : null}
            {!entry.isDaofu ? (
              <>
                <List.Item title="计费重量(kg)">
                  <Input data-testid="outbound-weight" inputMode="decimal" placeholder="如：1.5" readOnly={!freightEditable} value={entry.weightKg} onChange={(weightKg) => set({ weightKg })} />
                </List.Item>
                <List.Item title="运费(元)" extra={freightEditable ? (
                  <Button size="mini" color="primary" fill="outline" data-testid="outbound-quote" loading={busy === "quote"} onClick={() => void quote()}>计费</Button>
                ) : undefined}>
                  <Input data-testid="outbound-freight" inputMode="decimal" placeholder="点击计费或手动输入运费" readOnly={!freightEditable} value={entry.freightYuan} onChange={(freightYuan) => set({ freightYuan })} />
                </List.Item>
              </>
            ) : null}
            {o.freight !== null ? <List.Item title="应付" extra={<span data-testid="outbound-due">¥{yuan(freightDue(o))}{o.freightPay ? " 已支付" : " 待支付"}</span>} /> : null}
          </List>
          <div className="outbound__actions">
            <Button color="primary" fill="outline" data-testid="outbound-confirm-freight" disabled={!freightEditable || busy !== undefined} loading={busy === "freight"} onClick={() => void confirmFreight()}>确认运费</Button>
            <Button color="primary" data-testid="outbound-print" disabled={busy !== undefined} loading={busy === "print"} onClick={() => void print()}>打印面单</Button>
          </div>
          <Picker
            columns={[(companies.data ?? []).map((c) => ({ label: c.name, value: c._id }))]}
            visible={companyOpen}
            value={entry.companyId ? [entry.companyId] : []}
            onClose={() => setCompanyOpen(false)}
            onConfirm={(v) => typeof v[0] === "string" && set({ companyId: v[0], isDaofu: false })}
          />
        </>
      ) : null}
    </div>
  )
}
