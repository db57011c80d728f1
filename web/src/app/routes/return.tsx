/** `/return/:token`: parcels to hand back to the courier, for bound employees only. */
import { Page } from "../../components/page"
import { ReturnPanel } from "../../features/returns/components/return-panel"
import { EmployeeGate } from "../../features/staff/components/employee-gate"
import { StaffNav } from "../../features/staff/components/staff-nav"
import { adoptRouteToken } from "../../lib/session"

export const ReturnRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  return (
    <Page title="退件" back={false}>
      <EmployeeGate token={token} redirect="return">
        {(employee) => (
          <>
            <StaffNav current="return" token={token} />
            <ReturnPanel staff={employee} token={token} />
          </>
        )}
      </EmployeeGate>
    </Page>
  )
}
