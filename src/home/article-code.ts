/**
 * The article authorisation code (spec 001 §2 /my, §7 `GET /auth/wxarticle/getPermissionCode`; issue 20): the
 * openids the server is configured with get a random 6-digit code, good for 10 minutes, a new one replacing the last;
 * it is kept only as a keyed hash, and `station article-code check <code>` says whose it is while it is good. Anyone
 * else is refused '获取授权码失败'; the `/my` page shows the entry to whom the server says (`articleCodeAble`).
 */
import { Context, Effect, Schema } from "effect"
import type { Actor } from "../shared/actor"
import { NotAllowed, NotFound } from "../shared/errors"
import { logOperation, operationKind } from "../shared/operation"
import { Clock } from "../shared/ports"
import { minutes } from "../shared/time"

export const ARTICLE_CODE_TTL_MS = minutes(10)

export const articleMessages = { refused: "获取授权码失败", unknown: "授权码无效或已过期" } as const

export class ArticleCodes extends Context.Service<ArticleCodes, {
  /** Whether the server is configured to give this openid codes. */
  allowed(openid: string): Effect.Effect<boolean>
  /** A fresh random 6-digit code. */
  readonly next: Effect.Effect<string>
  /** A keyed one-way hash of a code. */
  hash(code: string): Effect.Effect<string>
  /** Keeps the openid's code, replacing its last. */
  save(openid: string, codeHash: string, issuedAt: Date, expiresAt: Date): Effect.Effect<void>
  /** Whose code this is, if it is still good at the time. */
  findValid(codeHash: string, at: Date): Effect.Effect<{ readonly openid: string; readonly expiresAt: Date } | undefined>
}>()("station/ArticleCodes") {}

/** The issuance as logged: never the code, only when it expires. */
export const IssueArticleCodeOperation = operationKind("issueArticleCode", Schema.Struct({}), Schema.Struct({ expiresAt: Schema.String }))

/** Whether the caller may have a code (the `/my` page's entry). */
export const articleCodeAble = (actor: Actor) => ArticleCodes.use((codes) => codes.allowed(actor.openid))

/** `GET /auth/wxarticle/getPermissionCode`: a new code for an allowlisted caller. */
export const issueArticleCode = Effect.fn("issueArticleCode")(function* (actor: Actor) {
  const codes = yield* ArticleCodes
  if (!(yield* codes.allowed(actor.openid))) return yield* new NotAllowed({ message: articleMessages.refused })
  const code = yield* codes.next
  const now = yield* (yield* Clock).now
  const expiresAt = new Date(now.getTime() + ARTICLE_CODE_TTL_MS)
  yield* codes.save(actor.openid, yield* codes.hash(code), now, expiresAt)
  yield* logOperation(IssueArticleCodeOperation, actor.openid, now, {}, { expiresAt: expiresAt.toISOString() })
  return { code, expiresAt }
})

/** `station article-code check <code>`: whose code it is and until when, or refused. */
export const checkArticleCode = Effect.fn("checkArticleCode")(function* (code: string) {
  const codes = yield* ArticleCodes
  const now = yield* (yield* Clock).now
  const found = /^\d{6}$/.test(code) ? yield* codes.findValid(yield* codes.hash(code), now) : undefined
  if (!found) return yield* new NotFound({ message: articleMessages.unknown })
  return found
})
