/** Order numbers as the errand side writes them: a prefix (`PT` an errand, `JJ` a sending), Asia/Shanghai `yyyyMMddHHmmss` and six characters of a new id. */
import { Effect } from "effect"
import { Ids } from "./ports"

export const orderNumber = Effect.fnUntraced(function* (prefix: string, now: Date) {
  const id = (yield* (yield* Ids).next).replace(/[^A-Za-z0-9]/g, "").slice(0, 6).toUpperCase()
  const local = new Date(now.getTime() + 8 * 3_600_000).toISOString().replace(/\D/g, "").slice(0, 14)
  return `${prefix}${local}${id}`
})
