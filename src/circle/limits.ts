/** The circle's daily limits per person (issue 19): posts of each kind, and contact requests. */
export const POSTS_PER_DAY = 20
export const CONTACTS_PER_DAY = 20

export const limitMessages = {
  posts: "今天发布太多了，请明天再来",
  contacts: "今天获取联系方式次数已达上限，请明天再来"
} as const
