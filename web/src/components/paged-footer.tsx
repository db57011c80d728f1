/** The foot of a paged list: loads the next page on scroll and says loading, failed, empty or no more. */
import { Empty, InfiniteScroll } from "antd-mobile"

export const PagedFooter = (props: {
  readonly loadMore: () => Promise<void>
  readonly hasMore: boolean
  readonly empty: boolean
  readonly emptyText: string
}) => (
  <InfiniteScroll loadMore={props.loadMore} hasMore={props.hasMore}>
    {(more, failed, retry) =>
      more ? (failed ? <span onClick={retry}>加载失败，点击重试</span> : <span>加载中…</span>)
        : props.empty ? <Empty description={props.emptyText} /> : <span>没有更多了</span>
    }
  </InfiniteScroll>
)
