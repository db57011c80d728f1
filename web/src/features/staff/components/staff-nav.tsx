/** The staff screens' own tabs: check-in, pickup, returns, real-name review, sending (freight and print, dispatch), and back to the Me page. */
import { Link } from "wouter"
import { tokenPath } from "../../../lib/session"

export type StaffScreen = "warehousing" | "takepart" | "return" | "authReview" | "printSurface" | "toTakeinOutScan"

const screens: ReadonlyArray<{ readonly key: StaffScreen | "my"; readonly title: string }> = [
  { key: "warehousing", title: "快递入库" },
  { key: "takepart", title: "确认取件" },
  { key: "return", title: "退件" },
  { key: "authReview", title: "实名审核" },
  { key: "printSurface", title: "寄件打单" },
  { key: "toTakeinOutScan", title: "出库" },
  { key: "my", title: "我的" }
]

export const StaffNav = (props: { readonly current: StaffScreen; readonly token: string | undefined }) => {
  if (!props.token) return null
  const token = tokenPath(props.token)
  return (
    <nav className="staff-nav" data-testid="staff-nav" aria-label="驿站工作">
      {screens.map((s) => (
        <Link
          key={s.key}
          href={`/${s.key}/${token}`}
          className={`staff-nav__item${s.key === props.current ? " staff-nav__item--current" : ""}`}
          aria-current={s.key === props.current ? "page" : undefined}
          data-testid={`staff-nav-${s.key}`}
        >
          {s.title}
        </Link>
      ))}
    </nav>
  )
}
