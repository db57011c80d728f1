/** `/paotuiFeeTips`: how the errand fee is worked out. */
import { Page } from "../../components/page"
import { StaticFooter } from "../../components/static-footer"
import { FeeTipsText } from "../../features/errand-team/components/static-texts"

export const PaotuiFeeTipsRoute = () => (
  <Page title="跑腿收费说明">
    <FeeTipsText />
    <StaticFooter />
  </Page>
)
