/** A parcel's detail: its carrier, number and status, and each step (checked in, notice, fee, picked up by whom, returned) with its time. */
import { Steps, Tag } from "antd-mobile"
import { LoadFailed, Loading } from "../../../components/load-state"
import { dateTime } from "../../../lib/format"
import { useParcelTimeline } from "../api/parcel-timeline"

export const ParcelTimelineView = (props: { readonly id: string }) => {
  const timeline = useParcelTimeline(props.id)
  if (timeline.error) return <LoadFailed error={timeline.error} fallback="获取快递详情失败" onRetry={timeline.reload} />
  const t = timeline.data
  if (!t) return <Loading />
  return (
    <div className="parcel-timeline" data-testid="parcel-timeline">
      <div className="parcel-card">
        <div className="parcel-card__head">
          <span className="parcel-card__company">{t.expressCompany}</span>
          <Tag color="primary" data-testid="parcel-timeline-status">{t.statusStr}</Tag>
        </div>
        <div className="parcel-card__line">快递单号：{t.expressNo}</div>
      </div>
      <div className="parcel-card">
        <Steps direction="vertical" current={t.steps.length - 1}>
          {[...t.steps].reverse().map((s, i) => (
            <Steps.Step
              key={`${s.kind}-${i}`}
              status={i === 0 ? "process" : "finish"}
              data-testid="parcel-step"
              data-kind={s.kind}
              title={s.title}
              description={<><span className="parcel-timeline__detail">{s.detail}</span><span className="parcel-timeline__time">{dateTime(s.at)}</span></>}
            />
          ))}
        </Steps>
      </div>
    </div>
  )
}
