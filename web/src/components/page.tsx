/** A phone screen: the navigation bar with its title and back arrow, then the scrolling body. */
import { NavBar } from "antd-mobile"
import type { ReactNode } from "react"

export const Page = (props: {
  readonly title: ReactNode
  readonly back?: boolean
  /** Where back goes; the browser's history by default. */
  readonly onBack?: () => void
  readonly right?: ReactNode
  readonly className?: string
  readonly children: ReactNode
}) => (
  <div className={`page ${props.className ?? ""}`}>
    <NavBar
      className="page__nav"
      back={props.back === false ? null : ""}
      backIcon={props.back === false ? false : true}
      onBack={props.onBack ?? (() => window.history.back())}
      right={props.right}
    >
      {props.title}
    </NavBar>
    <main className="page__body">{props.children}</main>
  </div>
)
