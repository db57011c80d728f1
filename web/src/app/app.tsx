/** The route table of the station web app. */
import { Route, Switch } from "wouter"
import { AddUserInfoRoute } from "./routes/add-user-info"
import { AddressRoute } from "./routes/address"
import { AuthApplyRoute } from "./routes/auth-apply"
import { AuthReviewRoute } from "./routes/auth-review"
import { BindRoute } from "./routes/bind"
import { comingSoon, ComingSoonRoute } from "./routes/coming-soon"
import { ErrorRoute } from "./routes/error"
import { ExpressQrcodeRoute } from "./routes/express-qrcode"
import { ExpressTotakeListRoute } from "./routes/express-totake-list"
import { HomeRoute } from "./routes/home"
import { HomeTabRoute } from "./routes/home-tab"
import { LoginRoute } from "./routes/login"
import { MoneyDetailRoute } from "./routes/money-detail"
import { MyRoute } from "./routes/my"
import { NotFoundRoute } from "./routes/not-found"
import { OpenInAppRoute } from "./routes/open-in-app"
import { PaotuiApplyRoute } from "./routes/paotui-apply"
import { ReturnRoute } from "./routes/return"
import { ProxyGetRoute } from "./routes/proxy-get"
import { PaySuccessRoute } from "./routes/pay-success"
import {
  IdCardNoEditRoute, NicknameEditRoute, PhoneEditRoute, RealnameEditRoute, SexEditRoute, StudentCardEditRoute
} from "./routes/profile-edit"
import { SafekeepFeeToPayRoute } from "./routes/safekeep-fee-to-pay"
import { ScoreToMoneyRoute } from "./routes/score-to-money"
import { TakecashRoute } from "./routes/takecash"
import { TakecashListRoute } from "./routes/takecash-list"
import { TakepartRoute } from "./routes/takepart"
import { UserInfoRoute } from "./routes/user-info"
import { WarehousingRoute } from "./routes/warehousing"
import { WorksiteEditRoute, WorksiteListRoute } from "./routes/worksite-list"

export const App = () => (
  <Switch>
    <Route path="/" component={HomeRoute} />
    <Route path="/login" component={LoginRoute} />
    <Route path="/bind/:redirect/:token" component={BindRoute} />
    <Route path="/warehousing/:token" component={WarehousingRoute} />
    <Route path="/takepart" component={TakepartRoute} />
    <Route path="/takepart/:token" component={TakepartRoute} />
    <Route path="/return/:token" component={ReturnRoute} />
    <Route path="/takecash/:token" component={TakecashRoute} />
    <Route path="/takecashList/:token" component={TakecashListRoute} />
    <Route path="/moneyDetail/:type/:token" component={MoneyDetailRoute} />
    <Route path="/scoreToMoney/:token" component={ScoreToMoneyRoute} />
    <Route path="/expressQrcode/:expressId/:token" component={ExpressQrcodeRoute} />
    <Route path="/expressTotakeList/:status/:token" component={ExpressTotakeListRoute} />
    <Route path="/proxyGet/:toTakeId/:token" component={ProxyGetRoute} />
    <Route path="/home/:token" component={HomeTabRoute} />
    <Route path="/safekeepFeeToPay/:expressId/:token" component={SafekeepFeeToPayRoute} />
    <Route path="/paySuccess/:token" component={PaySuccessRoute} />
    <Route path="/my/:token" component={MyRoute} />
    <Route path="/userInfo/:platform/:token" component={UserInfoRoute} />
    <Route path="/realnameEdit" component={RealnameEditRoute} />
    <Route path="/nicknameEdit" component={NicknameEditRoute} />
    <Route path="/sexEdit" component={SexEditRoute} />
    <Route path="/phoneEdit" component={PhoneEditRoute} />
    <Route path="/idCardNoEdit/:token" component={IdCardNoEditRoute} />
    <Route path="/studentCardEdit/:token" component={StudentCardEditRoute} />
    <Route path="/addUserInfo/:redirect/:token" component={AddUserInfoRoute} />
    <Route path="/authApply/:type/:redirect/:token" component={AuthApplyRoute} />
    <Route path="/authReview/:token" component={AuthReviewRoute} />
    <Route path="/paotuiApply/:token" component={PaotuiApplyRoute} />
    <Route path="/worksiteList" component={WorksiteListRoute} />
    <Route path="/worksiteEdit/:token" component={WorksiteEditRoute} />
    <Route path="/address/:token" component={AddressRoute} />
    <Route path="/error/:errorCode" component={ErrorRoute} />
    <Route path="/openInApp" component={OpenInAppRoute} />
    {comingSoon.map((page) => (
      <Route key={page.path} path={page.path}>
        <ComingSoonRoute key={page.path} path={page.path} title={page.title} tab={page.tab} />
      </Route>
    ))}
    <Route component={NotFoundRoute} />
  </Switch>
)
