/**
 * What the circle's pages decide before they call or show (spec 002 §2, §3, §5, §8): who opened a shared detail,
 * the circle's own image message, how a price, a quantity and a post's status read, and the confession's success
 * words. The server never needs these; the pages read them here so no page restates a rule.
 */
import { RuleViolation } from "../shared/errors"
import { yuan } from "../shared/money"
import { chosenImageRefusal, messages as uploadMessages } from "../upload/image-upload"
import { BizType, FeeType, ReactionType, Sex, Show, type BizType as BizTypeCode } from "./codes"
import { FREE } from "./money"
import { OPERATION_FAILED, PostStatus, REPORT_FAILED } from "./status-machine"
import { DETAIL_FAILED } from "./viewer"

/** §2, §9: a `/circleDetail/{id}/{param}` param longer than this is a session token; one this long or shorter, a visitor's openid. */
export const TOKEN_PARAM_THRESHOLD = 32

/** Whether a detail's route param is a session token (a follower); otherwise it names a visitor, never adopted as the session. */
export const isSessionParam = (param: string): boolean => param.length > TOKEN_PARAM_THRESHOLD

export const circleImageMessages = {
  /** §5: the circle's uploads name the accepted types. */
  format: "请上传正确格式的图片（jpg/png/gif）",
  tooLarge: uploadMessages.tooLarge,
  onlyOne: uploadMessages.onlyOne
} as const

/** The page's check on a picked image (type by its name, then ≤ 4 MB), in the circle's words. */
export const circleImageRefusal = (file: { readonly name: string; readonly size: number }): RuleViolation | undefined => {
  const refused = chosenImageRefusal(file)
  return refused?.message === uploadMessages.format ? new RuleViolation({ message: circleImageMessages.format }) : refused
}

export const feeTypeName: Record<FeeType, string> = { [FeeType.friendly]: "友情价", [FeeType.free]: "免费/面议" }
/** The reaction buttons: 赞, 踩, 呼TA, 送花. */
export const reactionName: Record<ReactionType, string> = {
  [ReactionType.like]: "赞", [ReactionType.dislike]: "踩", [ReactionType.call]: "呼TA", [ReactionType.flower]: "送花"
}

export const sexName = (sex: number): string => (sex === Sex.male ? "男" : sex === Sex.female ? "女" : "")

export const showName: Record<Show, string> = { [Show.phone]: "手机号", [Show.wxNo]: "微信号" }

/** The kinds where the poster is the one who wants something: a price of −1 reads as negotiable, not free. */
const WANTS: ReadonlyArray<BizTypeCode> = [BizType.wantToBuy, BizType.wantToRent, BizType.wantToBorrow]

/** An item's price as a card shows it: `¥12.50`, or 免费 / 面议 (feeType 2, price −1). Prices arrive in yuan. */
export const priceText = (item: { readonly bizType: number; readonly feeType: number; readonly price: number }): string =>
  item.feeType === FeeType.free || item.price === FREE
    ? ((WANTS as ReadonlyArray<number>).includes(item.bizType) ? "面议" : "免费")
    : `¥${yuan(Math.round(item.price * 100))}`

/** An original price (yuan) as a struck-through note, or nothing when none was given. */
export const costText = (cost: number | null): string | undefined => (cost === null || cost < 0 ? undefined : `¥${yuan(Math.round(cost * 100))}`)

/** A quantity: −1 is no limit. */
export const quantityText = (sum: number): string => (sum === -1 ? "不限" : String(sum))

/** How the owner's list names a post's status. */
export const postStatusName = (status: number): string =>
  status === PostStatus.listed ? "已上架" : status === PostStatus.delisted ? "已下架" : status === PostStatus.hidden ? "已屏蔽" : "已删除"

/** §4: the confirm dialog before listing (1) or delisting (0). */
export const statusQuestion = (to: number): string => (to === PostStatus.listed ? "确认上架？" : "确认下架？")

/** §2: the confession's success words, by TA's sex. */
export const confessionSuccess = (sex: number): string => (sex === Sex.female ? "成功向你的女神表白" : "成功向你的男神表白")

/** §8: what the pages show when a call failed without the server's own words. */
export const circleFailures = {
  list: "获取圈子列表出错",
  detail: DETAIL_FAILED,
  submit: "提交失败",
  operation: OPERATION_FAILED,
  confession: "表白失败",
  message: "留言失败",
  contact: "获取联系方式失败，请联系平台客服",
  report: REPORT_FAILED
} as const

/** §8: the toasts of a request that went through. */
export const circleDone = {
  operation: "操作成功",
  reported: "已提交",
  /** The contact and a teammate's chat account are sent as a message of the official account, never shown. */
  contactSent: "联系方式已通过公众号消息发送给您",
  called: "已呼TA，微信号已通过公众号发给您"
} as const

/** §9: how long the list's error tip stays at the top, and the pause before each page is fetched. */
export const LIST_ERROR_TIP_MS = 1500
export const LIST_FETCH_DELAY_MS = 500
/** §9: pictures shown on a card. */
export const CARD_PICS = 3
