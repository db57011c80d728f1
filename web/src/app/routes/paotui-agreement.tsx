/** `/paotuiAgreement`: the runner agreement. */
import { Page } from "../../components/page"
import { StaticFooter } from "../../components/static-footer"
import { AgreementText } from "../../features/errand-team/components/static-texts"

export const PaotuiAgreementRoute = () => (
  <Page title="跑腿协议">
    <AgreementText />
    <StaticFooter />
  </Page>
)
