/** Small parts of the circle's cards: an avatar, a row of pictures that opens the viewer, a list's foot, the empty picture. */
import { ImageViewer, InfiniteScroll } from "antd-mobile"
import { imageSrc, thumbnailSrc } from "../../../lib/format"
import avatar from "../images/avatar.svg"
import empty from "../images/empty.svg"

export const Avatar = (props: { readonly src: string | null | undefined; readonly size?: number; readonly alt?: string }) => (
  <img className="circle-avatar" src={thumbnailSrc(imageSrc(props.src), props.size ?? 36) || avatar} alt={props.alt ?? "头像"}
    style={props.size ? { width: props.size, height: props.size } : undefined}
    onError={(e) => { if (e.currentTarget.src !== avatar) e.currentTarget.src = avatar }} />
)

/**
 * Pictures in a grid of three (at most `max`, the rest counted on the last); a tap opens them all full screen, unless
 * the card they are on leads to a detail page (`preview` false), where the tap goes.
 */
export const PicGrid = (props: { readonly urls: ReadonlyArray<string>; readonly max?: number; readonly testId?: string; readonly preview?: boolean }) => {
  const shown = props.max === undefined ? props.urls : props.urls.slice(0, props.max)
  if (shown.length === 0) return null
  const more = props.urls.length - shown.length
  const cell = (url: string, i: number) => (
    <>
      <img src={thumbnailSrc(url, shown.length === 1 ? 260 : 128)} alt="" loading="lazy" />
      {more > 0 && i === shown.length - 1 ? <span className="circle-pics__more">+{more}</span> : null}
    </>
  )
  return (
    <div className={`circle-pics circle-pics--${Math.min(shown.length, 3)}`} data-testid={props.testId}>
      {shown.map((url, i) => props.preview === false
        ? <span key={`${url}-${i}`} className="circle-pics__cell">{cell(url, i)}</span>
        : (
          <button key={`${url}-${i}`} type="button" className="circle-pics__cell"
            onClick={() => ImageViewer.Multi.show({ images: [...props.urls], defaultIndex: i })}>
            {cell(url, i)}
          </button>
        ))}
    </div>
  )
}

export const EmptyState = (props: { readonly text: string; readonly children?: React.ReactNode; readonly testId?: string }) => (
  <div className="circle-empty" data-testid={props.testId ?? "circle-empty"}>
    <img src={empty} alt="" />
    <p>{props.text}</p>
    {props.children}
  </div>
)

/** §4, §9: the next page loads 30 px before the end; the foot says loading, failed (tap to retry), empty or no more. */
export const ListFoot = (props: {
  readonly loadMore: () => Promise<void>
  readonly hasMore: boolean
  readonly empty: boolean
  readonly emptyText: string
  readonly emptyAction?: React.ReactNode
}) => (
  <InfiniteScroll loadMore={props.loadMore} hasMore={props.hasMore} threshold={30}>
    {(more, failed, retry) =>
      more ? (failed ? <span className="circle-foot" onClick={retry}>加载失败，点击重试</span> : <span className="circle-foot">加载中…</span>)
        : props.empty ? <EmptyState text={props.emptyText}>{props.emptyAction}</EmptyState>
        : <span className="circle-foot" data-testid="circle-no-more">没有更多了</span>}
  </InfiniteScroll>
)
