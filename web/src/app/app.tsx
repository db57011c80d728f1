/** The route table of the station web app. */
import { Route, Switch } from "wouter"
import { BindRoute } from "./routes/bind"
import { ErrorRoute } from "./routes/error"
import { ExpressQrcodeRoute } from "./routes/express-qrcode"
import { HomeRoute } from "./routes/home"
import { LoginRoute } from "./routes/login"
import { MoneyDetailRoute } from "./routes/money-detail"
import { NotFoundRoute } from "./routes/not-found"
import { ScoreToMoneyRoute } from "./routes/score-to-money"
import { TakecashRoute } from "./routes/takecash"
import { TakecashListRoute } from "./routes/takecash-list"
import { TakepartRoute } from "./routes/takepart"
import { WarehousingRoute } from "./routes/warehousing"

export const App = () => (
  <Switch>
    <Route path="/" component={HomeRoute} />
    <Route path="/login" component={LoginRoute} />
    <Route path="/bind/:redirect/:token" component={BindRoute} />
    <Route path="/warehousing/:token" component={WarehousingRoute} />
    <Route path="/takepart" component={TakepartRoute} />
    <Route path="/takepart/:token" component={TakepartRoute} />
    <Route path="/takecash/:token" component={TakecashRoute} />
    <Route path="/takecashList/:token" component={TakecashListRoute} />
    <Route path="/moneyDetail/:type/:token" component={MoneyDetailRoute} />
    <Route path="/scoreToMoney/:token" component={ScoreToMoneyRoute} />
    <Route path="/expressQrcode/:expressId/:token" component={ExpressQrcodeRoute} />
    <Route path="/error/:errorCode" component={ErrorRoute} />
    <Route component={NotFoundRoute} />
  </Switch>
)
