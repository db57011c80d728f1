/**
 * The return screen: the worksite's parcels awaiting return (over 3 days uncollected), a carrier filter,
 * and the return scan, either of one parcel (its number scanned off the parcel must match) or by scanning
 * first and finding the parcel in the list. A parcel handed back on any staff screen of the worksite leaves
 * the list live ('returnDone'); new due parcels ('returnDue') reload it.
 */
import { useSignals } from "@preact/signals-react/runtime"
import { Button, Empty, Tag, Toast } from "antd-mobile"
import { useEffect, useState } from "react"
import { scanned } from "#src/parcel/check-in"
import { RETURN_DONE_EVENT, RETURN_DUE_EVENT, returnMessages } from "#src/parcel/returns"
import { maskPhone } from "#src/shared/phone-number"
import { LoadFailed, Loading } from "../../../components/load-state"
import { failureMessage } from "../../../lib/api-client"
import { dateTime } from "../../../lib/format"
import { useSocketEvents } from "../../../lib/socket"
import { scanQRCode } from "../../../lib/wx"
import { useExpressCompanies } from "../../../lib/express-companies"
import { useReturnScan } from "../api/return-scan"
import { fetchToReturn, TO_RETURN_FAILED, type ReturnParcel } from "../api/to-return"
import { ALL_COMPANIES, createReturnList } from "../state/return-list"
import "../returns.css"

export const RETURN_TIP = "超过3天未取的快递将退回快递公司，请扫描快递单号确认退回"
export const NOT_IN_LIST = "待退回列表中没有该快递单号，请查证。"
export const RETURN_FAILED = "退回失败"

/** What this screen needs to know of the signed-in employee. */
export interface ReturnStaff {
  readonly nameZH: string
  readonly worksite: {
    readonly _id: string
    readonly siteCode: string
    readonly shortName: string
    readonly schoolCampus: string
    readonly expressCompanies: ReadonlyArray<string>
  }
}

const DAY_MS = 24 * 3_600_000

const daysWaiting = (p: ReturnParcel, now: number) => Math.max(0, Math.floor((now - new Date(p.createdAt).getTime()) / DAY_MS))


export const ReturnPanel = (props: { readonly staff: ReturnStaff; readonly token: string | undefined }) => {
  useSignals()
  const [list] = useState(createReturnList)
  const [round, setRound] = useState(0)
  const companies = useExpressCompanies(props.staff.worksite.expressCompanies)
  const { returnParcel, returning } = useReturnScan()
  const company = list.company.value

  useEffect(() => {
    let current = true
    fetchToReturn(props.staff.worksite._id, company === ALL_COMPANIES ? undefined : company).then(
      (parcels) => { if (current) list.loaded(parcels) },
      (error: unknown) => { if (current) list.failed(error) }
    )
    return () => { current = false }
  }, [props.staff.worksite._id, company, round, list])

  // one socket for both; a reconnect reads the list again (returns made or come due while offline)
  const readAgain = () => setRound((r) => r + 1)
  useSocketEvents<{ readonly _id?: string } | undefined>(props.token, [RETURN_DONE_EVENT, RETURN_DUE_EVENT], (event, payload) => {
    if (event === RETURN_DUE_EVENT) return readAgain()
    if (payload?._id) list.remove(payload._id)
  }, readAgain)

  const send = async (parcel: ReturnParcel, expressNo: string) => {
    try {
      await returnParcel({
        _id: parcel._id, expressNo, worksiteCode: props.staff.worksite.siteCode, storageNo: parcel.storageNo, tag: parcel.tag
      })
      list.remove(parcel._id)
      Toast.show({ content: returnMessages.done, icon: "success", duration: 1500 })
    } catch (error) {
      Toast.show({ content: failureMessage(error, RETURN_FAILED), icon: "fail" })
    }
  }

  /** One parcel: the number scanned off it must be its own (the server checks). */
  const scanOne = async (parcel: ReturnParcel) => {
    const text = await scanQRCode(`扫描快递单号 ${parcel.expressNo}`)
    if (text === undefined) return
    const expressNo = scanned(text)
    if (expressNo === "") {
      Toast.show({ content: returnMessages.scanFirst })
      return
    }
    await send(parcel, expressNo)
  }

  /** Scan first: the parcel with that number in the list is the one returned. */
  const scanAny = async () => {
    const text = await scanQRCode("扫描快递单号")
    if (text === undefined) return
    const expressNo = scanned(text)
    if (expressNo === "") {
      Toast.show({ content: returnMessages.scanFirst })
      return
    }
    const parcel = list.byExpressNo(expressNo)
    if (!parcel) {
      Toast.show({ content: NOT_IN_LIST, icon: "fail" })
      return
    }
    await send(parcel, expressNo)
  }

  const parcels = list.parcels.value
  const now = Date.now()
  const options = [{ _id: ALL_COMPANIES, name: "全部" }, ...(companies.data ?? [])]
  return (
    <div className="returns">
      <header className="station-header" data-testid="station-header">
        <div className="station-header__name">{props.staff.worksite.shortName}</div>
        <div className="station-header__meta">
          <span>{props.staff.worksite.schoolCampus}</span>
          <span className="station-header__dot">·</span>
          <span>{props.staff.nameZH}</span>
        </div>
      </header>

      <div className="returns__filter" role="radiogroup" aria-label="快递公司" data-testid="return-filter">
        {options.map((c) => (
          <button
            key={c._id || "all"}
            type="button"
            role="radio"
            aria-checked={company === c._id}
            data-testid={`return-filter-${c._id || "all"}`}
            className={`returns__chip${company === c._id ? " returns__chip--on" : ""}`}
            onClick={() => { list.company.value = c._id }}
          >
            {c.name}
          </button>
        ))}
      </div>

      <div className="returns__summary">
        <span>待退回 <b data-testid="return-count">{parcels ? list.count.value : "-"}</b> 件</span>
        <span className="returns__tip">{RETURN_TIP}</span>
      </div>

      {list.error.value !== undefined && !parcels ? (
        <LoadFailed error={list.error.value} fallback={TO_RETURN_FAILED} onRetry={() => setRound((r) => r + 1)} />
      ) : !parcels ? (
        <Loading />
      ) : parcels.length === 0 ? (
        <Empty className="returns__empty" data-testid="return-empty" description="暂无待退回的快递" />
      ) : (
        <ul className="returns__list" data-testid="return-list">
          {parcels.map((p) => (
            <li key={p._id} className="return-card" data-testid="return-item" data-express-no={p.expressNo}>
              <div className="return-card__top">
                <Tag color="primary" fill="outline">{p.expressCompany.name}</Tag>
                <span className="return-card__code">{p.storageNo}-{p.tag}</span>
              </div>
              <div className="return-card__no" data-testid="return-item-no">{p.expressNo}</div>
              <div className="return-card__meta">
                <span>{p.receiver || "-"} {maskPhone(p.receiverPhone)}</span>
                <span>入库 {dateTime(p.createdAt)} · 已滞留 {daysWaiting(p, now)} 天</span>
              </div>
              <Button
                className="return-card__action"
                data-testid="return-item-scan"
                size="small"
                color="warning"
                loading={returning === p._id}
                onClick={() => void scanOne(p)}
              >
                扫码退回
              </Button>
            </li>
          ))}
        </ul>
      )}

      <div className="sticky-actions">
        <Button data-testid="return-scan" block size="large" color="primary" disabled={!parcels || parcels.length === 0} onClick={() => void scanAny()}>
          扫一扫快递单号退回
        </Button>
      </div>
    </div>
  )
}
