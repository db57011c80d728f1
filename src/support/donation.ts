/** Donation (spec 002 §2, §9): any user gives a fixed 1 fen through the pay-in port, priced here. */

export const DONATION_FEN = 1

export const donationMessages = {
  /** The spec's failure of the donate call. */
  failed: "获取支付签名失败",
  thanks: "感谢您的支持！"
} as const
