/**
 * Every port (Effect service) a use case may use, one entry each: the port, when its adapter is made, and the
 * adapter — the live one, the local fake, or both and the setting that picks the live one (wiring.ts). A new
 * port is one entry here; `StationServices` is what this list provides.
 */
import { Effect } from "effect"
import { AddressStore, Regions } from "#src/address/address-store"
import { ItemStore } from "#src/circle/item-store"
import { DoorPickupSendOrders } from "#src/errand/door-pickup"
import { ErrandParties } from "#src/errand/errand-parties"
import { CreditStore, ErrandStore } from "#src/errand/errand-store"
import { TeamStore } from "#src/errand/team-store"
import { CirclePosts, Reactions, SocialStore } from "#src/circle/post-store"
import { ContentCleaner } from "#src/home/activity-content"
import { ActivityStore } from "#src/home/activity-store"
import { CirclePictures } from "#src/circle/picture-store"
import { FeedbackStore } from "#src/feedback/feedback-store"
import { NoticePreferences } from "#src/notice/notice-store"
import { ReturnReminders } from "#src/parcel/return-reminder"
import { ArticleCodes } from "#src/home/article-code"
import { ShortUrls } from "#src/home/short-url-store"
import { SubscribeGiftStore } from "#src/home/subscribe-gift-store"
import { Locker } from "#src/locker/locker"
import { Catalogue, ParcelStore, People, QrSigner } from "#src/parcel/parcel-store"
import { PayIn } from "#src/payment/pay-in"
import { TradeStore } from "#src/payment/trade-store"
import { ExpiredTrades } from "#src/payment/trade-retention"
import { QueuedMessages } from "#src/support/message-retention"
import { CaptchaCodes, CaptchaStore } from "#src/profile/captcha-store"
import { ProfileStore } from "#src/profile/profile-store"
import { Printer, WaybillRenderer } from "#src/sending/printer"
import { SendStore } from "#src/sending/send-store"
import { Clock, Events, Ids, OpsLog, Outbox } from "#src/shared/ports"
import { EmployeesByUnionid, EmployeeStore, LoginGuard, PasswordCipher, PasswordHasher, Sessions } from "#src/staff/staff-store"
import { Ocr } from "#src/upload/ocr"
import { ImageFiles, Uploads } from "#src/upload/upload-store"
import { ParcelHistory } from "#src/parcel/timeline"
import { MoneyHistory } from "#src/wallet/money-history"
import { Payouts, WalletStore } from "#src/wallet/wallet-store"
import { Worksites } from "#src/worksite/worksite-store"
import { DonationStore, SmsCreditStore } from "#src/support/support-store"
import { ReportKeys, StatisticsSettings, StatisticsStore } from "#src/statistics/statistics-store"
import { htmlCleaner } from "../content/html-cleaner"
import { fakeOcr, loggedOcr } from "../ocr/fake-ocr"
import { ocrChoice, providerOcr } from "../ocr/choose-ocr"
import { payIn } from "../payments/pay-in"
import { payouts } from "../payments/simulated-provider"
import { paysWithWechat, wechatPayIn } from "../payments/wechatpay"
import { activityStore } from "../postgres/stores/activity-store"
import { circlePictures } from "../postgres/stores/circle-picture-store"
import { feedbackStore } from "../postgres/stores/feedback-store"
import { noticePreferences, returnReminders } from "../postgres/stores/notice-store"
import { articleCodes } from "../security/article-codes"
import { shortUrls } from "../postgres/stores/short-url-store"
import { circleItemStore } from "../postgres/stores/circle-item-store"
import { circlePosts, circleReactions } from "../postgres/stores/circle-post-store"
import { circleSocialStore } from "../postgres/stores/circle-social-store"
import { subscribeGiftStore } from "../postgres/stores/subscribe-gift-store"
import { addressStore } from "../postgres/stores/address-store"
import { captchaStore } from "../postgres/stores/captcha-store"
import { creditStore } from "../postgres/stores/credit-store"
import { errandParties } from "../postgres/stores/errand-parties"
import { errandStore } from "../postgres/stores/errand-store"
import { catalogue, parcelStore, people } from "../postgres/stores/parcel-store"
import { profileStore } from "../postgres/stores/profile-store"
import { doorPickupSendOrders, sendStore } from "../postgres/stores/send-store"
import { opsLog, outbox, queuedMessages } from "../postgres/stores/shared-stores"
import { employeesByUnionid, employeeStore, loginGuard } from "../postgres/stores/staff-store"
import { teamStore } from "../postgres/stores/team-store"
import { expiredTrades, tradeStore } from "../postgres/stores/trade-store"
import { uploadStore } from "../postgres/stores/upload-store"
import { moneyHistory } from "../postgres/stores/money-history"
import { parcelHistory } from "../postgres/stores/parcel-history"
import { walletStore } from "../postgres/stores/wallet-store"
import { worksiteStore } from "../postgres/stores/worksite-store"
import { donationStore, smsCreditStore } from "../postgres/stores/support-store"
import { reportKeys, statisticsStore } from "../postgres/stores/statistics-store"
import { statisticsSettings } from "./statistics-settings"
import { renderWaybillPdf } from "../printer/pdf"
import { networkPrinter } from "../printer/network-printer"
import { regionIndex } from "../regions/china-division"
import { captchaCodes } from "../security/captcha-codes"
import { passwordCipher, passwordHasher } from "../security/passwords"
import { qrSigner } from "../security/qr-signer"
import { sessions } from "../security/sessions"
import { imageFiles } from "../uploads/image-files"
import { cachedEmployees } from "./caches"
import { perProcess, perRun, perTransaction, type ServicesOf } from "./wiring"

export const ports = [
  // keys, codecs and outside services, made once per runtime
  perProcess(QrSigner, ({ secrets }) => qrSigner(secrets.qrKey)),
  perProcess(CaptchaCodes, ({ secrets }) => captchaCodes(secrets.qrKey)),
  perProcess(PasswordCipher, ({ secrets }) => passwordCipher(secrets.rsaPrivateKey)),
  perProcess(PasswordHasher, () => passwordHasher),
  perProcess(Regions, () => Regions.of(regionIndex())),
  perProcess(ImageFiles, ({ uploadsDir }) => imageFiles(uploadsDir)),
  perProcess(WaybillRenderer, () => WaybillRenderer.of({ render: renderWaybillPdf })),
  perProcess(ContentCleaner, () => htmlCleaner),
  perProcess(StatisticsSettings, ({ env }) => statisticsSettings(env)),
  perProcess(Ocr, {
    live: ({ env }) => loggedOcr(providerOcr(env)),
    fake: () => loggedOcr(fakeOcr),
    liveWhen: (env) => ocrChoice(env) !== "fake"
  }),
  perProcess(Locker, { fake: ({ standIns }) => standIns.locker.port() }),
  perProcess(Printer, {
    live: ({ standIns }) => networkPrinter(standIns.printer),
    fake: ({ standIns }) => standIns.printer.port(),
    // `raw9100` is the setting's name from when raw TCP was the only way
    liveWhen: (env) => env.STATION_PRINTER === "network" || env.STATION_PRINTER === "raw9100"
  }),

  // bound to the transaction a run changes in, or to the pool it reads from
  perTransaction(Outbox, ({ db }) => outbox(db)),
  perTransaction(WalletStore, ({ db }) => walletStore(db)),
  perTransaction(MoneyHistory, ({ db }) => moneyHistory(db)),
  perTransaction(ParcelHistory, ({ db }) => parcelHistory(db)),
  perTransaction(ParcelStore, ({ db }) => parcelStore(db)),
  perTransaction(People, ({ db }) => people(db)),
  perTransaction(Catalogue, ({ db, caches }) => catalogue(db, caches.catalogue)),
  perTransaction(EmployeeStore, ({ db, caches }) => cachedEmployees(employeeStore(db), caches.employees)),
  perTransaction(LoginGuard, ({ db }) => loginGuard(db)),
  perTransaction(Sessions, ({ db }) => sessions(db)),
  perTransaction(ProfileStore, ({ db }) => profileStore(db)),
  perTransaction(CaptchaStore, ({ db }) => captchaStore(db)),
  perTransaction(Uploads, ({ db }) => uploadStore(db)),
  perTransaction(Worksites, ({ db }) => worksiteStore(db)),
  perTransaction(AddressStore, ({ db }) => addressStore(db)),
  perTransaction(EmployeesByUnionid, ({ db }) => employeesByUnionid(db)),
  perTransaction(TradeStore, ({ db }) => tradeStore(db)),
  perTransaction(ExpiredTrades, ({ db }) => expiredTrades(db)),
  perTransaction(QueuedMessages, ({ db }) => queuedMessages(db)),
  perTransaction(ErrandStore, ({ db }) => errandStore(db)),
  perTransaction(CreditStore, ({ db }) => creditStore(db)),
  perTransaction(ErrandParties, ({ db }) => errandParties(db)),
  perTransaction(TeamStore, ({ db }) => teamStore(db)),
  perTransaction(SendStore, ({ db }) => sendStore(db)),
  perTransaction(DoorPickupSendOrders, ({ db }) => doorPickupSendOrders(db)),
  perTransaction(ActivityStore, ({ db }) => activityStore(db)),
  perTransaction(SubscribeGiftStore, ({ db }) => subscribeGiftStore(db)),
  perTransaction(ShortUrls, ({ db }) => shortUrls(db)),
  perTransaction(CirclePictures, ({ db }) => circlePictures(db)),
  perTransaction(FeedbackStore, ({ db }) => feedbackStore(db)),
  perTransaction(NoticePreferences, ({ db }) => noticePreferences(db)),
  perTransaction(ReturnReminders, ({ db }) => returnReminders(db)),
  perTransaction(ArticleCodes, ({ db, secrets }) => articleCodes(db, secrets.qrKey)),
  perTransaction(SmsCreditStore, ({ db }) => smsCreditStore(db)),
  perTransaction(DonationStore, ({ db }) => donationStore(db)),
  perTransaction(ItemStore, ({ db }) => circleItemStore(db)),
  perTransaction(SocialStore, ({ db }) => circleSocialStore(db)),
  perTransaction(Reactions, ({ db }) => circleReactions(db)),
  perTransaction(CirclePosts, ({ db }) => circlePosts(db)),
  perTransaction(StatisticsStore, ({ db }) => statisticsStore(db)),
  perTransaction(ReportKeys, ({ db }) => reportKeys(db)),
  // the payment provider keeps its books apart; the port is bound per transaction to know whose request it is
  perTransaction(Payouts, { fake: ({ standIns, secrets, db }) => payouts(standIns.paymentProvider, secrets.paymentKey, db) }),
  perTransaction(PayIn, {
    live: ({ env, db }) => wechatPayIn(env, db),
    fake: ({ standIns, secrets, db }) => payIn(standIns.paymentProvider, secrets.paymentKey, standIns.messaging.appId, db),
    liveWhen: paysWithWechat
  }),

  // each run's own
  perRun(Clock, ({ now }) => Clock.of({ now: Effect.sync(now) })),
  perRun(Ids, ({ nextId }) => Ids.of({ next: Effect.sync(nextId) })),
  perRun(Events, ({ events }) => Events.of({ publish: (event) => Effect.sync(() => void events.push(event)) })),
  perRun(OpsLog, (scope) => opsLog(scope))
]

/** Every service a use case may use. */
export type StationServices = ServicesOf<typeof ports>
