/**
 * The foot of a paged list: loads the next page on scroll and says loading, failed (the screen's words for the failure,
 * `failedText`, with a retry), empty or no more.
 */
import { Empty, InfiniteScroll } from "antd-mobile"

export const PagedFooter = (props: {
  readonly loadMore: () => Promise<void>
  readonly hasMore: boolean
  readonly empty: boolean
  readonly emptyText: string
  /** What a failed page says (the server's message or the screen's own words); a generic line without it. */
  readonly failedText?: string
}) => (
  <InfiniteScroll loadMore={props.loadMore} hasMore={props.hasMore}>
    {(more, failed, retry) =>
      more ? (failed ? <span className="paged-footer__failed" data-testid="paged-failed" onClick={retry}>{props.failedText ?? "加载失败"}，点击重试</span> : <span>加载中…</span>)
        : props.empty ? <Empty description={props.emptyText} /> : <span>没有更多了</span>
    }
  </InfiniteScroll>
)
