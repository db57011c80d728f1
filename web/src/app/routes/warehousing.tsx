/** `/warehousing/:token`: parcel check-in, for bound employees only. */
import { Page } from "../../components/page"
import { CheckInForm } from "../../features/check-in/components/check-in-form"
import { EmployeeGate } from "../../features/staff/components/employee-gate"
import { StaffNav } from "../../features/staff/components/staff-nav"
import { adoptRouteToken } from "../../lib/session"

export const WarehousingRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  return (
    <Page title="快递入库" back={false}>
      <EmployeeGate token={token} redirect="warehousing">
        {(employee) => (
          <>
            <StaffNav current="warehousing" token={token} />
            <CheckInForm staff={employee} />
          </>
        )}
      </EmployeeGate>
    </Page>
  )
}
