/** What a screen shows while its data loads or when loading failed (a failed step of a load in that step's words). */
import { Button, DotLoading, ErrorBlock } from "antd-mobile"
import { failureMessage } from "../lib/api-client"
import { StepFailed } from "../lib/use-load"

export const Loading = (props: { readonly text?: string }) => (
  <div className="load-state" role="status">
    <DotLoading color="primary" />
    <span>{props.text ?? "加载中"}</span>
  </div>
)

export const LoadFailed = (props: { readonly error: unknown; readonly fallback: string; readonly onRetry?: () => void }) => (
  <ErrorBlock
    className="load-state__error"
    status="default"
    title={props.error instanceof StepFailed ? failureMessage(props.error.cause, props.error.fallback) : failureMessage(props.error, props.fallback)}
    description={null}
  >
    {props.onRetry ? <Button color="primary" size="small" onClick={props.onRetry}>重试</Button> : null}
  </ErrorBlock>
)
