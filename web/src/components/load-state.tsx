/** What a screen shows while its data loads or when loading failed. */
import { Button, DotLoading, ErrorBlock } from "antd-mobile"
import { failureMessage } from "../lib/api-client"

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
    title={failureMessage(props.error, props.fallback)}
    description={null}
  >
    {props.onRetry ? <Button color="primary" size="small" onClick={props.onRetry}>重试</Button> : null}
  </ErrorBlock>
)
