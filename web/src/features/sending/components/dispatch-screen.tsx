/**
 * The dispatch screen (/toTakeinOutScan, spec 002): each carrier's count of parcels awaiting dispatch, kept
 * live by the per-site, per-carrier to-scan event with the core's delta rule, and sendOut by scan (the text
 * after the first comma): '出库成功' for 2 s, or '寄件出库失败' / the server's message.
 */
import { Button } from "antd-mobile"
import { useEffect, useRef, useState } from "react"
import type { ToScanEventPayload } from "#src/sending/calls"
import { applyToScanDelta, messages, scannedCode, SENT_OUT_TOAST_MS, toScanEventName } from "#src/sending/dispatch"
import { LoadFailed, Loading } from "../../../components/load-state"
import { failureMessage } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"
import { scanQRCode } from "../../../lib/wx"
import { useSocketEvents } from "../../../lib/socket"
import { fetchToScanAll, sendOut } from "../api/outbound"

type Count = { readonly _id: string; readonly name: string; readonly count: number }

export const DispatchScreen = (props: { readonly worksiteId: string; readonly token: string | undefined }) => {
  const loaded = useLoad(() => fetchToScanAll(props.worksiteId), [props.worksiteId])
  const [counts, setCounts] = useState<ReadonlyArray<Count> | undefined>()
  const [result, setResult] = useState<{ readonly ok: boolean; readonly text: string } | undefined>()
  const [busy, setBusy] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => { if (loaded.data) setCounts(loaded.data) }, [loaded.data])
  useEffect(() => () => clearTimeout(timer.current), [])

  const eventOf = new Map((counts ?? loaded.data ?? []).map((c) => [toScanEventName(props.worksiteId, c._id), c._id]))
  // on (re)connecting the counts are read again: a change between the first read and the socket is not lost
  useSocketEvents<typeof ToScanEventPayload.Type>(props.token, eventOf.size > 0 ? [...eventOf.keys(), "connect"] : [], (event, payload) => {
    if (event === "connect") return loaded.reload()
    const companyId = eventOf.get(event)
    if (companyId === undefined || typeof payload?.delta !== "number") return
    setCounts((cs) => cs?.map((c) => (c._id === companyId ? { ...c, count: applyToScanDelta(c.count, payload.delta) } : c)))
  })

  const show = (r: { ok: boolean; text: string }) => {
    clearTimeout(timer.current)
    setResult(r)
    if (r.ok) timer.current = setTimeout(() => setResult(undefined), SENT_OUT_TOAST_MS)
  }

  const scan = async () => {
    const text = await scanQRCode("扫描寄件面单")
    if (text === undefined || text.trim() === "") return
    setBusy(true)
    try {
      await sendOut(props.worksiteId, scannedCode(text))
      show({ ok: true, text: messages.sentOut })
    } catch (error) {
      show({ ok: false, text: failureMessage(error, messages.sendOutFailed) })
    } finally {
      setBusy(false)
    }
  }

  if (loaded.error && !counts) return <LoadFailed error={loaded.error} fallback={messages.countsFailed} onRetry={loaded.reload} />
  if (!counts) return <Loading />
  return (
    <div className="dispatch" data-testid="dispatch-screen">
      <div className="dispatch__grid">
        {counts.map((c) => (
          <div key={c._id} className="dispatch__company" data-testid="dispatch-company" data-id={c._id}>
            <div className="dispatch__name">{c.name}</div>
            <div className="dispatch__count" data-testid="dispatch-count">{c.count}</div>
          </div>
        ))}
      </div>
      <div className="dispatch__scan">
        <Button block color="primary" size="large" data-testid="dispatch-scan" loading={busy} onClick={() => void scan()}>扫码出库</Button>
      </div>
      {result ? (
        <div data-testid="dispatch-result" className={`dispatch__result dispatch__result--${result.ok ? "ok" : "fail"}`}>{result.text}</div>
      ) : null}
    </div>
  )
}
