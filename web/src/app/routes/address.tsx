/** `/address/:token`: saved addresses and adding one. */
import { Page } from "../../components/page"
import { AddressBook } from "../../features/address/components/address-book"
import { adoptRouteToken } from "../../lib/session"

export const AddressRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token) ?? ""
  return (
    <Page title="收件地址">
      <AddressBook token={token} />
    </Page>
  )
}
