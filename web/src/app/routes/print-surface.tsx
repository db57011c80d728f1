/** `/printSurface/:token`: the outbound staff screen — scan a send order, set its freight, print its waybill (bound employees only). */
import { Page } from "../../components/page"
import { OutboundScreen } from "../../features/sending/components/outbound-screen"
import { EmployeeGate } from "../../features/staff/components/employee-gate"
import { StaffNav } from "../../features/staff/components/staff-nav"
import { adoptRouteToken } from "../../lib/session"
import "../../features/sending/sending.css"

export const PrintSurfaceRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  return (
    <Page title="寄件计费打单" back={false}>
      <EmployeeGate token={token} redirect="printSurface">
        {(employee) => (
          <>
            <StaffNav current="printSurface" token={token} />
            <OutboundScreen worksiteId={employee.worksite._id} token={token} />
          </>
        )}
      </EmployeeGate>
    </Page>
  )
}
