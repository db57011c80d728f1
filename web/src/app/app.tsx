/** The route table of the station web app. */
import { lazy, Suspense, type ComponentType } from "react"
import { Route, Switch } from "wouter"

/** A route's page, loaded when it is first shown (each route its own chunk, so the first load carries only the shell). */
const lazyRoute = <K extends string>(load: () => Promise<{ readonly [P in K]: ComponentType<any> }>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })))

const AddUserInfoRoute = lazyRoute(() => import("./routes/add-user-info"), "AddUserInfoRoute")
const AddressRoute = lazyRoute(() => import("./routes/address"), "AddressRoute")
const AuthApplyRoute = lazyRoute(() => import("./routes/auth-apply"), "AuthApplyRoute")
const AuthReviewRoute = lazyRoute(() => import("./routes/auth-review"), "AuthReviewRoute")
const BindRoute = lazyRoute(() => import("./routes/bind"), "BindRoute")
const ErrorRoute = lazyRoute(() => import("./routes/error"), "ErrorRoute")
const ExpressQrcodeRoute = lazyRoute(() => import("./routes/express-qrcode"), "ExpressQrcodeRoute")
const ExpressTotakeListRoute = lazyRoute(() => import("./routes/express-totake-list"), "ExpressTotakeListRoute")
const ExpressTimelineRoute = lazyRoute(() => import("./routes/express-timeline"), "ExpressTimelineRoute")
const HomeRoute = lazyRoute(() => import("./routes/home"), "HomeRoute")
const HomeTabRoute = lazyRoute(() => import("./routes/home-tab"), "HomeTabRoute")
const LoginRoute = lazyRoute(() => import("./routes/login"), "LoginRoute")
const MoneyDetailRoute = lazyRoute(() => import("./routes/money-detail"), "MoneyDetailRoute")
const MyRoute = lazyRoute(() => import("./routes/my"), "MyRoute")
const NotFoundRoute = lazyRoute(() => import("./routes/not-found"), "NotFoundRoute")
const OpenInAppRoute = lazyRoute(() => import("./routes/open-in-app"), "OpenInAppRoute")
const PaotuiApplyRoute = lazyRoute(() => import("./routes/paotui-apply"), "PaotuiApplyRoute")
const PaySuccessRoute = lazyRoute(() => import("./routes/pay-success"), "PaySuccessRoute")
const ProxyGetRoute = lazyRoute(() => import("./routes/proxy-get"), "ProxyGetRoute")
const ReturnRoute = lazyRoute(() => import("./routes/return"), "ReturnRoute")
const SafekeepFeeToPayRoute = lazyRoute(() => import("./routes/safekeep-fee-to-pay"), "SafekeepFeeToPayRoute")
const IdCardNoEditRoute = lazyRoute(() => import("./routes/profile-edit"), "IdCardNoEditRoute")
const NicknameEditRoute = lazyRoute(() => import("./routes/profile-edit"), "NicknameEditRoute")
const PhoneEditRoute = lazyRoute(() => import("./routes/profile-edit"), "PhoneEditRoute")
const RealnameEditRoute = lazyRoute(() => import("./routes/profile-edit"), "RealnameEditRoute")
const SexEditRoute = lazyRoute(() => import("./routes/profile-edit"), "SexEditRoute")
const StudentCardEditRoute = lazyRoute(() => import("./routes/profile-edit"), "StudentCardEditRoute")
const ScoreToMoneyRoute = lazyRoute(() => import("./routes/score-to-money"), "ScoreToMoneyRoute")
const TakecashRoute = lazyRoute(() => import("./routes/takecash"), "TakecashRoute")
const TakecashListRoute = lazyRoute(() => import("./routes/takecash-list"), "TakecashListRoute")
const TakepartRoute = lazyRoute(() => import("./routes/takepart"), "TakepartRoute")
const UserInfoRoute = lazyRoute(() => import("./routes/user-info"), "UserInfoRoute")
const WarehousingRoute = lazyRoute(() => import("./routes/warehousing"), "WarehousingRoute")
const WorksiteEditRoute = lazyRoute(() => import("./routes/worksite-list"), "WorksiteEditRoute")
const WorksiteListRoute = lazyRoute(() => import("./routes/worksite-list"), "WorksiteListRoute")
const DoorServiceRoute = lazyRoute(() => import("./routes/door-service"), "DoorServiceRoute")
const OrderSuccessRoute = lazyRoute(() => import("./routes/order-success"), "OrderSuccessRoute")
const RobbingRoute = lazyRoute(() => import("./routes/robbing"), "RobbingRoute")
const RobbingListRoute = lazyRoute(() => import("./routes/robbing-list"), "RobbingListRoute")
const RobbingListCompleteOrCancelRoute = lazyRoute(() => import("./routes/robbing-list-complete-or-cancel"), "RobbingListCompleteOrCancelRoute")
const CancelPaotuiAcceptRoute = lazyRoute(() => import("./routes/cancel-paotui-accept"), "CancelPaotuiAcceptRoute")
const PaotuiLeaderSignRoute = lazyRoute(() => import("./routes/paotui-leader-sign"), "PaotuiLeaderSignRoute")
const CommentRoute = lazyRoute(() => import("./routes/comment"), "CommentRoute")
const PaotuiDetailRoute = lazyRoute(() => import("./routes/paotui-detail"), "PaotuiDetailRoute")
const CreditscoreDetailRoute = lazyRoute(() => import("./routes/creditscore-detail"), "CreditscoreDetailRoute")
const SetBuildingManagerRoute = lazyRoute(() => import("./routes/set-building-manager"), "SetBuildingManagerRoute")
const PaotuiStatusInfoRoute = lazyRoute(() => import("./routes/paotui-status-info"), "PaotuiStatusInfoRoute")
const PaotuiQrcodeRoute = lazyRoute(() => import("./routes/paotui-qrcode"), "PaotuiQrcodeRoute")
const PaotuiOrderForDownloadRoute = lazyRoute(() => import("./routes/paotui-order-for-download"), "PaotuiOrderForDownloadRoute")
const PaotuiAgreementRoute = lazyRoute(() => import("./routes/paotui-agreement"), "PaotuiAgreementRoute")
const PaotuiFeeTipsRoute = lazyRoute(() => import("./routes/paotui-fee-tips"), "PaotuiFeeTipsRoute")
const PaotuiMakeMoneyRoute = lazyRoute(() => import("./routes/paotui-make-money"), "PaotuiMakeMoneyRoute")
const ExpressTotakeinRoute = lazyRoute(() => import("./routes/express-totakein"), "ExpressTotakeinRoute")
const ExpressSendListRoute = lazyRoute(() => import("./routes/express-send-list"), "ExpressSendListRoute")
const ExpressSendDetailRoute = lazyRoute(() => import("./routes/express-send-detail"), "ExpressSendDetailRoute")
const PrintSurfaceRoute = lazyRoute(() => import("./routes/print-surface"), "PrintSurfaceRoute")
const ToTakeinOutScanRoute = lazyRoute(() => import("./routes/to-takein-out-scan"), "ToTakeinOutScanRoute")
const ActiveRoute = lazyRoute(() => import("./routes/active"), "ActiveRoute")
const SubscribeActiveRoute = lazyRoute(() => import("./routes/subscribe-active"), "SubscribeActiveRoute")
const ServiceHelpRoute = lazyRoute(() => import("./routes/service-help"), "ServiceHelpRoute")
const HelpRoute = lazyRoute(() => import("./routes/tips"), "HelpRoute")
const QujianTipsRoute = lazyRoute(() => import("./routes/tips"), "QujianTipsRoute")
const JijianTipsRoute = lazyRoute(() => import("./routes/tips"), "JijianTipsRoute")
const PaotuiTipsRoute = lazyRoute(() => import("./routes/tips"), "PaotuiTipsRoute")
const YunfeiRoute = lazyRoute(() => import("./routes/tips"), "YunfeiRoute")
const IntroductionRoute = lazyRoute(() => import("./routes/tips"), "IntroductionRoute")
const QrcodeRoute = lazyRoute(() => import("./routes/tips"), "QrcodeRoute")
const DepositRoute = lazyRoute(() => import("./routes/deposit"), "DepositRoute")
const DonateRoute = lazyRoute(() => import("./routes/donate"), "DonateRoute")
const CircleDiscoveryRoute = lazyRoute(() => import("./routes/circle-discovery"), "CircleDiscoveryRoute")
const MyCircleRoute = lazyRoute(() => import("./routes/my-circle"), "MyCircleRoute")
const CircleTypeRoute = lazyRoute(() => import("./routes/circle-type"), "CircleTypeRoute")
const CircleEditRoute = lazyRoute(() => import("./routes/circle-edit"), "CircleEditRoute")
const CircleDetailRoute = lazyRoute(() => import("./routes/circle-detail"), "CircleDetailRoute")
const CircleShareListRoute = lazyRoute(() => import("./routes/circle-share-list"), "CircleShareListRoute")
const CircleMaiListRoute = lazyRoute(() => import("./routes/circle-social"), "CircleMaiListRoute")
const CircleBBListRoute = lazyRoute(() => import("./routes/circle-social"), "CircleBBListRoute")
const CircleJiyuListRoute = lazyRoute(() => import("./routes/circle-social"), "CircleJiyuListRoute")
const CircleSfEditRoute = lazyRoute(() => import("./routes/circle-social"), "CircleSfEditRoute")
const CircleBBEditRoute = lazyRoute(() => import("./routes/circle-social"), "CircleBBEditRoute")
const CircleJyEditRoute = lazyRoute(() => import("./routes/circle-social"), "CircleJyEditRoute")
const SuggestionRoute = lazyRoute(() => import("./routes/suggestion"), "SuggestionRoute")
const SuggestionSuccessRoute = lazyRoute(() => import("./routes/suggestion"), "SuggestionSuccessRoute")
const SuggestionDetailRoute = lazyRoute(() => import("./routes/suggestion"), "SuggestionDetailRoute")
const SuggestionReviewRoute = lazyRoute(() => import("./routes/suggestion"), "SuggestionReviewRoute")
const AnswerRoute = lazyRoute(() => import("./routes/answer"), "AnswerRoute")
const TongjiRoute = lazyRoute(() => import("./routes/statistics"), "TongjiRoute")
const StatisticsDetailRoute = lazyRoute(() => import("./routes/statistics"), "StatisticsDetailRoute")
const DailyStaticRoute = lazyRoute(() => import("./routes/statistics"), "DailyStaticRoute")

export const App = () => (
  <Suspense fallback={null}>
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
      <Route path="/expressTimeline/:expressId/:token" component={ExpressTimelineRoute} />
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
      <Route path="/doorService/:toTakeId/:token" component={DoorServiceRoute} />
      <Route path="/orderSuccess/:paotuiId/:token" component={OrderSuccessRoute} />
      <Route path="/robbing/:token" component={RobbingRoute} />
      <Route path="/robbingList/:type/:status/:token" component={RobbingListRoute} />
      <Route path="/robbingListCompleteOrCancel/:type/:status/:token" component={RobbingListCompleteOrCancelRoute} />
      <Route path="/cancelPaotuiAccept/:orderNo/:paotuiType/:token" component={CancelPaotuiAcceptRoute} />
      <Route path="/paotuiLeaderSign/:paotuiId/:token" component={PaotuiLeaderSignRoute} />
      <Route path="/comment/:id/:acceptOpenid/:paotuiName/:paotuiTime/:token" component={CommentRoute} />
      <Route path="/paotuiDetail/:id/:token" component={PaotuiDetailRoute} />
      <Route path="/creditscoreDetail/:token" component={CreditscoreDetailRoute} />
      <Route path="/setBuildingManager/:token" component={SetBuildingManagerRoute} />
      <Route path="/paotuiStatusInfo/:token" component={PaotuiStatusInfoRoute} />
      <Route path="/paotuiQrcode/:token" component={PaotuiQrcodeRoute} />
      <Route path="/paotuiOrderForDownload/:token" component={PaotuiOrderForDownloadRoute} />
      <Route path="/paotuiAgreement" component={PaotuiAgreementRoute} />
      <Route path="/paotuiFeeTips" component={PaotuiFeeTipsRoute} />
      <Route path="/paotuiMakeMoney" component={PaotuiMakeMoneyRoute} />
      <Route path="/expressTotakein/:token" component={ExpressTotakeinRoute} />
      <Route path="/expressSendList/:status/:token" component={ExpressSendListRoute} />
      <Route path="/expressSendDetail/:id/:token" component={ExpressSendDetailRoute} />
      <Route path="/printSurface/:token" component={PrintSurfaceRoute} />
      <Route path="/toTakeinOutScan/:token" component={ToTakeinOutScanRoute} />
      <Route path="/active/:id/:token" component={ActiveRoute} />
      <Route path="/subscribeActive/:token" component={SubscribeActiveRoute} />
      <Route path="/serviceHelp/:token" component={ServiceHelpRoute} />
      <Route path="/help" component={HelpRoute} />
      <Route path="/qujianTips" component={QujianTipsRoute} />
      <Route path="/jijianTips" component={JijianTipsRoute} />
      <Route path="/paotuiTips" component={PaotuiTipsRoute} />
      <Route path="/yunfei" component={YunfeiRoute} />
      <Route path="/introduction" component={IntroductionRoute} />
      <Route path="/qrcode" component={QrcodeRoute} />
      <Route path="/deposit/:token" component={DepositRoute} />
      <Route path="/donate/:token" component={DonateRoute} />
      <Route path="/circleDiscovery/:token" component={CircleDiscoveryRoute} />
      <Route path="/myCircle/:token" component={MyCircleRoute} />
      <Route path="/circleType/:bizType/:token" component={CircleTypeRoute} />
      <Route path="/circleEdit/:bizType/:goodsType/:id/:token" component={CircleEditRoute} />
      <Route path="/circleDetail/:id/:param" component={CircleDetailRoute} />
      <Route path="/circleMaiList/:token" component={CircleMaiListRoute} />
      <Route path="/circleSfEdit/:token" component={CircleSfEditRoute} />
      <Route path="/circleBBEdit/:token" component={CircleBBEditRoute} />
      <Route path="/circleJyEdit/:token" component={CircleJyEditRoute} />
      <Route path="/circleBBList/:token" component={CircleBBListRoute} />
      <Route path="/circleJiyuList/:token" component={CircleJiyuListRoute} />
      <Route path="/circleShareList/:token" component={CircleShareListRoute} />
      <Route path="/suggestion/:token" component={SuggestionRoute} />
      <Route path="/suggestionSuccess/:id/:token" component={SuggestionSuccessRoute} />
      <Route path="/suggestionDetail/:id/:token" component={SuggestionDetailRoute} />
      <Route path="/suggestionReview/:token" component={SuggestionReviewRoute} />
      <Route path="/answer/:toOpenid/:token" component={AnswerRoute} />
      <Route path="/tongji/:token" component={TongjiRoute} />
      <Route path="/statisticsDetail/:id/:token" component={StatisticsDetailRoute} />
      <Route path="/dailyStatic/:date" component={DailyStaticRoute} />
      <Route component={NotFoundRoute} />
    </Switch>
  </Suspense>
)
