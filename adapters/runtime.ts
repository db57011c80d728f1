/**
 * Runs use cases against the database: each change runs in one transaction with every port bound
 * to it; live events go out only after commit; conflicts that a retry can resolve are retried; a
 * once-only key (Idempotency-Key) is claimed and its outcome kept in that same transaction.
 */
import { AsyncLocalStorage } from "node:async_hooks"
import { randomUUID } from "node:crypto"
import { resolve } from "node:path"
import { Cause, Context, Effect, Exit } from "effect"
import type { Kysely } from "kysely"
import { AddressStore, Regions } from "#src/address/address-store"
import { CreditStore, ErrandStore } from "#src/errand/errand-store"
import { ErrandParties } from "#src/errand/errand-parties"
import { Locker } from "#src/locker/locker"
import { Catalogue, ParcelStore, People, QrSigner } from "#src/parcel/parcel-store"
import { PayIn } from "#src/payment/pay-in"
import { TradeStore } from "#src/payment/trade-store"
import { CaptchaCodes, CaptchaStore } from "#src/profile/captcha-store"
import { Ocr } from "#src/upload/ocr"
import { ProfileStore } from "#src/profile/profile-store"
import { Clock, Events, Ids, OpsLog, Outbox, type LiveEvent } from "#src/shared/ports"
import type { Employee } from "#src/staff/employee"
import { EmployeesByUnionid, EmployeeStore, LoginGuard, PasswordCipher, PasswordHasher, Sessions } from "#src/staff/staff-store"
import { ImageFiles, Uploads } from "#src/upload/upload-store"
import { Payouts, WalletStore } from "#src/wallet/wallet-store"
import { Worksites } from "#src/worksite/worksite-store"
import { FakeLocker } from "./locker/fake-locker"
import { FakeMessagingApp } from "./messaging/fake-messaging-app"
import { fakeOcr, loggedOcr } from "./ocr/fake-ocr"
import { payIn } from "./payments/pay-in"
import { payouts, SimulatedPaymentProvider } from "./payments/simulated-provider"
import type { Database } from "./postgres/database"
import { OutsideWrites } from "./postgres/outside-writes"
import { isRetryable } from "./postgres/retryable"
import type { DB } from "./postgres/schema"
import { addressStore } from "./postgres/stores/address-store"
import { captchaStore } from "./postgres/stores/captcha-store"
import { catalogue, parcelStore, people, type CatalogueCache } from "./postgres/stores/parcel-store"
import { profileStore } from "./postgres/stores/profile-store"
import { tradeStore } from "./postgres/stores/trade-store"
import { opsLog, outbox } from "./postgres/stores/shared-stores"
import { employeesByUnionid, employeeStore, loginGuard } from "./postgres/stores/staff-store"
import { uploadStore } from "./postgres/stores/upload-store"
import { walletStore } from "./postgres/stores/wallet-store"
import { worksiteStore } from "./postgres/stores/worksite-store"
import { creditStore } from "./postgres/stores/credit-store"
import { errandStore } from "./postgres/stores/errand-store"
import { errandParties } from "./postgres/stores/errand-parties"
import { regionIndex } from "./regions/china-division"
import { captchaCodes } from "./security/captcha-codes"
import { passwordCipher, passwordHasher } from "./security/passwords"
import { qrSigner } from "./security/qr-signer"
import { loadSecrets, type Secrets } from "./security/secrets"
import { sessions } from "./security/sessions"
import { FakeSmsGateway } from "./sms/fake-sms-gateway"
import { imageFiles } from "./uploads/image-files"
import { TeamStore } from "#src/errand/team-store"
import { teamStore } from "./postgres/stores/team-store"
import { SendStore } from "#src/sending/send-store"
import { Printer, WaybillRenderer } from "#src/sending/printer"
import { defaultWaybillDir, FakePrinter } from "./printer/fake-printer"
import { renderWaybillPdf } from "./printer/pdf"
import { rawPrinter } from "./printer/raw-printer"
import { doorPickupSendOrders, sendStore } from "./postgres/stores/send-store"
import { DoorPickupSendOrders } from "#src/errand/door-pickup"

/** Built once per runtime: keys, codecs and outside services that hold no transaction. */
type ProcessServices = QrSigner | CaptchaCodes | Ocr | ImageFiles | Regions | PasswordCipher | PasswordHasher | Locker
  | Printer | WaybillRenderer

/** Bound to the transaction (or, for `read`, the pool) a use case runs in. */
type TransactionServices =
  | Outbox | OpsLog | WalletStore | ParcelStore | People | Catalogue | EmployeeStore | LoginGuard | Sessions
  | ProfileStore | CaptchaStore | Uploads | Worksites | AddressStore
  | EmployeesByUnionid | TradeStore
  | ErrandStore | CreditStore
  | ErrandParties
  | TeamStore
  | SendStore
  | DoorPickupSendOrders
  | Payouts | PayIn

/** Per run: its clock and ids (fixed for replays) and the events it raises. */
type RunServices = Clock | Ids | Events

export type StationServices = ProcessServices | TransactionServices | RunServices

export interface RuntimeOptions {
  /** Where uploaded images are kept (default `$DATA_DIR/uploads`). */
  readonly uploadsDir?: string
  /** The time use cases read when a run fixes none (default the real time; tests set the hour of the day with it). */
  readonly clock?: () => Date
  /** Where the fake label printer keeps the waybill PDFs (default `$DATA_DIR/waybills`). */
  readonly waybillDir?: string
}

export const defaultUploadsDir = (env: NodeJS.ProcessEnv = process.env) => resolve(env.DATA_DIR ?? "./data", "uploads")

/**
 * A key that lets a change happen once (an Idempotency-Key): claimed in the change's transaction
 * before the use case runs, and the use case's outcome kept in that same transaction.
 */
export interface OnceOnly {
  /** The outcome kept for this key by an earlier run, which is then answered again; undefined to go ahead. */
  claim(db: Kysely<DB>): Promise<Exit.Exit<unknown, unknown> | undefined>
  /** Keeps the outcome: inside the transaction when it commits, on its own after a refusal rolled back. */
  keep(db: Kysely<DB>, exit: Exit.Exit<unknown, unknown>): Promise<void>
}

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
   * A read of a few indexed statements, asked many times a second: it runs on the connections short
   * reads share (`Database.shortReads`), where a long read would hold up the others.
   */
  readonly short?: boolean
}

/** The request being served may carry a once-only key for the first `run` it makes. */
const requestOnce = new AsyncLocalStorage<{ once: OnceOnly | undefined }>()

export const onceForRequest = <A>(once: OnceOnly, serve: () => A): A => requestOnce.run({ once }, serve)

const takeRequestOnce = (): OnceOnly | undefined => {
  const slot = requestOnce.getStore()
  const once = slot?.once
  if (slot) slot.once = undefined
  return once
}

const MAX_ATTEMPTS = 5

/** How long a staff member's employee record (with its worksite) is taken as read, as sessions are. */
export const EMPLOYEE_TTL_MS = 5_000

type EmployeeCache = Map<string, { readonly until: number; readonly employee: Employee }>

/**
 * The staff actor is looked up on every station call: a found employee is kept for EMPLOYEE_TTL_MS
 * (an unbound openid is asked again each time), and a bind in this process forgets them all.
 */
const cachedEmployees = (store: EmployeeStore["Service"], cache: EmployeeCache): EmployeeStore["Service"] => ({
  ...store,
  findByOpenid: (openid) =>
    Effect.suspend(() => {
      const hit = cache.get(openid)
      if (hit && hit.until > Date.now()) return Effect.succeed(hit.employee)
      return store.findByOpenid(openid).pipe(Effect.tap((employee) => Effect.sync(() => {
        if (cache.size >= 10_000) cache.clear()
        if (employee) cache.set(openid, { until: Date.now() + EMPLOYEE_TTL_MS, employee })
      })))
    }),
  bind: (employeeId, openid, userId) =>
    Effect.sync(() => cache.clear()).pipe(Effect.andThen(store.bind(employeeId, openid, userId)), Effect.ensuring(Effect.sync(() => cache.clear())))
})

const isRetryableExit = (exit: Exit.Exit<unknown, unknown>) =>
  Exit.isFailure(exit) && Cause.hasDies(exit.cause) && isRetryable(Cause.squash(exit.cause))

class Rollback extends Error {}

export type Publish = (event: LiveEvent) => void

export class Runtime {
  publish: Publish = () => {}
  readonly sms = new FakeSmsGateway()
  readonly messaging = new FakeMessagingApp()
  /** The parcel cabinets (a local fake that records each door it opened). */
  readonly locker = new FakeLocker()
  /** The label printer (a local fake that keeps each waybill PDF and can be made to refuse). */
  readonly printer: FakePrinter
  /** The simulated payment provider, its books in the database apart from the station's transactions. */
  readonly paymentProvider: SimulatedPaymentProvider
  /** Writes kept whatever the transaction that asked for them does (the provider's books); every `run` opens its transaction through it. */
  private readonly outside: OutsideWrites
  private readonly processServices: Context.Context<ProcessServices>
  /** The stores bound to a transaction, or to the pool for a read. */
  private readonly storesOn: (db: Kysely<DB>) => Context.Context<TransactionServices>
  private readonly catalogueCache: CatalogueCache = new Map()
  private readonly clock: () => Date
  private readonly employeeCache: EmployeeCache = new Map()

  readonly uploadsDir: string

  private constructor(readonly database: Database, readonly secrets: Secrets, options: RuntimeOptions) {
    this.outside = new OutsideWrites(database.db, database.beside)
    this.paymentProvider = new SimulatedPaymentProvider(secrets.paymentKey, this.outside, { now: () => this.clock().getTime() })
    this.uploadsDir = resolve(options.uploadsDir ?? defaultUploadsDir())
    this.clock = options.clock ?? (() => new Date())
    this.printer = new FakePrinter(resolve(options.waybillDir ?? defaultWaybillDir()))
    this.processServices = Context.make(QrSigner, qrSigner(secrets.qrKey)).pipe(
      Context.add(CaptchaCodes, captchaCodes(secrets.qrKey)),
      Context.add(Ocr, loggedOcr(fakeOcr)),
      Context.add(ImageFiles, imageFiles(this.uploadsDir)),
      Context.add(Regions, Regions.of(regionIndex())),
      Context.add(PasswordCipher, passwordCipher(secrets.rsaPrivateKey)),
      Context.add(PasswordHasher, passwordHasher),
      Context.add(Locker, this.locker.port()),
      Context.add(Printer, process.env.STATION_PRINTER === "raw9100" ? rawPrinter(this.printer) : this.printer.port()),
      Context.add(WaybillRenderer, WaybillRenderer.of({ render: renderWaybillPdf }))
    )
    this.storesOn = (db) => Context.make(Outbox, outbox(db)).pipe(
      Context.add(OpsLog, opsLog(db)),
      Context.add(WalletStore, walletStore(db)),
      Context.add(ParcelStore, parcelStore(db)),
      Context.add(People, people(db)),
      Context.add(Catalogue, catalogue(db, this.catalogueCache)),
      Context.add(EmployeeStore, cachedEmployees(employeeStore(db), this.employeeCache)),
      Context.add(LoginGuard, loginGuard(db)),
      Context.add(Sessions, sessions(db)),
      Context.add(ProfileStore, profileStore(db)),
      Context.add(CaptchaStore, captchaStore(db)),
      Context.add(Uploads, uploadStore(db)),
      Context.add(Worksites, worksiteStore(db)),
      Context.add(AddressStore, addressStore(db)),
      Context.add(EmployeesByUnionid, employeesByUnionid(db))
    ).pipe(
      Context.add(TradeStore, tradeStore(db)),
      Context.add(ErrandStore, errandStore(db)),
      Context.add(CreditStore, creditStore(db)),
      Context.add(ErrandParties, errandParties(db)),
      Context.add(TeamStore, teamStore(db)),
      Context.add(SendStore, sendStore(db)),
      Context.add(DoorPickupSendOrders, doorPickupSendOrders(db)),
      Context.add(Payouts, payouts(this.paymentProvider, secrets.paymentKey, db)),
      Context.add(PayIn, payIn(this.paymentProvider, secrets.paymentKey, this.messaging.appId, db))
    )
  }

  static async create(database: Database, options: RuntimeOptions = {}) {
    return new Runtime(database, await loadSecrets(database.db), options)
  }

  get db(): Kysely<DB> {
    return this.database.db
  }

  private readonly poolServices = new Map<Kysely<DB>, Context.Context<ProcessServices | TransactionServices>>()

  /**
   * Every service a use case may use: the stores bound to `db`, and this run's clock, ids and events.
   * Made as a plain context (building layers for each run was a large part of a request's work); the
   * pool's stores, and the short reads', are made once per runtime.
   */
  private services(db: Kysely<DB>, events: LiveEvent[], options: RunOptions, onPool = false): Context.Context<StationServices> {
    let services = onPool ? this.poolServices.get(db) : undefined
    if (!services) {
      services = Context.merge(this.processServices, this.storesOn(db))
      if (onPool) this.poolServices.set(db, services)
    }
    return services.pipe(
      Context.add(Clock, Clock.of({ now: Effect.sync(() => options.now ?? this.clock()) })),
      Context.add(Ids, Ids.of({ next: Effect.sync(options.ids ?? randomUUID) })),
      Context.add(Events, Events.of({ publish: (event) => Effect.sync(() => void events.push(event)) }))
    )
  }

  /** Runs a use case that only reads, outside any transaction (a `short` one on the shared connections). */
  read<A, E>(useCase: Effect.Effect<A, E, StationServices>, options: RunOptions = {}): Promise<Exit.Exit<A, E>> {
    return Effect.runPromiseExit(Effect.provide(useCase, this.services(options.short ? this.database.shortReads : this.db, [], options, true)))
  }

  /**
   * Runs a use case in one transaction; on success its events are published after the commit.
   * With a once-only key, a repeat answers the outcome the first run kept instead of running again.
   */
  async run<A, E>(useCase: Effect.Effect<A, E, StationServices>, options: RunOptions = {}): Promise<Exit.Exit<A, E>> {
    const once = options.once ?? takeRequestOnce()
    if (options.oneStatement && !once) return this.runOneStatement(useCase, options)
    for (let attempt = 1; ; attempt++) {
      const events: LiveEvent[] = []
      let exit: Exit.Exit<A, E> | undefined
      let kept = false
      try {
        await this.outside.transaction(this.db, async (trx) => {
          const earlier = await once?.claim(trx)
          if (earlier) {
            exit = earlier as Exit.Exit<A, E>
            kept = true
            throw new Rollback()
          }
          exit = await Effect.runPromiseExit(Effect.provide(useCase, this.services(trx, events, options)))
          if (Exit.isFailure(exit) && !(options.commitOnFailure && !Cause.hasDies(exit.cause))) throw new Rollback()
          await once?.keep(trx, exit)
          kept = true
        })
      } catch (e) {
        if (!(e instanceof Rollback)) {
          exit = Exit.die(e)
          kept = false
        }
      }
      const done = exit ?? Exit.die(new Error("transaction ended without an outcome"))
      if (isRetryableExit(done) && attempt < MAX_ATTEMPTS) continue
      if (once && !kept && Exit.isFailure(done) && !Cause.hasDies(done.cause)) await once.keep(this.db, done)
      if (Exit.isSuccess(done)) events.forEach((event) => this.publish(event))
      return done
    }
  }

  private async runOneStatement<A, E>(useCase: Effect.Effect<A, E, StationServices>, options: RunOptions): Promise<Exit.Exit<A, E>> {
    for (let attempt = 1; ; attempt++) {
      const events: LiveEvent[] = []
      const exit = await Effect.runPromiseExit(Effect.provide(useCase, this.services(this.db, events, options, true)))
      if (isRetryableExit(exit) && attempt < MAX_ATTEMPTS) continue
      if (Exit.isSuccess(exit)) events.forEach((event) => this.publish(event))
      return exit
    }
  }
}
