/**
 * The language of the CLI's column headers and labels: Chinese by default, like the statuses and messages
 * beside them; English for all with the global `--lang en`. One dictionary, so every command makes the same choice.
 */
export type Lang = "zh" | "en"

export const LANGS: ReadonlyArray<Lang> = ["zh", "en"]

let current: Lang = "zh"

export const setLang = (lang: Lang) => {
  current = lang
}

export const lang = (): Lang => current

/** Every column header and label the CLI prints, English → Chinese. */
export const HEADERS = {
  "": "",
  "action": "操作",
  "amount ¥": "金额 ¥",
  "applied": "申请时间",
  "at": "时间",
  "attempts": "尝试次数",
  "author": "作者",
  "backed up to": "已备份到",
  "bad lines": "坏行",
  "bill": "账单",
  "by": "操作人",
  "carrier": "快递公司",
  "changed": "更新时间",
  "check-ins": "入库",
  "checked in": "入库时间",
  "code": "取件码",
  "comment": "意见",
  "complaint": "举报原因",
  "created": "创建时间",
  "credit": "短信余额",
  "decided": "处理时间",
  "does": "作用",
  "every": "频率",
  "expires": "到期时间",
  "express no": "快递单号",
  "failed": "失败",
  "fee ¥": "手续费 ¥",
  "figure": "指标",
  "first failed": "首次失败",
  "for": "对应单据",
  "format": "格式",
  "from": "开始",
  "headline": "摘要",
  "hidden because": "隐藏原因",
  "id": "编号",
  "ID number": "身份证号",
  "invariant": "不变量",
  "item": "条目",
  "job": "任务",
  "kind": "类型",
  "last error": "最近错误",
  "last failed": "最近失败",
  "last report": "最近举报",
  "ledger": "流水合计",
  "lines": "行数",
  "link": "链接",
  "matched": "一致",
  "migrations": "迁移",
  "mismatched": "不一致",
  "name": "名称",
  "next try": "下次重试",
  "on shelf": "在架",
  "open": "待处理",
  "openid": "openid",
  "operations": "操作数",
  "ours": "本站",
  "owner": "发布人",
  "paid": "支付时间",
  "parcels": "包裹数",
  "payout ¥": "实付 ¥",
  "pickups": "出库",
  "pictures": "图片",
  "posted": "发布时间",
  "problem": "问题",
  "reason": "原因",
  "receiver": "收件人",
  "recorded ¥": "记录 ¥",
  "reference": "打款单号",
  "reported": "举报时间",
  "reports": "举报数",
  "restored from": "已恢复自",
  "role": "角色",
  "scope": "范围",
  "settled ¥": "结算 ¥",
  "size": "大小",
  "state": "状态",
  "printer 150 (76×130, 100×150)": "打印机 150（76×130、100×150）",
  "printer 180 (100×180)": "打印机 180（100×180）",
  "status": "状态",
  "student card": "学生证",
  "submitted": "提交时间",
  "title": "标题",
  "token": "令牌",
  "trade": "交易号",
  "trades": "交易",
  "type": "类型",
  "until": "结束",
  "user": "用户",
  "user id": "用户编号",
  "violations": "违反数",
  "wallet balances": "钱包余额",
  "wallet points": "钱包积分",
  "wallets": "钱包数",
  "wallets = ledger": "钱包 = 流水",
  "withdrawals approved, not paid": "提现 已审核未打款",
  "withdrawals pending": "提现 待审核",
  "worksite": "站点",
  "wrote": "已写入"
} as const satisfies Record<string, string>

export type HeaderKey = keyof typeof HEADERS

/** A header as it is, in either language: a site code, a status's own name. */
export interface Verbatim {
  readonly verbatim: string
}

export type Header = HeaderKey | Verbatim

export const headerText = (header: Header, in_: Lang = current): string =>
  typeof header === "object" ? header.verbatim : in_ === "en" ? header : HEADERS[header]

/**
 * Every status, kind, role and state the CLI prints in a column, as [English, Chinese]. The Chinese is the product's
 * own word where the core names it (a parcel's 待取件, a withdrawal's 待审核: the words the pages show); the English
 * is the CLI's. `word` shows either in the chosen language, so a value never stays in the other one.
 */
const WORDS: ReadonlyArray<readonly [en: string, zh: string]> = [
  // parcels (src/parcel/parcel-status.ts)
  ["to pick up", "待取件"], ["friend picks up", "好友代取"], ["fee due", "待支付"], ["waiting for a runner", "待接单"],
  ["runner accepted", "跑腿已接单"], ["collected", "已取件"], ["delivered", "已送达"], ["signed", "已签收"],
  ["due for return", "待退回"], ["returned", "已退回"],
  // withdrawals (src/wallet/withdrawal.ts)
  ["pending", "待审核"], ["approved", "已审核"], ["rejected", "已驳回"], ["transferred", "已到账"],
  // pay-in trades (src/payment/trade.ts)
  ["created", "待付款"], ["paid", "已支付"], ["expired", "已过期"], ["refunded", "已退款"],
  ["safekeep", "保管费"], ["errand", "跑腿"], ["tip", "小费"], ["freight", "运费"], ["donation", "捐赠"], ["deposit", "短信充值"],
  // feedback (src/feedback/suggestion.ts)
  ["waiting for a reply", "待回复"], ["answered", "已回复"], ["handled", "已处理"],
  ["feature request", "功能建议"], ["system problem", "系统问题"], ["service complaint", "服务投诉"],
  // the circle (src/circle)
  ["item", "二手商品"], ["teammate", "卖舍友"], ["confession", "表白墙"], ["message", "留言板"],
  ["listed", "上架中"], ["delisted", "已下架"], ["hidden", "已隐藏"], ["deleted", "已删除"],
  ["hide", "隐藏"], ["restore", "恢复"],
  ["fraud", "欺诈"], ["advertising", "广告"], ["infringement", "侵权"], ["pornography", "色情"], ["other", "其他"],
  // announcements and report links
  ["upcoming", "未开始"], ["running", "进行中"], ["ended", "已结束"], ["active", "有效"], ["revoked", "已撤销"],
  // people
  ["student", "学生"], ["runner", "跑腿员"], ["staff", "驿站员工"], ["admin", "管理员"],
  ["yes", "是"], ["no", "否"]
]

const byEither = new Map(WORDS.flatMap(([en, zh]) => [[en, { en, zh }], [zh, { en, zh }]] as const))

/** A status, kind, role or state in the chosen language, given in either; a value the CLI does not know is shown as it is. */
export const word = (value: string, in_: Lang = current): string => byEither.get(value)?.[in_] ?? value
