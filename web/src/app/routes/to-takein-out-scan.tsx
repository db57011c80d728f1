/** `/toTakeinOutScan/:token`: the dispatch screen — per-carrier counts awaiting dispatch and sendOut by scan (bound employees only). */
import { Page } from "../../components/page"
import { DispatchScreen } from "../../features/sending/components/dispatch-screen"
import { EmployeeGate } from "../../features/staff/components/employee-gate"
import { StaffNav } from "../../features/staff/components/staff-nav"
import { adoptRouteToken } from "../../lib/session"
import "../../features/sending/sending.css"

export const ToTakeinOutScanRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  return (
    <Page title="寄件出库" back={false}>
      <EmployeeGate token={token} redirect="toTakeinOutScan">
        {(employee) => (
          <>
            <StaffNav current="toTakeinOutScan" token={token} />
            <DispatchScreen worksiteId={employee.worksite._id} token={token} />
          </>
        )}
      </EmployeeGate>
    </Page>
  )
}
