/** `/paotuiAgreement`: the runner agreement. */
import { Page } from "../../components/page"
import { AgreementText } from "../../features/errand-team/components/static-texts"

export const PaotuiAgreementRoute = () => (
  <Page title="跑腿协议">
    <AgreementText />
  </Page>
)
