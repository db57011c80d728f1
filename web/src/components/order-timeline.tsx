/**
 * An order's steps, top to bottom: each with its time (Asia/Shanghai) once it happened, or greyed while still to
 * come, and an optional note (an amount, a person). Neutral: any order's detail page gives it `{ label, at, note }`.
 */
import { dateTime } from "../lib/format"
import "./order-timeline.css"

export interface TimelineStep {
  readonly label: string
  readonly at: Date | null
  readonly note?: string | null | undefined
}

export const OrderTimeline = (props: { readonly steps: ReadonlyArray<TimelineStep>; readonly title?: string }) => (
  <section className="order-timeline" data-testid="order-timeline">
    {props.title ? <h3 className="order-timeline__title">{props.title}</h3> : null}
    <ol className="order-timeline__list">
      {props.steps.map((s, i) => (
        <li key={`${s.label}-${i}`} className={s.at ? "order-timeline__step order-timeline__step--done" : "order-timeline__step"} data-testid="timeline-step"
          data-done={s.at ? "true" : "false"}>
          <span className="order-timeline__dot" aria-hidden="true" />
          <span className="order-timeline__label">{s.label}</span>
          {s.note ? <span className="order-timeline__note">{s.note}</span> : null}
          <span className="order-timeline__at" data-testid="timeline-at">{s.at ? dateTime(s.at) : "待完成"}</span>
        </li>
      ))}
    </ol>
  </section>
)
