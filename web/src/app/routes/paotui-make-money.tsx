/** `/paotuiMakeMoney`: how runners earn. */
import { Page } from "../../components/page"
import { StaticFooter } from "../../components/static-footer"
import { MakeMoneyText } from "../../features/errand-team/components/static-texts"

export const PaotuiMakeMoneyRoute = () => (
  <Page title="跑腿赚钱">
    <MakeMoneyText />
    <StaticFooter />
  </Page>
)
