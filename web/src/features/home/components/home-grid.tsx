/** The grid of eight (spec 002 §2 Home): each entry where `homeEntries` says, its gate decided by the core. */
import {
  AddSquareOutline, FileOutline, QuestionCircleOutline, ReceiptOutline, SendOutline, TeamOutline, TruckOutline, UnorderedListOutline
} from "antd-mobile-icons"
import type { ReactNode } from "react"
import { Link } from "wouter"
import { homeEntries, type HomeEntryKey, type HomeUser } from "#src/home/home-grid"

const icons: Record<HomeEntryKey, ReactNode> = {
  collect: <ReceiptOutline />,
  send: <SendOutline />,
  sendRecords: <FileOutline />,
  joinRunners: <TeamOutline />,
  takeErrands: <TruckOutline />,
  myClaimed: <UnorderedListOutline />,
  myPublished: <AddSquareOutline />,
  guide: <QuestionCircleOutline />
}

export const HomeGrid = (props: { readonly user: HomeUser; readonly token: string }) => (
  <nav className="home-grid" aria-label="服务">
    {homeEntries(props.user, props.token).map((e) => (
      <Link key={e.key} href={e.to} className="home-grid__entry" data-testid={`home-${e.key}`} data-gated={e.gated ? "true" : undefined}>
        <span className={`home-grid__icon home-grid__icon--${e.key}`} aria-hidden>{icons[e.key]}</span>
        <span className="home-grid__label">{e.label}</span>
      </Link>
    ))}
  </nav>
)
