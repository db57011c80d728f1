/**
 * `/circleDiscovery` (spec 002 §2): the discovery home. Banners to sell-a-teammate, the confession wall and the
 * message board; the latest teammate sold, the latest confession and the three latest messages.
 */
import { useState } from "react"
import { Link } from "wouter"
import type { ConfessionView, MessageView, TeammateView } from "#src/circle/calls"
import { CARD_PICS, circleFailures } from "#src/circle/display"
import { LoadFailed, Loading } from "../../../components/load-state"
import { tokenPath } from "../../../lib/session"
import { useLoad } from "../../../lib/use-load"
import { fetchConfessionSplit, fetchLatestConfession, fetchLatestMessages, fetchLatestTeammate, fetchTeammateSplit } from "../api/social"
import type { CircleViewer } from "../state/viewer"
import { EmptyState } from "./bits"
import { ConfessionCard, MessageCard, TeammateCard } from "./social-cards"

const Section = (props: { readonly title: string; readonly more: string; readonly testId: string; readonly children: React.ReactNode }) => (
  <section className="discovery__section" data-testid={props.testId}>
    <header className="discovery__head">
      <h2>{props.title}</h2>
      <Link href={props.more} className="discovery__more">查看全部 ›</Link>
    </header>
    {props.children}
  </section>
)

const useLatest = () =>
  useLoad(async () => {
    const [teammate, confession, messages, sf, bb] = await Promise.all([
      fetchLatestTeammate(), fetchLatestConfession(), fetchLatestMessages(), fetchTeammateSplit(), fetchConfessionSplit()
    ])
    return { teammate, confession, messages, sf, bb }
  }, [])

export const Discovery = (props: { readonly viewer: CircleViewer }) => {
  const latest = useLatest()
  const [teammate, setTeammate] = useState<TeammateView | null | undefined>(undefined)
  const [confession, setConfession] = useState<ConfessionView | null | undefined>(undefined)
  const [messages, setMessages] = useState<ReadonlyArray<MessageView> | undefined>(undefined)
  const token = tokenPath(props.viewer.token)
  const data = latest.data
  const shownTeammate = teammate === undefined ? data?.teammate : teammate
  const shownConfession = confession === undefined ? data?.confession : confession
  const shownMessages = messages ?? data?.messages ?? []
  return (
    <div className="discovery" data-testid="circle-discovery">
      <nav className="discovery__banners" aria-label="发现">
        <Link href={`/circleMaiList/${token}`} className="discovery__banner discovery__banner--teammate" data-testid="banner-teammate">
          <b>卖室友</b>
          <span>{data ? `已卖出 ${data.sf.nanSum + data.sf.nvSum} 位室友` : "把室友介绍给大家"}</span>
        </Link>
        <Link href={`/circleBBList/${token}`} className="discovery__banner discovery__banner--confession" data-testid="banner-confession">
          <b>表白墙</b>
          <span>{data ? `${data.bb.nanSum + data.bb.nvSum} 次勇敢表白` : "勇敢说出来"}</span>
        </Link>
        <Link href={`/circleJiyuList/${token}`} className="discovery__banner discovery__banner--message" data-testid="banner-message">
          <b>留言板</b>
          <span>说说心里话</span>
        </Link>
      </nav>
      {latest.loading && !data ? <Loading />
        : latest.error || !data ? <LoadFailed error={latest.error} fallback={circleFailures.list} onRetry={latest.reload} />
        : (
          <>
            <Section title="最新卖出的室友" more={`/circleMaiList/${token}`} testId="discovery-teammate">
              {shownTeammate
                ? <TeammateCard post={shownTeammate} viewer={props.viewer} maxPics={CARD_PICS} onChange={setTeammate} onDeleted={() => setTeammate(null)} />
                : <EmptyState text="还没有人卖室友"><Link href={`/circleSfEdit/${token}`} className="circle-link-button">去卖室友</Link></EmptyState>}
            </Section>
            <Section title="最新表白" more={`/circleBBList/${token}`} testId="discovery-confession">
              {shownConfession
                ? <ConfessionCard post={shownConfession} viewer={props.viewer} maxPics={CARD_PICS} onChange={setConfession} onDeleted={() => setConfession(null)} />
                : <EmptyState text="还没有人表白"><Link href={`/circleBBEdit/${token}`} className="circle-link-button">去表白</Link></EmptyState>}
            </Section>
            <Section title="最新留言" more={`/circleJiyuList/${token}`} testId="discovery-messages">
              {shownMessages.length > 0
                ? shownMessages.map((m) => (
                  <MessageCard key={m._id} post={m} viewer={props.viewer} maxPics={CARD_PICS}
                    onChange={(next) => setMessages(shownMessages.map((x) => (x._id === m._id ? next : x)))}
                    onDeleted={() => setMessages(shownMessages.filter((x) => x._id !== m._id))} />
                ))
                : <EmptyState text="还没有留言"><Link href={`/circleJyEdit/${token}`} className="circle-link-button">去留言</Link></EmptyState>}
            </Section>
          </>
        )}
    </div>
  )
}
