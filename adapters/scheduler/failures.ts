/**
 * What background work failed on, item by item: a job's item (an errand order, a trade) or an outbox message that
 * failed is tried again after a delay that doubles with each attempt, and after MAX_ATTEMPTS it is not tried
 * automatically any more but listed (`station jobs failures`) for a person to act on. A job's failures are rows
 * of `job_item_failure`, cleared when the item succeeds; an outbox message carries its own attempts.
 */
import type { Kysely } from "kysely"
import type { DB } from "../postgres/schema"

/** Attempts after which an item is no longer tried automatically. */
export const MAX_ATTEMPTS = 8

/** A job item is tried again a minute after its first failure, then after 2, 4, … 64 minutes. */
export const JOB_RETRY_FIRST_MS = 60_000

/** The wait after the given number of failed attempts: `firstMs`, doubled for each attempt after the first. */
export const retryDelayMs = (attempts: number, firstMs: number) => firstMs * 2 ** (attempts - 1)

/** When an item that has failed `attempts` times is tried next; undefined once it has used up its attempts. */
export const nextTryAfter = (attempts: number, now: Date, firstMs: number): Date | undefined =>
  attempts >= MAX_ATTEMPTS ? undefined : new Date(now.getTime() + retryDelayMs(attempts, firstMs))

const MAX_ERROR_LENGTH = 2_000

/** One line for the failure row and the log: a tagged error's tag and message, an Error's message, anything else as text. */
export const errorText = (error: unknown): string => {
  const tag = typeof error === "object" && error !== null && "_tag" in error && typeof error._tag === "string" ? `${error._tag}: ` : ""
  const message = error instanceof Error ? error.message
    : typeof error === "object" && error !== null && "message" in error ? String(error.message)
    : String(error)
  // a text column takes no NUL character: an error that carries one must not make its own row unwritable
  return `${tag}${message || "(no message)"}`.replace(/\0/g, "\uFFFD").slice(0, MAX_ERROR_LENGTH)
}

export interface HeldItem {
  readonly attempts: number
  /** Null: given up, not tried automatically any more. */
  readonly nextTryAt: Date | null
}

/** The failure rows of these items of a job. */
export const failuresOf = async (db: Kysely<DB>, job: string, itemIds: ReadonlyArray<string>): Promise<ReadonlyMap<string, HeldItem>> => {
  if (itemIds.length === 0) return new Map()
  const rows = await db.selectFrom("job_item_failure").select(["item_id", "attempts", "next_try_at"])
    .where("job", "=", job).where("item_id", "in", itemIds).execute()
  return new Map(rows.map((r) => [r.item_id, { attempts: r.attempts, nextTryAt: r.next_try_at }]))
}

/** One more failed attempt of a job's item: its count, its error and its next try (none after MAX_ATTEMPTS). */
export const recordFailure = (db: Kysely<DB>, job: string, itemId: string, error: string, now: Date): Promise<HeldItem> =>
  db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("job_item_failure").select("attempts")
      .where("job", "=", job).where("item_id", "=", itemId).forUpdate().executeTakeFirst()
    const attempts = (before?.attempts ?? 0) + 1
    const nextTryAt = nextTryAfter(attempts, now, JOB_RETRY_FIRST_MS) ?? null
    await trx.insertInto("job_item_failure")
      .values({ job, item_id: itemId, attempts, last_error: error, first_failed_at: now, last_failed_at: now, next_try_at: nextTryAt })
      .onConflict((oc) => oc.columns(["job", "item_id"]).doUpdateSet({ attempts, last_error: error, last_failed_at: now, next_try_at: nextTryAt }))
      .execute()
    return { attempts, nextTryAt }
  })

/** The item succeeded (or has nothing left to do): it is no longer a failure. */
export const clearFailure = async (db: Kysely<DB>, job: string, itemId: string): Promise<void> => {
  await db.deleteFrom("job_item_failure").where("job", "=", job).where("item_id", "=", itemId).execute()
}

/** The name the outbox's messages go by among the failures. */
export const OUTBOX = "outbox"

export interface ItemFailure {
  readonly job: string
  readonly item: string
  /** What the item is, where the id alone does not say (an outbox message's channel and template). */
  readonly detail: string | null
  readonly attempts: number
  readonly lastError: string
  /** When it first failed (not kept for outbox messages). */
  readonly firstFailedAt: Date | null
  /** When it last failed (for an outbox message still being retried: not kept). */
  readonly lastFailedAt: Date | null
  /** Null: given up, a person acts on it. */
  readonly nextTryAt: Date | null
}

/**
 * The items given up on, oldest failure first: job items past MAX_ATTEMPTS and outbox messages given up (past
 * MAX_ATTEMPTS or refused for good). With `all`, also those still waiting for their next try.
 */
export const listFailures = async (db: Kysely<DB>, options: { readonly all?: boolean } = {}): Promise<ReadonlyArray<ItemFailure>> => {
  const [jobs, messages] = await Promise.all([
    db.selectFrom("job_item_failure").selectAll()
      .$if(!options.all, (q) => q.where("next_try_at", "is", null))
      .orderBy("first_failed_at").orderBy("job").orderBy("item_id").execute(),
    db.selectFrom("outbox").select(["id", "channel", "template", "attempts", "last_error", "created_at", "next_attempt_at", "failed_at"])
      .where("sent_at", "is", null)
      .where((eb) => (options.all ? eb.or([eb("failed_at", "is not", null), eb("attempts", ">", 0)]) : eb("failed_at", "is not", null)))
      .orderBy("id").execute()
  ])
  return [
    ...jobs.map((r): ItemFailure => ({
      job: r.job, item: r.item_id, detail: null, attempts: r.attempts, lastError: r.last_error,
      firstFailedAt: r.first_failed_at, lastFailedAt: r.last_failed_at, nextTryAt: r.next_try_at
    })),
    ...messages.map((r): ItemFailure => ({
      job: OUTBOX, item: String(r.id), detail: `${r.channel} ${r.template}`, attempts: r.attempts, lastError: r.last_error ?? "",
      firstFailedAt: null, lastFailedAt: r.failed_at, nextTryAt: r.failed_at ? null : r.next_attempt_at
    }))
  ]
}
