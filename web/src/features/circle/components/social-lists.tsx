/**
 * `/circleMaiList`, `/circleBBList`, `/circleJiyuList` (spec 002 §2, §4): the teammates, confessions and messages of
 * the worksite, newest first, pages from 1 with infinite scroll, an empty picture and a 'no more' foot; the sex split
 * heads the first two; a button at the foot goes to the form.
 */
import { Button } from "antd-mobile"
import { useLocation } from "wouter"
import type { SexSplitView } from "#src/circle/calls"
import { tokenPath } from "../../../lib/session"
import { useLoad } from "../../../lib/use-load"
import { fetchConfessions, fetchConfessionSplit, fetchMessages, fetchTeammates, fetchTeammateSplit } from "../api/social"
import { useCircleList } from "../state/circle-list"
import type { CircleViewer } from "../state/viewer"
import { ListFoot } from "./bits"
import { ConfessionCard, MessageCard, TeammateCard } from "./social-cards"

/** 男生 62% · 女生 38% of the posts so far. */
export const SexSplit = (props: { readonly split: typeof SexSplitView.Type | undefined; readonly testId: string }) => {
  const s = props.split
  if (!s) return null
  return (
    <div className="circle-split" data-testid={props.testId}>
      <div className="circle-split__bar">
        <span className="circle-split__male" style={{ width: `${s.nanSum + s.nvSum === 0 ? 50 : s.nanPercent}%` }} />
        <span className="circle-split__female" />
      </div>
      <div className="circle-split__text">
        <span>♂ 男生 {s.nanPercent}%（{s.nanSum}）</span>
        <span>♀ 女生 {s.nvPercent}%（{s.nvSum}）</span>
      </div>
    </div>
  )
}

const FormButton = (props: { readonly label: string; readonly to: string; readonly testId: string }) => {
  const [, navigate] = useLocation()
  return (
    <div className="sticky-actions circle-list__action">
      <Button block color="danger" shape="rounded" data-testid={props.testId} onClick={() => navigate(props.to)}>{props.label}</Button>
    </div>
  )
}

export const TeammateList = (props: { readonly viewer: CircleViewer }) => {
  const split = useLoad(fetchTeammateSplit, [])
  const list = useCircleList(fetchTeammates, 1)
  return (
    <div className="circle-list circle-list--teammates" data-testid="teammate-list">
      <header className="circle-list__hero circle-list__hero--teammate">
        <h2>卖室友</h2>
        <p>把优秀的室友介绍给大家，说不定就脱单了</p>
        <SexSplit split={split.data} testId="teammate-split" />
      </header>
      {list.items.map((t) => (
        <TeammateCard key={t._id} post={t} viewer={props.viewer} onChange={(next) => list.update(t._id, () => next)} onDeleted={() => list.remove(t._id)} />
      ))}
      <ListFoot loadMore={list.loadMore} hasMore={list.hasMore} empty={list.empty} emptyText="还没有人卖室友，快来卖第一个" />
      <FormButton label="我要卖室友" to={`/circleSfEdit/${tokenPath(props.viewer.token)}`} testId="teammate-list-sell" />
    </div>
  )
}

export const ConfessionList = (props: { readonly viewer: CircleViewer }) => {
  const split = useLoad(fetchConfessionSplit, [])
  const list = useCircleList(fetchConfessions, 1)
  return (
    <div className="circle-list circle-list--confessions" data-testid="confession-list">
      <header className="circle-list__hero circle-list__hero--confession">
        <h2>表白墙</h2>
        <p>勇敢说出来，TA也许正在等你</p>
        <SexSplit split={split.data} testId="confession-split" />
      </header>
      {list.items.map((c) => (
        <ConfessionCard key={c._id} post={c} viewer={props.viewer} onChange={(next) => list.update(c._id, () => next)} onDeleted={() => list.remove(c._id)} />
      ))}
      <ListFoot loadMore={list.loadMore} hasMore={list.hasMore} empty={list.empty} emptyText="表白墙还空着，第一个表白的人最勇敢" />
      <FormButton label="去表白" to={`/circleBBEdit/${tokenPath(props.viewer.token)}`} testId="confession-list-go" />
    </div>
  )
}

export const MessageList = (props: { readonly viewer: CircleViewer }) => {
  const list = useCircleList(fetchMessages, 1)
  return (
    <div className="circle-list circle-list--messages" data-testid="message-list">
      <header className="circle-list__hero circle-list__hero--message">
        <h2>留言板</h2>
        <p>说说心里话，认识有趣的同学</p>
      </header>
      {list.items.map((m) => (
        <MessageCard key={m._id} post={m} viewer={props.viewer} onChange={(next) => list.update(m._id, () => next)} onDeleted={() => list.remove(m._id)} />
      ))}
      <ListFoot loadMore={list.loadMore} hasMore={list.hasMore} empty={list.empty} emptyText="还没有留言，来写下第一条吧" />
      <FormButton label="去留言" to={`/circleJyEdit/${tokenPath(props.viewer.token)}`} testId="message-list-go" />
    </div>
  )
}
