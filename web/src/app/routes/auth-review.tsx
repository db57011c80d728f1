/** `/authReview/:token`: real-name submissions to review, for staff (their worksite's) and admins (all). */
import { useLocation } from "wouter"
import { Page } from "../../components/page"
import { UserGate } from "../../components/user-gate"
import { ReviewList } from "../../features/review/components/review-list"
import { StaffNav } from "../../features/staff/components/staff-nav"
import { adoptRouteToken, tokenPath } from "../../lib/session"

export const AuthReviewRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  const [, navigate] = useLocation()
  return (
    <Page title="实名审核" onBack={() => navigate(`/my/${tokenPath(token ?? "")}`)}>
      <UserGate token={token}>
        {(user) => (
          <>
            {user.role === "staff" ? <StaffNav current="authReview" token={token} /> : null}
            <ReviewList token={token} />
          </>
        )}
      </UserGate>
    </Page>
  )
}
