/**
 * The runner enters the freight of a door pickup they confirmed (send order awaiting freight, errand at 3):
 * carrier, billing weight, freight (typed or quoted from the tariff), cash on delivery where the carrier
 * offers it, one optional photo. The core's `freightEntryRefusal` and `noPhotoQuestion` decide the messages and the no-photo confirm.
 */
import { Button, Dialog, Input, List, Selector, Switch, Toast } from "antd-mobile"
import { useState } from "react"
import { UploadField } from "#src/upload/image-upload"
import { fenOfYuan, freightEntryRefusal, gramsOfKg, messages as freightMessages, noPhotoQuestion } from "#src/sending/freight"
import { SendStatus } from "#src/sending/status-machine"
import { yuan } from "#src/shared/money"
import { ImageSlot } from "../../../components/image-slot"
import { SheetButton } from "../../../components/sheet-button"
import { failureMessage } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"
import { useAction } from "../../../lib/use-action"
import type { ErrandOrderView } from "../api/errand"
import { quoteFreight, SEND_COMPANIES_FAILED, useSendCompanies } from "../../../lib/freight"
import { fetchSendOfErrand, runnerSetFreight, type SendOrderView } from "../api/freight"

const Form = (props: { readonly order: SendOrderView; readonly onDone: () => void; readonly onClose: () => void }) => {
  const o = props.order
  const companies = useSendCompanies(o.worksiteId)
  // the carrier the student booked, preselected; the runner may change it to the one they actually hand it to
  const [companyId, setCompanyId] = useState(o.expressCompany?._id ?? "")
  const [quoteProblem, setQuoteProblem] = useState<string | undefined>()
  const [daofu, setDaofu] = useState(false)
  const [weightKg, setWeightKg] = useState("")
  const [freightYuan, setFreightYuan] = useState("")
  const [pic, setPic] = useState<string | undefined>(undefined)
  const [quoting, setQuoting] = useState(false)
  const company = companies.data?.find((c) => c._id === companyId)
  const isDaofu = daofu && company?.daofuAble === true

  const quote = async () => {
    const grams = gramsOfKg(weightKg)
    const problem = !company ? freightMessages.companyRequired : grams === undefined ? freightMessages.weightRequired : undefined
    setQuoteProblem(problem)
    if (problem || !company || grams === undefined) return void Toast.show({ content: problem })
    setQuoting(true)
    try {
      const fen = await quoteFreight({ worksiteId: o.worksiteId, expressCode: company.code, fromProvinceCode: o.sender.province, toProvinceCode: o.receiver.province, freightWeight: grams })
      setFreightYuan(yuan(fen))
    } catch (error) {
      setFreightYuan("")
      Toast.show({ content: failureMessage(error, freightMessages.autoFreightFailed) })
    } finally {
      setQuoting(false)
    }
  }

  const submit = useAction(async () => {
    const grams = gramsOfKg(weightKg)
    const freight = freightYuan.trim() === "" ? undefined : fenOfYuan(freightYuan) ?? Number.NaN
    const entry = { companyId, grams, freight, isDaofu, photos: pic ? 1 : 0 }
    const refused = freightEntryRefusal(entry, "runner")
    if (refused) return void Toast.show({ content: refused.message })
    const question = noPhotoQuestion(entry)
    if (question && !(await Dialog.confirm({ content: question }))) return
    try {
      const done = await runnerSetFreight({
        id: o._id, expressCompanyId: companyId, isDaofu, goodsPic: pic ?? "",
        ...(isDaofu ? {} : { freightWeight: grams, freight })
      })
      Toast.show({ icon: "success", content: done.message || "更新运费成功" })
      props.onDone()
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, "更新运费失败") })
    }
  })

  return (
    <>
      <List>
        <List.Item title="快递公司">
          {companies.error ? (
            <span className="load-failed-inline" data-testid="send-companies-failed" onClick={companies.reload}>{failureMessage(companies.error, SEND_COMPANIES_FAILED)}，点击重试</span>
          ) : (
            <Selector data-testid="freight-company" columns={2} value={companyId ? [companyId] : []}
              options={(companies.data ?? []).map((c) => ({ label: c.name, value: c._id }))}
              onChange={(v) => { setCompanyId(v[0] ?? ""); setDaofu(false); setQuoteProblem(undefined) }} />
          )}
        </List.Item>
        {company?.daofuAble ? (
          <List.Item title="运费到付" extra={<Switch data-testid="freight-daofu" checked={daofu} onChange={setDaofu} />} />
        ) : null}
        {!isDaofu ? (
          <>
            <List.Item title="计费重量(kg)">
              <Input data-testid="freight-weight" inputMode="decimal" placeholder="请输入计费重量" value={weightKg} onChange={setWeightKg} />
            </List.Item>
            <List.Item title="运费(元)" description={quoteProblem ? <span style={{ color: "var(--adm-color-danger)" }} data-testid="freight-quote-problem">{quoteProblem}</span> : undefined} extra={
              <Button size="mini" color="primary" fill="outline" data-testid="freight-quote" loading={quoting} onClick={() => void quote()}>计费</Button>
            }>
              <Input data-testid="freight-amount" inputMode="decimal" placeholder="请输入运费" value={freightYuan} onChange={setFreightYuan} />
            </List.Item>
          </>
        ) : null}
        <List.Item title="物品照片（选填，1张）">
          <ImageSlot field={UploadField.other} preset="small" url={pic} label="拍照上传" testId="freight-photo"
            onUploaded={(u) => setPic(u.url)} onRemoved={() => setPic(undefined)} />
        </List.Item>
      </List>
      <div className="errand-form__actions">
        <Button block color="primary" data-testid="freight-submit" loading={submit.pending} disabled={submit.pending} onClick={() => void submit.run()}>确认运费</Button>
        <Button block fill="none" onClick={props.onClose}>取消</Button>
      </div>
    </>
  )
}

const Sheet = (props: { readonly errandId: string; readonly onDone: () => void; readonly onClose: () => void }) => {
  const order = useLoad(() => fetchSendOfErrand(props.errandId), [props.errandId])
  const o = order.data
  return (
    <div className="errand-qr" data-testid="runner-freight">
      <h3 className="errand-qr__title">录入运费{o ? <span className="errand-card__no"> {o.orderNo}</span> : null}</h3>
      {order.error ? <p>{failureMessage(order.error, "获取寄件单失败")}</p>
        : !o ? <p>加载中…</p>
        : o.status !== SendStatus.awaitingFreight ? <p data-testid="freight-done">{o.statusStr}</p>
        : <Form order={o} onDone={props.onDone} onClose={props.onClose} />}
    </div>
  )
}

/** '录入运费' on the runner's card of a confirmed door pickup; opens the entry sheet. */
export const RunnerFreightButton = (props: { readonly order: ErrandOrderView; readonly onDone: () => void }) => {
  return (
    <SheetButton label="录入运费" testId="order-enter-freight" color="primary" tall>
      {(close) => <Sheet errandId={props.order._id} onClose={close} onDone={() => { close(); props.onDone() }} />}
    </SheetButton>
  )
}
