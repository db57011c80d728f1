/** A send order's steps (the core's `sendTimeline`), each with its time; steps still to come are grey, saying what they wait for. */
import type { SendStepView } from "#src/sending/calls"
import { dateTime } from "../../../lib/format"

export const SendTimeline = (props: { readonly steps: ReadonlyArray<SendStepView> }) => {
  const lastDone = props.steps.reduce((last, s, i) => (s.at ? i : last), -1)
  return (
    <ol className="send-timeline" data-testid="send-timeline">
      {props.steps.map((s, i) => (
        <li key={s.key} data-testid="send-step" data-key={s.key} data-done={s.at ? "1" : "0"}
          className={`send-timeline__step${s.at ? " send-timeline__step--done" : ""}${i === lastDone ? " send-timeline__step--current" : ""}${s.key === "cancelled" ? " send-timeline__step--cancelled" : ""}`}>
          <span className="send-timeline__dot" />
          <span className="send-timeline__title">{s.title}</span>
          <span className="send-timeline__time" data-testid="send-step-time">{s.at ? dateTime(s.at.getTime()) : ""}</span>
        </li>
      ))}
    </ol>
  )
}
