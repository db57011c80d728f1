/**
 * Idempotency-Key for calls that create records or move money: the use case's outcome is kept for
 * 24 h in the same transaction as its change, and a repeat is answered from it by the same route;
 * the same key with another request is refused.
 */
import { createHash } from "node:crypto"
import { Cause, Exit } from "effect"
import type { NextFunction, Request, Response } from "express"
import { sql, type Kysely } from "kysely"
import {
  LimitReached, NotAllowed, NotFound, PayloadTooLarge, RuleViolation, StateConflict, Unauthenticated, isDomainError, type DomainError
} from "#src/shared/errors"
import { onceForRequest, type OnceOnly } from "../runtime/idempotency"
import { ridesWithCommit } from "../postgres/pg-dialect"
import { compiledOnce } from "../postgres/stores/query"
import type { DB } from "../postgres/schema"
import { prune, PRUNE_BATCH } from "../postgres/retention"
import { actorOf, sendFailure } from "./outcome"

const KEY = /^[A-Za-z0-9_.:-]{8,128}$/
const EXPIRED = sql<Date>`now() - interval '24 hours'`
const REPLAYED = "Idempotent-Replayed"

export const messages = {
  badKey: "Idempotency-Key 格式不正确",
  reused: "该 Idempotency-Key 已用于另一个请求",
  inProgress: "相同的请求正在处理中"
} as const

type KeptOutcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: { readonly _tag: DomainError["_tag"]; readonly message: string } }

const domainErrors: { readonly [T in DomainError["_tag"]]: new (fields: { readonly message: string }) => DomainError } = {
  RuleViolation, Unauthenticated, NotAllowed, NotFound, StateConflict, PayloadTooLarge, LimitReached
}

/** JSON that brings dates back as dates. */
const encode = (outcome: KeptOutcome) =>
  JSON.stringify(outcome, function (this: Record<string, unknown>, key, value) {
    return this[key] instanceof Date ? { $date: value } : value
  })

const revive = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (_key, v) =>
    typeof v === "object" && v !== null && Object.keys(v).length === 1 && typeof v.$date === "string" ? new Date(v.$date) : v)

/** What is kept: a value, or a refusal the user was shown; a defect (500) is never kept. */
const keptOutcome = (exit: Exit.Exit<unknown, unknown>): KeptOutcome | undefined => {
  if (Exit.isSuccess(exit)) return { ok: true, value: exit.value }
  if (Cause.hasDies(exit.cause)) return undefined
  const failure = Cause.squash(exit.cause)
  return isDomainError(failure) ? { ok: false, error: { _tag: failure._tag, message: failure.message } } : undefined
}

const exitOf = (stored: unknown): Exit.Exit<unknown, DomainError> => {
  const outcome = revive(stored) as KeptOutcome
  return outcome.ok ? Exit.succeed(outcome.value) : Exit.fail(new domainErrors[outcome.error._tag]({ message: outcome.error.message }))
}

interface Claim {
  readonly userId: string
  readonly key: string
  readonly requestHash: string
}

/** The key's statements, built and compiled once: a keyed request runs three or four of them. */
const keyStatements = (db: Kysely<DB>) => ({
  earlier: compiledOnce((userId: string, key: string) => db.selectFrom("idempotency").select(["request_hash", "status", "body", "outcome"])
    .where("user_id", "=", userId).where("key", "=", key).where("created_at", ">=", EXPIRED)),
  // a repeat still running holds this row uncommitted: the insert waits for it to commit or roll back
  claim: compiledOnce((userId: string, key: string, requestHash: string) => db.insertInto("idempotency").values({ user_id: userId, key, request_hash: requestHash })
    .onConflict((oc) => oc.columns(["user_id", "key"])
      .doUpdateSet({ request_hash: requestHash, status: null, body: null, outcome: null, created_at: sql<Date>`now()` })
      .where("idempotency.created_at", "<", EXPIRED))
    .returning("key")),
  claimedEarlier: compiledOnce((userId: string, key: string) => db.selectFrom("idempotency").select(["request_hash", "outcome"])
    .where("user_id", "=", userId).where("key", "=", key)),
  keep: compiledOnce((userId: string, key: string, requestHash: string, outcome: string) => db.insertInto("idempotency")
    .values({ user_id: userId, key, request_hash: requestHash, outcome })
    .onConflict((oc) => oc.columns(["user_id", "key"]).doUpdateSet({ outcome: (eb) => eb.ref("excluded.outcome") }).where("idempotency.outcome", "is", null)))
})

type KeyStatements = ReturnType<typeof keyStatements>

const onceOnly = (statements: KeyStatements, { userId, key, requestHash }: Claim, res: Response): OnceOnly => ({
  claim: async (trx) => {
    const { rows: [claimed] } = await trx.executeQuery(statements.claim(userId, key, requestHash))
    if (claimed) return undefined
    const { rows: [earlier] } = await trx.executeQuery(statements.claimedEarlier(userId, key))
    if (!earlier) throw new Error(`Idempotency-Key ${key} was neither claimed nor found`)
    if (earlier.request_hash !== requestHash) return Exit.fail(new StateConflict({ message: messages.reused }))
    if (earlier.outcome === null) return Exit.fail(new StateConflict({ message: messages.inProgress }))
    res.setHeader(REPLAYED, "true")
    return exitOf(earlier.outcome)
  },
  keep: async (db, exit) => {
    const outcome = keptOutcome(exit)
    if (!outcome) {
      await db.deleteFrom("idempotency").where("user_id", "=", userId).where("key", "=", key).where("outcome", "is", null).execute()
      return
    }
    // in the change's transaction it rides with the COMMIT: the change's locks are held one round trip less
    await db.executeQuery(ridesWithCommit(statements.keep(userId, key, requestHash, encode(outcome))))
  }
})

export const idempotent = (db: Kysely<DB>) => {
  const statements = keyStatements(db)
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = req.header("Idempotency-Key")
    if (key === undefined) return next()
    if (!KEY.test(key)) return sendFailure(res, 400, messages.badKey)
    const { userId } = actorOf(req)
    const requestHash = createHash("sha256").update(`${req.method} ${req.originalUrl.split("?")[0]} ${JSON.stringify(req.body ?? null)}`).digest("hex")
    const { rows: [earlier] } = await db.executeQuery(statements.earlier(userId, key))
    if (earlier && earlier.request_hash !== requestHash) return sendFailure(res, 422, messages.reused)
    if (earlier && earlier.outcome === null) {
      // kept by the previous release: the rendered answer, or nothing yet
      if (earlier.status === null) return sendFailure(res, 409, messages.inProgress)
      res.setHeader(REPLAYED, "true")
      return res.status(earlier.status).json(earlier.body)
    }
    onceForRequest(onceOnly(statements, { userId, key, requestHash }, res), next)
  }
}

/** Deletes the keys older than 24 h, `batch` rows a statement; answers how many went. */
export const purgeExpiredKeys = (db: Kysely<DB>, batch = PRUNE_BATCH): Promise<number> =>
  prune(db, "idempotency", sql<boolean>`created_at < ${EXPIRED}`, batch)
