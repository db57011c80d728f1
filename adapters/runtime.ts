/**
 * Runs use cases against the database: each change runs in one transaction with every port bound
 * to it; live events go out only after commit; conflicts that a retry can resolve are retried; a
 * once-only key (Idempotency-Key) is claimed and its outcome kept in that same transaction.
 * Composed of the port list (runtime/ports.ts), the transaction runner, retries, once-only keys and
 * caches, each in its own file under runtime/.
 */
import { randomUUID } from "node:crypto"
import { resolve } from "node:path"
import { Cause, type Context, Effect, Exit } from "effect"
import { sql, type Kysely } from "kysely"
import type { LiveEvent } from "#src/shared/ports"
import { FakeLocker } from "./locker/fake-locker"
import { chooseMessagingApp, followerBook } from "./messaging/choose-messaging-app"
import { FakeMessagingApp } from "./messaging/fake-messaging-app"
import type { MessagingApp } from "./messaging/messaging-app"
import { SimulatedPaymentProvider } from "./payments/simulated-provider"
import type { Database } from "./postgres/database"
import { OutsideWrites } from "./postgres/outside-writes"
import { writeLogged } from "./postgres/stores/shared-stores"
import type { DB } from "./postgres/schema"
import { defaultWaybillDir, FakePrinter } from "./printer/fake-printer"
import { emptyCaches } from "./runtime/caches"
import { keepRefusal, takeRequestOnce, type OnceOnly } from "./runtime/idempotency"
import { ports, type StationServices } from "./runtime/ports"
import { retrying } from "./runtime/retries"
import { attemptInTransaction } from "./runtime/transactions"
import { Wiring, type RunScope } from "./runtime/wiring"
import { loadSecrets, type Secrets } from "./security/secrets"
import { chooseSmsGateway } from "./sms/choose-sms-gateway"
import { FakeSmsGateway, type SmsGateway } from "./sms/fake-sms-gateway"

export type { StationServices } from "./runtime/ports"

export interface RuntimeOptions {
  /** Where uploaded images are kept (default `$DATA_DIR/uploads`). */
  readonly uploadsDir?: string
  /** The time use cases read when a run fixes none (default the real time; tests set the hour of the day with it). */
  readonly clock?: () => Date
  /** Where the fake label printer keeps the waybill PDFs (default `$DATA_DIR/waybills`). */
  readonly waybillDir?: string
  /** The settings that pick a port's live adapter over its fake, e.g. STATION_PRINTER=raw9100 or SMS=tencent (default the process's environment). */
  readonly env?: NodeJS.ProcessEnv
}

export const defaultUploadsDir = (env: NodeJS.ProcessEnv = process.env) => resolve(env.DATA_DIR ?? "./data", "uploads")

export interface RunOptions {
  /** Keep the transaction's writes even when the use case fails (spent nonces, failed attempts). */
  readonly commitOnFailure?: boolean
  /** Fixed time and ids, for replays. */
  readonly now?: Date
  readonly ids?: () => string
  /** Run at most once for this key (default: the one the request being served carries, see `onceForRequest`). */
  readonly once?: OnceOnly
  /**
   * The use case changes the database with one statement at most (after its reads), atomic on its
   * own: without a once-only key it runs on the pool, sparing the BEGIN and COMMIT round trips.
   */
  readonly oneStatement?: boolean
  /**
   * A run of `station replay`: in a transaction (never as one statement on the pool), which marks the outbox rows it
   * writes as replayed, so the server's sender never sends them.
   */
  readonly replaying?: boolean
  /**
   * A read of a few indexed statements, asked many times a second: it runs on the connections short
   * reads share (`Database.shortReads`), where a long read would hold up the others.
   */
  readonly short?: boolean
}

export type Publish = (event: LiveEvent) => void

/** A use case run inside `Runtime.inOneTransaction`'s transaction, at the options' time and with their ids. */
export type BatchRun = <A, E>(useCase: Effect.Effect<A, E, StationServices>, options?: Pick<RunOptions, "now" | "ids">) => Promise<Exit.Exit<A, E>>

export class Runtime {
  publish: Publish = () => {}
  /** The local SMS gateway (tests look into what it sent). */
  readonly sms = new FakeSmsGateway()
  /** What the outbox sends SMS through: the local one, or the provider `SMS` names (choose-sms-gateway.ts). */
  readonly smsGateway: SmsGateway
  /** The local messaging app (tests look into the template messages it got; the development sign-in is its). */
  readonly messaging: FakeMessagingApp
  /** The messaging app the pages and the outbox use: the local one, or the one `MESSAGING_APP` names (choose-messaging-app.ts). */
  readonly messagingApp: MessagingApp
  /** The parcel cabinets (a local fake that records each door it opened). */
  readonly locker = new FakeLocker()
  /** The label printer (a local fake that keeps each waybill PDF and can be made to refuse). */
  readonly printer: FakePrinter
  /** The simulated payment provider, its books in the database apart from the station's transactions. */
  readonly paymentProvider: SimulatedPaymentProvider
  /** Writes kept whatever the transaction that asked for them does (the provider's books); every `run` opens its transaction through it. */
  private readonly outside: OutsideWrites
  private readonly wiring: Wiring<typeof ports>
  private readonly clock: () => Date

  readonly uploadsDir: string

  private constructor(readonly database: Database, readonly secrets: Secrets, options: RuntimeOptions) {
    this.outside = new OutsideWrites(database.db, database.beside)
    this.paymentProvider = new SimulatedPaymentProvider(secrets.paymentKey, this.outside, { now: () => this.clock().getTime() })
    this.uploadsDir = resolve(options.uploadsDir ?? defaultUploadsDir())
    this.clock = options.clock ?? (() => new Date())
    this.messaging = new FakeMessagingApp(undefined, undefined, followerBook(database.db))
    this.printer = new FakePrinter(resolve(options.waybillDir ?? defaultWaybillDir()))
    const standIns = { sms: this.sms, messaging: this.messaging, locker: this.locker, printer: this.printer, paymentProvider: this.paymentProvider }
    const env = options.env ?? process.env
    this.smsGateway = chooseSmsGateway(env, this.sms)
    this.messagingApp = chooseMessagingApp(env, this.messaging, database.db)
    this.wiring = new Wiring(ports, { secrets, uploadsDir: this.uploadsDir, standIns, caches: emptyCaches(), env }, env)
  }

  static async create(database: Database, options: RuntimeOptions = {}) {
    return new Runtime(database, await loadSecrets(database.db), options)
  }

  get db(): Kysely<DB> {
    return this.database.db
  }

  /** The use cases' time, for an adapter that stamps something they will check (a sign-in nonce). */
  now(): Date {
    return this.clock()
  }

  private scope(events: LiveEvent[], options: RunOptions): RunScope {
    const { now } = options
    const draw = options.ids ?? randomUUID
    const drawn: string[] = []
    const nextId = () => {
      const id = draw()
      drawn.push(id)
      return id
    }
    return { now: () => now ?? this.clock(), nextId, events, drawn, logged: [] }
  }

  /**
   * The use case on `db` with its services, the operations it logged written (with the ids each drew) as it ends. Not
   * when it died: its transaction is rolled back (and may be aborted, as after a deadlock, which then stays the cause the
   * runtime retries on); a refusal's are written, for the runs that keep their writes (`commitOnFailure`).
   */
  private provided<A, E>(useCase: Effect.Effect<A, E, StationServices>, db: Kysely<DB>, scope: RunScope, pooled = false,
    services: (scope: RunScope) => Context.Context<StationServices> = (s) => this.wiring.services(db, s, pooled)) {
    const logged = useCase.pipe(Effect.onExit((exit) =>
      Exit.isFailure(exit) && Cause.hasDies(exit.cause) ? Effect.void : Effect.promise(() => writeLogged(db, scope))))
    return Effect.runPromiseExit(Effect.provide(logged, services(scope)))
  }

  /** Runs a use case that only reads, outside any transaction (a `short` one on the shared connections). */
  read<A, E>(useCase: Effect.Effect<A, E, StationServices>, options: RunOptions = {}): Promise<Exit.Exit<A, E>> {
    const db = options.short ? this.database.shortReads : this.db
    return this.provided(useCase, db, this.scope([], options), true)
  }

  /**
   * Runs a use case in one transaction; on success its events are published after the commit.
   * With a once-only key, a repeat answers the outcome the first run kept instead of running again.
   */
  async run<A, E>(useCase: Effect.Effect<A, E, StationServices>, options: RunOptions = {}): Promise<Exit.Exit<A, E>> {
    const once = options.once ?? takeRequestOnce()
    if (options.oneStatement && !once && !options.replaying) return this.runOneStatement(useCase, options)
    const { exit, kept, events } = await retrying(async () => {
      const events: LiveEvent[] = []
      const attempt = await attemptInTransaction(this.outside, this.db, { once, commitOnFailure: options.commitOnFailure }, async (trx) => {
        if (options.replaying) await sql`select set_config('station.replaying', 'on', true)`.execute(trx)
        return this.provided(useCase, trx, this.scope(events, options))
      })
      return { ...attempt, events }
    })
    await keepRefusal(once, this.db, exit, kept)
    if (Exit.isSuccess(exit)) events.forEach((event) => this.publish(event))
    return exit
  }

  /**
   * Runs `body` in one transaction (a batch of `station replay`): `run` runs use cases in it one after the other, with
   * every port bound to it (made once for the batch), as `replaying` runs. It commits when `body` resolves and rolls
   * everything back when it throws; the runs' events are published after the commit. No once-only keys, no retries, and
   * no outside writes: an outside service's request in it dies (its books would roll back with the batch), so the
   * caller runs such an operation on its own with `run`.
   */
  async inOneTransaction<T>(body: (run: BatchRun, db: Kysely<DB>) => Promise<T>): Promise<T> {
    const events: LiveEvent[] = []
    const answer = await this.db.transaction().execute(async (trx) => {
      await sql`select set_config('station.replaying', 'on', true)`.execute(trx)
      const services = this.wiring.servicesOn(trx)
      return body((useCase, options = {}) => this.provided(useCase, trx, this.scope(events, options), false, services), trx)
    })
    events.forEach((event) => this.publish(event))
    return answer
  }

  private async runOneStatement<A, E>(useCase: Effect.Effect<A, E, StationServices>, options: RunOptions): Promise<Exit.Exit<A, E>> {
    const { exit, events } = await retrying(async () => {
      const events: LiveEvent[] = []
      return { exit: await this.provided(useCase, this.db, this.scope(events, options), true), events }
    })
    if (Exit.isSuccess(exit)) events.forEach((event) => this.publish(event))
    return exit
  }
}
