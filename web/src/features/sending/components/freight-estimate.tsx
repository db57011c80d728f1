/**
 * The booking form's live freight estimate: as the carrier, the receiver and the estimated weight are chosen, the
 * tariff's quote (`GET /api/expressFreight/freight`, the core's `quoteFreight` the staff's 计费 uses) for that weight,
 * or for the first kilogram while no weight is typed.
 */
import { List } from "antd-mobile"
import { useEffect, useState } from "react"
import { GRAMS_PER_KG } from "#src/sending/freight"
import { yuan } from "#src/shared/money"
import { quoteFreight } from "../../../lib/freight"

type Estimate = { readonly kind: "idle" } | { readonly kind: "quoted"; readonly fen: number } | { readonly kind: "none" }

const QUOTE_DELAY_MS = 300

export const FreightEstimate = (props: {
  readonly worksiteId: string
  readonly companyCode: string | undefined
  readonly fromProvince: string | undefined
  readonly toProvince: string | undefined
  /** Grams as typed; undefined while none is. */
  readonly grams: number | undefined
}) => {
  const [estimate, setEstimate] = useState<Estimate>({ kind: "idle" })
  const grams = props.grams ?? GRAMS_PER_KG
  const { worksiteId, companyCode, fromProvince, toProvince } = props
  useEffect(() => {
    if (!companyCode || !toProvince) return void setEstimate({ kind: "idle" })
    let current = true
    const timer = setTimeout(() => {
      quoteFreight({ worksiteId, expressCode: companyCode, fromProvinceCode: fromProvince ?? "", toProvinceCode: toProvince, freightWeight: grams })
        .then((fen) => { if (current) setEstimate({ kind: "quoted", fen }) }, () => { if (current) setEstimate({ kind: "none" }) })
    }, QUOTE_DELAY_MS)
    return () => { current = false; clearTimeout(timer) }
  }, [worksiteId, companyCode, fromProvince, toProvince, grams])

  const text = estimate.kind === "idle" ? "选择快递公司和收件人后显示"
    : estimate.kind === "none" ? "暂无该地区报价，以驿站称重计费为准"
    : props.grams === undefined ? <>首重1kg <b>¥{yuan(estimate.fen)}</b> 起，以驿站称重为准</>
    : <><b>¥{yuan(estimate.fen)}</b>（{props.grams / GRAMS_PER_KG}kg，以驿站称重为准）</>
  return (
    <List.Item title="预估运费">
      <span className="freight-estimate" data-testid="freight-estimate" data-state={estimate.kind}>{text}</span>
    </List.Item>
  )
}
