/** `/takepart` and `/takepart/:token`: pickup by the receiver's QR, for bound employees only. */
import { Page } from "../../components/page"
import { PickupPanel } from "../../features/pickup/components/pickup-panel"
import { EmployeeGate } from "../../features/staff/components/employee-gate"
import { StaffNav } from "../../features/staff/components/staff-nav"
import { adoptRouteToken } from "../../lib/session"

export const TakepartRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  return (
    <Page title="确认取件" back={false}>
      <EmployeeGate token={token} redirect="takepart">
        {(employee) => (
          <>
            <StaffNav current="takepart" token={token} />
            <PickupPanel staff={employee} />
          </>
        )}
      </EmployeeGate>
    </Page>
  )
}
