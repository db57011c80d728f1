/**
 * The circle's four post forms (spec 002 §5, §9): the market item, sell-a-teammate, the confession and the message,
 * each one check that answers its first problem in the spec's order with the spec's words, run by the page before
 * sending and by the server again. After the spec's checks come §9's length limits, which the page's input limits
 * keep from being reached. Text is read trimmed and counted in characters (an emoji is one).
 */
import { firstRefusal, type RuleViolation } from "../shared/errors"
import { textLength } from "../shared/text"
import { BizType, FeeType, GoodsType, Show, isChosenSex, isConditionLevel, isGoodsType, isGrade, isRentOrBorrow } from "./codes"
import { parseAmount } from "./money"

export const CircleLimits = {
  title: 32,
  remark: 100,
  demand: 20,
  phone: 11,
  wxNo: 20,
  nickname: 10,
  motto: 100,
  tag: 8,
  word: 200,
  /** The fewest characters of a motto, a declaration or a message. */
  minWord: 2,
  minTags: 2,
  pics: 9
} as const

export const circleMessages = {
  major: "请选择适用的院系",
  grade: "请选择适用的年级",
  bookToBuy: "请输入想买的书籍",
  bookToSell: "请输入出售的书籍",
  category: "请选择物品类别",
  goodsTitle: "请输入物品名称",
  quantityToBuy: "请输入想买的数量",
  quantity: "请输入数量",
  bookCondition: "请选择书籍成色",
  goodsCondition: "请选择物品成色",
  onePicture: "请至少上传一张图片",
  priceAndCost: "请输入售价和原价",
  cost: "原价必须>=0",
  rentTitle: "请输入想租的物品",
  price: "友情价必填且>=0",
  contact: "请输入您的手机号码或微信号",
  phone: "请输入正确手机号码",
  skill: "请输入您的技能",
  wxNo: "请输入微信账号",
  nickname: "TA的昵称不能为空",
  sex: "请选择TA的性别",
  motto: `座右铭长度不能小于${CircleLimits.minWord}`,
  tags: `请至少添加${CircleLimits.minTags}个标签`,
  tag: "请输入标签",
  tagTooLong: `标签不能超过${CircleLimits.tag}个字`,
  tagExists: "该标签已存在",
  header: "请上传TA的头像",
  declaration: `表白宣言长度不能小于${CircleLimits.minWord}`,
  message: `留言长度不能小于${CircleLimits.minWord}`,
  tooManyPictures: `最多只能上传${CircleLimits.pics}张图片`,
  titleTooLong: `标题不能超过${CircleLimits.title}个字`,
  remarkTooLong: `备注不能超过${CircleLimits.remark}个字`,
  demandTooLong: `要求不能超过${CircleLimits.demand}个字`,
  wxNoTooLong: `微信账号不能超过${CircleLimits.wxNo}个字`,
  nicknameTooLong: `TA的昵称不能超过${CircleLimits.nickname}个字`,
  mottoTooLong: `座右铭不能超过${CircleLimits.motto}个字`,
  declarationTooLong: `表白宣言不能超过${CircleLimits.word}个字`,
  messageTooLong: `留言不能超过${CircleLimits.word}个字`
} as const

type Typed = string | null | undefined

const filled = (text: Typed): boolean => textLength(text) > 0
const atMost = (text: Typed, max: number): boolean => textLength(text) <= max
const isPhone = (text: Typed): boolean => /^\d{11}$/.test((text ?? "").trim())

/**
 * The quantity as typed: a whole number from 1, or −1 for no limit (spec §3); up to 9 digits, so it fits the item's
 * integer column (the field's 18-character limit allows more, which no one has of a second-hand thing).
 */
export const quantityOf = (typed: Typed): number | undefined => {
  const text = (typed ?? "").trim()
  return text === "-1" ? -1 : /^[1-9]\d{0,8}$/.test(text) ? Number(text) : undefined
}

/** A market item as typed on `/circleEdit/{bizType}/{goodsType}/{id}`, before it is stored. */
export interface MarketForm {
  readonly bizType: BizType
  /** The form's category code (`GoodsType`); none for a skill. */
  readonly goodsType?: number | null | undefined
  /** A book's department (from the worksite's majors) and grade (`GRADES`). */
  readonly major?: Typed
  readonly class?: number | null | undefined
  readonly title?: Typed
  readonly sum?: Typed
  /** Condition of an item for sale (`CONDITION_LEVELS`). */
  readonly level?: number | null | undefined
  readonly pics?: ReadonlyArray<unknown> | undefined
  readonly feeType: FeeType
  readonly price?: Typed
  readonly cost?: Typed
  readonly phone?: Typed
  readonly wxNo?: Typed
  /** How a skill's author is reached. */
  readonly show: Show
  readonly remark?: Typed
  readonly demand?: Typed
}

/** Whether the form is the book form: a book bought or sold (renting one is an ordinary category). */
export const isBookForm = (form: Pick<MarketForm, "bizType" | "goodsType">): boolean =>
  form.goodsType === GoodsType.books && (form.bizType === BizType.wantToBuy || form.bizType === BizType.sell)

type Check = readonly [ok: boolean, message: string]

const buyOrSellChecks = (form: MarketForm): ReadonlyArray<Check> => {
  const buy = form.bizType === BizType.wantToBuy
  const quantity: Check = [quantityOf(form.sum) !== undefined, buy ? circleMessages.quantityToBuy : circleMessages.quantity]
  return isBookForm(form)
    ? [
      [filled(form.major), circleMessages.major],
      [isGrade(form.class), circleMessages.grade],
      [filled(form.title), buy ? circleMessages.bookToBuy : circleMessages.bookToSell],
      quantity
    ]
    : [[isGoodsType(form.goodsType), circleMessages.category], [filled(form.title), circleMessages.goodsTitle], quantity]
}

const sellChecks = (form: MarketForm): ReadonlyArray<Check> => [
  [isConditionLevel(form.level), isBookForm(form) ? circleMessages.bookCondition : circleMessages.goodsCondition],
  [(form.pics?.length ?? 0) >= 1, circleMessages.onePicture],
  [form.feeType !== FeeType.friendly || (filled(form.price) && filled(form.cost)), circleMessages.priceAndCost],
  [!filled(form.cost) || parseAmount(form.cost) !== undefined, circleMessages.cost]
]

const rentChecks = (form: MarketForm): ReadonlyArray<Check> => [
  [isGoodsType(form.goodsType), circleMessages.category],
  [filled(form.title), circleMessages.rentTitle],
  [quantityOf(form.sum) !== undefined, circleMessages.quantity]
]

const skillChecks = (form: MarketForm): ReadonlyArray<Check> => [
  [filled(form.title), circleMessages.skill],
  [form.show !== Show.phone || isPhone(form.phone), circleMessages.phone],
  [form.show !== Show.wxNo || filled(form.wxNo), circleMessages.wxNo]
]

/** The first problem of a market item (spec §5 "Circle form", in its order), or undefined when it may be posted. */
export const marketFormRefusal = (form: MarketForm): RuleViolation | undefined =>
  firstRefusal([
    ...(form.bizType === BizType.wantToBuy || form.bizType === BizType.sell ? buyOrSellChecks(form) : []),
    ...(form.bizType === BizType.sell ? sellChecks(form) : []),
    ...(isRentOrBorrow(form.bizType) ? rentChecks(form) : []),
    [form.feeType !== FeeType.friendly || parseAmount(form.price) !== undefined, circleMessages.price],
    [filled(form.phone) || filled(form.wxNo), circleMessages.contact],
    [!filled(form.phone) || isPhone(form.phone), circleMessages.phone],
    ...(form.bizType === BizType.skill ? skillChecks(form) : []),
    [(form.pics?.length ?? 0) <= CircleLimits.pics, circleMessages.tooManyPictures],
    [atMost(form.title, CircleLimits.title), circleMessages.titleTooLong],
    [atMost(form.remark, CircleLimits.remark), circleMessages.remarkTooLong],
    [atMost(form.demand, CircleLimits.demand), circleMessages.demandTooLong],
    [atMost(form.wxNo, CircleLimits.wxNo), circleMessages.wxNoTooLong]
  ])

/** A post's tags as kept: trimmed, blanks dropped. */
export const tagsOf = (flags: ReadonlyArray<string> | undefined): ReadonlyArray<string> => (flags ?? []).map((f) => f.trim()).filter((f) => f !== "")

/** The add-tag action of the sell-a-teammate form: the new tag's problem, or undefined when it may be added. */
export const newTagRefusal = (tags: ReadonlyArray<string>, tag: string): RuleViolation | undefined =>
  firstRefusal([
    [filled(tag), circleMessages.tag],
    [atMost(tag, CircleLimits.tag), circleMessages.tagTooLong],
    [!tagsOf(tags).includes(tag.trim()), circleMessages.tagExists]
  ])

/** Sell-a-teammate as typed on `/circleSfEdit` (`sfadd`). */
export interface TeammateForm {
  readonly nickname?: Typed
  readonly sex?: number | null | undefined
  readonly wxNo?: Typed
  readonly motto?: Typed
  readonly flags?: ReadonlyArray<string> | undefined
  /** TA's avatar URL: exactly one image. */
  readonly header?: Typed
  readonly pics?: ReadonlyArray<unknown> | undefined
}

/** The first problem of a teammate for sale (spec §5 lists its rules but not their words or order: see decisions). */
export const teammateFormRefusal = (form: TeammateForm): RuleViolation | undefined => {
  const tags = tagsOf(form.flags)
  return firstRefusal([
    [filled(form.nickname), circleMessages.nickname],
    [isChosenSex(form.sex), circleMessages.sex],
    [filled(form.wxNo), circleMessages.wxNo],
    [textLength(form.motto) >= CircleLimits.minWord, circleMessages.motto],
    [tags.length >= CircleLimits.minTags, circleMessages.tags],
    [tags.every((t) => atMost(t, CircleLimits.tag)), circleMessages.tagTooLong],
    [new Set(tags).size === tags.length, circleMessages.tagExists],
    [filled(form.header), circleMessages.header],
    [(form.pics?.length ?? 0) >= 1, circleMessages.onePicture],
    [(form.pics?.length ?? 0) <= CircleLimits.pics, circleMessages.tooManyPictures],
    [atMost(form.nickname, CircleLimits.nickname), circleMessages.nicknameTooLong],
    [atMost(form.wxNo, CircleLimits.wxNo), circleMessages.wxNoTooLong],
    [atMost(form.motto, CircleLimits.motto), circleMessages.mottoTooLong]
  ])
}

/** A confession as typed on `/circleBBEdit` (`bbadd`); joint photos are optional. */
export interface ConfessionForm {
  readonly nickname?: Typed
  readonly sex?: number | null | undefined
  readonly word?: Typed
  readonly header?: Typed
  readonly pics?: ReadonlyArray<unknown> | undefined
}

/** The first problem of a confession (spec §5 "Confession submit", in order). */
export const confessionFormRefusal = (form: ConfessionForm): RuleViolation | undefined =>
  firstRefusal([
    [filled(form.nickname), circleMessages.nickname],
    [isChosenSex(form.sex), circleMessages.sex],
    [textLength(form.word) >= CircleLimits.minWord, circleMessages.declaration],
    [filled(form.header), circleMessages.header],
    [(form.pics?.length ?? 0) <= CircleLimits.pics, circleMessages.tooManyPictures],
    [atMost(form.nickname, CircleLimits.nickname), circleMessages.nicknameTooLong],
    [atMost(form.word, CircleLimits.word), circleMessages.declarationTooLong]
  ])

/** A message as typed on `/circleJyEdit` (`jyadd`): the poster's motto and the message; photos are optional. */
export interface MessageForm {
  readonly motto?: Typed
  readonly word?: Typed
  readonly pics?: ReadonlyArray<unknown> | undefined
}

/** The first problem of a message (spec §5 "Message submit", in order). */
export const messageFormRefusal = (form: MessageForm): RuleViolation | undefined =>
  firstRefusal([
    [textLength(form.motto) >= CircleLimits.minWord, circleMessages.motto],
    [textLength(form.word) >= CircleLimits.minWord, circleMessages.message],
    [(form.pics?.length ?? 0) <= CircleLimits.pics, circleMessages.tooManyPictures],
    [atMost(form.motto, CircleLimits.motto), circleMessages.mottoTooLong],
    [atMost(form.word, CircleLimits.word), circleMessages.messageTooLong]
  ])
