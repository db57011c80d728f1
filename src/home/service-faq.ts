/**
 * Customer service (spec 002 §2, §9): the hotline's hours and the ten questions and answers. Every figure comes
 * from the rule that applies it (returns, safekeeping, friends picking up, the delivery cut-off, real-name for
 * sending, withdrawals, points, errand payment, who answers the phone), so the page never says other than the
 * server does. The cut-off and the door-service windows are the user's worksite's when known.
 */
import { cutoffMinutes, DEFAULT_NOON_WINDOW, DEFAULT_PM_WINDOW, hhmm, type CutoffWorksite, type Window } from "../errand/order-form"
import { PAYMENT_DEADLINE_MS } from "../errand/status-machine"
import { DEFAULT_SAFEKEEPING } from "../parcel/parcel"
import { RETURN_AFTER_MS } from "../parcel/returns"
import { tabTitles } from "../parcel/collect"
import { messages as verificationMessages, verificationBadge, AuthStatus } from "../profile/verification"
import { yuan } from "../shared/money"
import { PHONE_LENGTH } from "../shared/phone-number"
import { hours, minutes } from "../shared/time"
import { DEFAULT_POINTS_RATIO, POINTS_BLOCK } from "../wallet/points"
import { WITHDRAWAL_LIMITS, withdrawalFeeRate } from "../wallet/withdrawal"
import { PLATFORM_SERVICE_PHONE } from "../worksite/directory"

/** Spec 002 §9: the hotline answers 7 days a week, 12 hours a day. */
export const HOTLINE_HOURS = "7×12 小时"

export interface FaqItem {
  readonly question: string
  readonly answer: string
}

/** What the page knows of the user's worksite's errands (`GET /api/paotuiOrder/formInfo/{worksiteId}`). */
export interface FaqWorksite extends CutoffWorksite {
  readonly paotuiAble: boolean
  readonly noon: Window
  readonly pm: Window
}

const DAY_MS = hours(24)
const window = (w: Window) => `${w.begin}–${w.end}`

const cutoffAnswer = (site: FaqWorksite | undefined): string => {
  if (site && !site.paotuiAble) return "你所在的网点暂未开通送货上门服务，请到驿站自取。"
  const cutoff = site ? cutoffMinutes(site) : undefined
  const windows = site ? [site.noon, site.pm] : [DEFAULT_NOON_WINDOW, DEFAULT_PM_WINDOW]
  const when = cutoff === undefined ? "当天的下单截止时间由网点设定，可在送货上门下单页查看" : `你所在的网点每天${hhmm(cutoff)}截止当天的送货上门下单`
  return `${when}；截止后请预约第二天的服务。跑腿员在每天${windows.map(window).join("和")}送货上门。`
}

/** The ten questions, in the page's order; the first says parcels left too long go back to the courier. */
export const serviceFaq = (site?: FaqWorksite): ReadonlyArray<FaqItem> => {
  const returnDays = RETURN_AFTER_MS / DAY_MS
  const keep = DEFAULT_SAFEKEEPING
  const limits = WITHDRAWAL_LIMITS
  return [
    {
      question: `快递超过${returnDays}天没取会怎样？`,
      answer: `快递入库超过${returnDays}天仍未取件的，驿站可将其退回给快递员（退回寄件人），退回前可在「我的快递 → ${tabTitles.toreturn}」中查看。请尽早取件。`
    },
    {
      question: "快递放在驿站要收保管费吗？",
      answer: `入库后${keep.freeHours}小时内免费保管；超过后每保管一天（不足一天按一天计）收${yuan(keep.feePerDayFen)}元，最多收${yuan(keep.capFen)}元（各网点标准以网点公示为准）。有待付保管费时不显示取件码，在线付清后即可取件。`
    },
    {
      question: "可以请同学帮我取快递吗？",
      answer: `可以。在「我的 → 我的快递」的待取件中，点要代取的快递的「找人代取」，输入同学的${PHONE_LENGTH}位手机号找到对方后确认。同学会在自己的待取件中看到这件快递和专属取件码，凭码到驿站取件；同学可以拒绝代取，你也可以随时取消代取后自己取。`
    },
    { question: "送货上门每天几点截止下单？", answer: cutoffAnswer(site) },
    {
      question: "寄快递为什么要实名认证？",
      answer: `${verificationMessages.postalRule}。在「我的」中上传身份证照片提交实名认证，显示「${verificationBadge(AuthStatus.reviewing)}」或「${verificationBadge(AuthStatus.passed)}」后即可寄件；显示「${verificationBadge(AuthStatus.rejected)}」时请按提示重新提交。`
    },
    {
      question: "提现要手续费吗？",
      answer: `提现手续费为提现金额的${withdrawalFeeRate}（按分向上取整），从到账金额中扣除；申请时余额扣除全部提现金额，申请被驳回会全额退回余额。`
    },
    {
      question: "提现有金额和次数限制吗？",
      answer: `每次可提现${yuan(limits.minFen)}–${yuan(limits.maxFen)}元；每天最多提现${limits.perDayCount}次、合计不超过${yuan(limits.perDayFen)}元；每${limits.gapMs / minutes(1)}分钟只能提交一次申请。审核通过后转账到账。`
    },
    {
      question: "积分有什么用？",
      answer: `活跃积分可以在「我的 → 活跃积分」中兑换为钱包余额：每${POINTS_BLOCK}积分兑换${yuan(POINTS_BLOCK * DEFAULT_POINTS_RATIO)}元，按整${POINTS_BLOCK}积分兑换，不足${POINTS_BLOCK}的部分继续保留。`
    },
    {
      question: "跑腿订单多久内要付款？",
      answer: `下单后请在${PAYMENT_DEADLINE_MS / minutes(1)}分钟内完成支付，超时未付的订单会自动取消；到了要求送达时间仍无人接单的订单也会自动取消，并退还已付的跑腿费。`
    },
    {
      question: "客服电话什么时候有人接？",
      answer: `客服热线${HOTLINE_HOURS}在线：网点营业时间内由你所在的网点接听，其余时间由平台客服（${PLATFORM_SERVICE_PHONE}）接听。点击本页上方的电话即可拨打当前接听的号码。`
    }
  ]
}
