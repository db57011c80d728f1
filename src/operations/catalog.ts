/**
 * Every operation the station logs, by name: its input and outcome Schema (`src/shared/operation.ts`), defined next to
 * the use case that writes it. This is the one list: the log's writer refuses an operation it does not name or whose
 * input or outcome does not fit its Schemas, `station ops export` and `station replay` decode lines with it, and the
 * replay must say how to run each of its names (the compiler holds it to every one). A use case that changes state and
 * is not here has no operation: `test/integration/unlogged-writes.integration.test.ts` finds such writes.
 */
import { Schema } from "effect"
import type { OperationKind } from "../shared/operation"
import type { StationOperation } from "../shared/ports"
import { CancelAgentOperation, ChooseAgentOperation, OpenBoxOperation, RefuseAgentOperation, SelfSignOperation } from "../parcel/receiver"
import { RemindReturnOperation } from "../parcel/return-reminder"
import { MarkDueOperation, ReturnParcelOperation } from "../parcel/returns"
import { CheckInOperation, TakePartOperation } from "../parcel/use-cases"
import { SafekeepFeeOperation } from "../payment/safekeep-settlement"
import { FreightPaidOperation, FreightPrepayOperation } from "../sending/settlement"
import { BookSendingOperation, CloseSendingOperation, PrintWaybillOperation, SendOutOperation, SetFreightOperation, SetPrinterOperation } from "../sending/use-cases"
import {
  CancelErrandOperation, ConfirmErrandReceiptOperation, ConfirmErrandTakeawayOperation, ErrandCollectedOperation, ErrandDeliveredOperation,
  ErrandPaidOperation, ErrandPrepayOperation, ErrandTakeawayOperation, GrabErrandOperation, LeaderSignErrandOperation, PlaceErrandOperation,
  RateErrandOperation, ReleaseErrandOperation, TipPaidOperation, TipPrepayOperation, VoidErrandOperation
} from "../errand/errand-operations"
import { RemoveBuildingManagerOperation, SetBuildingManagerOperation, TransferErrandsOperation } from "../errand/errand-operations"
import { JobRunOperation } from "../shared/job-run"
import { BindStaffOperation } from "../staff/use-cases"
import {
  ApplyRunnerOperation, CancelVerificationOperation, ChangeWorksiteOperation, CompleteProfileOperation, ConfirmPhoneOperation, EditProfileOperation, FollowOperation, ReviewRunnerOperation, ReviewVerificationOperation, SignUpOperation, SubmitVerificationOperation, UnbindPhoneOperation, UnfollowOperation
} from "../profile/use-cases"
import { SetNoticeOperation } from "../notice/use-cases"
import { ChargeSmsOperation, SmsCreditOperation } from "../support/use-cases"
import { PruneMessagesOperation } from "../support/message-retention"
import { AnswerUserOperation, HandleSuggestionOperation, ReplySuggestionOperation, SubmitSuggestionOperation } from "../feedback/use-cases"
import { IssueArticleCodeOperation } from "../home/article-code"
import { ShortenOperation } from "../home/short-url"
import { ExchangeGiftOperation, GrantGiftOperation } from "../home/subscribe-gift-use-cases"
import { AddActivityOperation, EndActivityOperation } from "../home/use-cases"
import { AddItemOperation, EditItemOperation, ItemStatusOperation, ItemViewedOperation } from "../circle/market"
import { HidePostOperation, RestorePostOperation } from "../circle/moderation"
import { PurgePicturesOperation } from "../circle/picture-purge"
import { AskContactOperation, CallTeammateOperation, DeletePostOperation, ReactToPostOperation, ReportPostOperation } from "../circle/post-use-cases"
import { AddSocialPostOperation } from "../circle/social-use-cases"
import { CreateReportLinkOperation, RevokeReportLinkOperation, SetSiteAdminOperation, StoreDayOperation } from "../statistics/use-cases"
import { AddAddressOperation, DeleteAddressOperation } from "../address/use-cases"
import { UploadImageOperation } from "../upload/use-cases"
import { ApplyWithdrawalOperation, PayWithdrawalOperation, PointsToMoneyOperation, ReviewWithdrawalOperation } from "../wallet/wallet-operations"
import { ExpirePrepayOperation, RefundTradeOperation, TradePaidOperation, TradePrepayOperation } from "../payment/trade-operations"
import { PruneTradesOperation } from "../payment/trade-retention"

export const operations = {
  // parcel
  cancelAgent: CancelAgentOperation,
  chooseAgent: ChooseAgentOperation,
  openBox: OpenBoxOperation,
  refuseAgent: RefuseAgentOperation,
  selfSign: SelfSignOperation,
  remindReturn: RemindReturnOperation,
  markDue: MarkDueOperation,
  returnParcel: ReturnParcelOperation,
  checkIn: CheckInOperation,
  takePart: TakePartOperation,
  // payment
  safekeepFee: SafekeepFeeOperation,
  tradePrepay: TradePrepayOperation,
  tradePaid: TradePaidOperation,
  refundTrade: RefundTradeOperation,
  expirePrepay: ExpirePrepayOperation,
  pruneTrades: PruneTradesOperation,
  // sending
  freightPaid: FreightPaidOperation,
  freightPrepay: FreightPrepayOperation,
  bookSending: BookSendingOperation,
  closeSending: CloseSendingOperation,
  printWaybill: PrintWaybillOperation,
  sendOut: SendOutOperation,
  setFreight: SetFreightOperation,
  setPrinter: SetPrinterOperation,
  // errand
  cancelErrand: CancelErrandOperation,
  confirmErrandReceipt: ConfirmErrandReceiptOperation,
  confirmErrandTakeaway: ConfirmErrandTakeawayOperation,
  errandCollected: ErrandCollectedOperation,
  errandDelivered: ErrandDeliveredOperation,
  errandPaid: ErrandPaidOperation,
  errandPrepay: ErrandPrepayOperation,
  errandTakeaway: ErrandTakeawayOperation,
  grabErrand: GrabErrandOperation,
  leaderSignErrand: LeaderSignErrandOperation,
  placeErrand: PlaceErrandOperation,
  rateErrand: RateErrandOperation,
  releaseErrand: ReleaseErrandOperation,
  tipPaid: TipPaidOperation,
  tipPrepay: TipPrepayOperation,
  voidErrand: VoidErrandOperation,
  transferErrands: TransferErrandsOperation,
  setBuildingManager: SetBuildingManagerOperation,
  removeBuildingManager: RemoveBuildingManagerOperation,
  // staff
  bindStaff: BindStaffOperation,
  // profile
  cancelVerification: CancelVerificationOperation,
  reviewVerification: ReviewVerificationOperation,
  submitVerification: SubmitVerificationOperation,
  editProfile: EditProfileOperation,
  changeWorksite: ChangeWorksiteOperation,
  confirmPhone: ConfirmPhoneOperation,
  unbindPhone: UnbindPhoneOperation,
  completeProfile: CompleteProfileOperation,
  applyRunner: ApplyRunnerOperation,
  reviewRunner: ReviewRunnerOperation,
  signUp: SignUpOperation,
  follow: FollowOperation,
  unfollow: UnfollowOperation,
  // notice
  setNotice: SetNoticeOperation,
  // support
  smsCredit: SmsCreditOperation,
  chargeSms: ChargeSmsOperation,
  pruneMessages: PruneMessagesOperation,
  // feedback
  answerUser: AnswerUserOperation,
  handleSuggestion: HandleSuggestionOperation,
  replySuggestion: ReplySuggestionOperation,
  submitSuggestion: SubmitSuggestionOperation,
  // home
  issueArticleCode: IssueArticleCodeOperation,
  shortenUrl: ShortenOperation,
  exchangeGift: ExchangeGiftOperation,
  grantGift: GrantGiftOperation,
  addActivity: AddActivityOperation,
  endActivity: EndActivityOperation,
  // circle
  addCircleItem: AddItemOperation,
  circleItemStatus: ItemStatusOperation,
  circleItemViewed: ItemViewedOperation,
  editCircleItem: EditItemOperation,
  hidePost: HidePostOperation,
  restorePost: RestorePostOperation,
  purgeCirclePictures: PurgePicturesOperation,
  askContact: AskContactOperation,
  callTeammate: CallTeammateOperation,
  deletePost: DeletePostOperation,
  reactToPost: ReactToPostOperation,
  reportPost: ReportPostOperation,
  addSocialPost: AddSocialPostOperation,
  // statistics
  createReportLink: CreateReportLinkOperation,
  revokeReportLink: RevokeReportLinkOperation,
  setSiteAdmin: SetSiteAdminOperation,
  storeDailyStatistics: StoreDayOperation,
  // address
  addAddress: AddAddressOperation,
  deleteAddress: DeleteAddressOperation,
  // the scheduler
  jobRun: JobRunOperation,
  // upload
  uploadImage: UploadImageOperation,
  // wallet
  applyWithdrawal: ApplyWithdrawalOperation,
  reviewWithdrawal: ReviewWithdrawalOperation,
  payWithdrawal: PayWithdrawalOperation,
  pointsToMoney: PointsToMoneyOperation
} as const

/** The name of a logged operation. */
export type OperationName = keyof typeof operations

/** Every name, in the catalog's order. */
export const operationNames = Object.keys(operations) as ReadonlyArray<OperationName>

// each kind is filed under its own name (the compiler refuses `checkIn: TakePartOperation`)
const filedUnderItsName: { readonly [K in OperationName]: OperationKind<K, any, any> } = operations
void filedUnderItsName

export const isOperationName = (name: string): name is OperationName => Object.hasOwn(operations, name)

/**
 * Why an operation cannot be logged, or undefined when it can: a name the catalog does not hold, or an input or outcome
 * that, once written as JSON, does not fit its kind's Schemas (what `station replay` would refuse as a bad line).
 */
export const misfit = (operation: StationOperation): string | undefined => {
  if (!isOperationName(operation.op)) return `unknown operation ${JSON.stringify(operation.op)}`
  const kind: OperationKind<string, unknown, unknown> = operations[operation.op]
  const asLogged = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)))
  if (!Schema.is(kind.input)(asLogged(operation.input))) return `${operation.op}: the input does not fit its Schema`
  if (!Schema.is(kind.outcome)(asLogged(operation.outcome))) return `${operation.op}: the outcome does not fit its Schema`
  return undefined
}
