/**
 * Idempotency-Key for calls that create records or move money: the first answer is kept for 24 h
 * and replayed for a repeat; the same key with another request is refused; one still running is a conflict.
 */
import { createHash } from "node:crypto"
import type { NextFunction, Request, Response } from "express"
import { sql, type Kysely } from "kysely"
import type { DB } from "../postgres/schema"
import { actorOf, sendFailure } from "./outcome"

const KEY = /^[A-Za-z0-9_.:-]{8,128}$/

export const idempotent = (db: Kysely<DB>) => async (req: Request, res: Response, next: NextFunction) => {
  const key = req.header("Idempotency-Key")
  if (key === undefined) return next()
  if (!KEY.test(key)) return sendFailure(res, 400, "Idempotency-Key 格式不正确")
  const actor = actorOf(req)
  const requestHash = createHash("sha256").update(`${req.method} ${req.originalUrl.split("?")[0]} ${JSON.stringify(req.body ?? null)}`).digest("hex")
  await db.deleteFrom("idempotency").where("user_id", "=", actor.userId).where("key", "=", key)
    .where("created_at", "<", sql<Date>`now() - interval '24 hours'`).execute()
  const claimed = await db.insertInto("idempotency").values({ user_id: actor.userId, key, request_hash: requestHash, status: null, body: null })
    .onConflict((oc) => oc.columns(["user_id", "key"]).doNothing()).returning("key").executeTakeFirst()
  if (!claimed) {
    const earlier = await db.selectFrom("idempotency").selectAll().where("user_id", "=", actor.userId).where("key", "=", key).executeTakeFirstOrThrow()
    if (earlier.request_hash !== requestHash) return sendFailure(res, 422, "该 Idempotency-Key 已用于另一个请求")
    if (earlier.status === null) return sendFailure(res, 409, "相同的请求正在处理中")
    res.setHeader("Idempotent-Replayed", "true")
    return res.status(earlier.status).json(earlier.body)
  }
  const json = res.json.bind(res)
  res.json = (body: unknown) => {
    const forget = res.statusCode >= 500
    const settle = forget
      ? db.deleteFrom("idempotency").where("user_id", "=", actor.userId).where("key", "=", key).execute()
      : db.updateTable("idempotency").set({ status: res.statusCode, body: JSON.stringify(body) }).where("user_id", "=", actor.userId).where("key", "=", key).execute()
    settle.then(() => json(body), (e: unknown) => next(e))
    return res
  }
  next()
}
