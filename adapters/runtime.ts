/**
 * Runs use cases against the database: each change runs in one transaction with every port bound
 * to it; live events go out only after commit; conflicts that a retry can resolve are retried.
 */
import { randomUUID } from "node:crypto"
import { resolve } from "node:path"
import { Cause, Context, Effect, Exit } from "effect"
import type { Kysely } from "kysely"
import { AddressStore, Regions } from "../src/address/address-store"
import { Catalogue, ParcelStore, People, QrSigner } from "../src/parcel/parcel-store"
import { CaptchaCodes, CaptchaStore } from "../src/profile/captcha-store"
import { Ocr } from "../src/profile/ocr"
import { ProfileStore } from "../src/profile/profile-store"
import { Clock, Events, Ids, OpsLog, Outbox, type LiveEvent } from "../src/shared/ports"
import { EmployeeStore, LoginGuard, PasswordCipher, PasswordHasher, Sessions } from "../src/staff/staff-store"
import { ImageFiles, Uploads } from "../src/upload/upload-store"
import { Payouts, WalletStore } from "../src/wallet/wallet-store"
import { Worksites } from "../src/worksite/worksite-store"
import { FakeMessagingApp } from "./messaging/fake-messaging-app"
import { fakeOcr, loggedOcr } from "./ocr/fake-ocr"
import { payouts, SimulatedPaymentProvider } from "./payments/simulated-provider"
import type { Database } from "./postgres/database"
import type { DB } from "./postgres/schema"
import { addressStore } from "./postgres/stores/address-store"
import { captchaStore } from "./postgres/stores/captcha-store"
import { catalogue, parcelStore, people, type CatalogueCache } from "./postgres/stores/parcel-store"
import { profileStore } from "./postgres/stores/profile-store"
import { opsLog, outbox } from "./postgres/stores/shared-stores"
import { employeeStore, loginGuard } from "./postgres/stores/staff-store"
import { uploadStore } from "./postgres/stores/upload-store"
import { walletStore } from "./postgres/stores/wallet-store"
import { worksiteStore } from "./postgres/stores/worksite-store"
import { regionIndex } from "./regions/china-division"
import { captchaCodes } from "./security/captcha-codes"
import { passwordCipher, passwordHasher } from "./security/passwords"
import { qrSigner } from "./security/qr-signer"
import { loadSecrets, type Secrets } from "./security/secrets"
import { sessions } from "./security/sessions"
import { FakeSmsGateway } from "./sms/fake-sms-gateway"
import { imageFiles } from "./uploads/image-files"

export type StationServices =
  | Clock | Ids | Events | Outbox | OpsLog | WalletStore | Payouts | ParcelStore | People | Catalogue | QrSigner
  | EmployeeStore | LoginGuard | PasswordCipher | PasswordHasher | Sessions
  | ProfileStore | CaptchaStore | CaptchaCodes | Ocr | Uploads | ImageFiles | Worksites | AddressStore | Regions

export interface RuntimeOptions {
  /** Where uploaded images are kept (default `$DATA_DIR/uploads`). */
  readonly uploadsDir?: string
}

export const defaultUploadsDir = (env: NodeJS.ProcessEnv = process.env) => resolve(env.DATA_DIR ?? "./data", "uploads")

export interface RunOptions {
  /** Keep the transaction's writes even when the use case fails (spent nonces, failed attempts). */
  readonly commitOnFailure?: boolean
  /** Fixed time and ids, for replays. */
  readonly now?: Date
  readonly ids?: () => string
}

const MAX_ATTEMPTS = 5
const RETRYABLE = new Set(["40001", "40P01"])

const isRetryable = <E>(exit: Exit.Exit<unknown, E>) => {
  if (!Exit.isFailure(exit) || !Cause.hasDies(exit.cause)) return false
  const defect = Cause.squash(exit.cause) as { code?: string; constraint?: string }
  return RETRYABLE.has(defect?.code ?? "") || (defect?.code === "23505" && defect.constraint === "parcel_active_tag")
}

class Rollback extends Error {}

export type Publish = (event: LiveEvent) => void

export class Runtime {
  publish: Publish = () => {}
  readonly sms = new FakeSmsGateway()
  readonly messaging = new FakeMessagingApp()
  readonly paymentProvider: SimulatedPaymentProvider
  private readonly fixed: ReadonlyArray<readonly [Context.Key<any, any>, unknown]>
  private readonly catalogueCache: CatalogueCache = new Map()

  readonly uploadsDir: string

  private constructor(readonly database: Database, readonly secrets: Secrets, options: RuntimeOptions) {
    this.paymentProvider = new SimulatedPaymentProvider(secrets.paymentKey)
    this.uploadsDir = resolve(options.uploadsDir ?? defaultUploadsDir())
    this.fixed = [
      [QrSigner, qrSigner(secrets.qrKey)],
      [CaptchaCodes, captchaCodes(secrets.qrKey)],
      [Ocr, loggedOcr(fakeOcr)],
      [ImageFiles, imageFiles(this.uploadsDir)],
      [Regions, Regions.of(regionIndex())],
      [PasswordCipher, passwordCipher(secrets.rsaPrivateKey)],
      [PasswordHasher, passwordHasher],
      [Payouts, payouts(this.paymentProvider, secrets.paymentKey)]
    ]
  }

  static async create(database: Database, options: RuntimeOptions = {}) {
    return new Runtime(database, await loadSecrets(database.db), options)
  }

  get db(): Kysely<DB> {
    return this.database.db
  }

  private context(db: Kysely<DB>, events: LiveEvent[], options: RunOptions): Context.Context<StationServices> {
    const entries: ReadonlyArray<readonly [Context.Key<any, any>, unknown]> = [
      ...this.fixed,
      [Clock, Clock.of({ now: Effect.sync(() => options.now ?? new Date()) })],
      [Ids, Ids.of({ next: Effect.sync(options.ids ?? randomUUID) })],
      [Events, Events.of({ publish: (event) => Effect.sync(() => void events.push(event)) })],
      [Outbox, outbox(db)],
      [OpsLog, opsLog(db)],
      [WalletStore, walletStore(db)],
      [ParcelStore, parcelStore(db)],
      [People, people(db)],
      [Catalogue, catalogue(db, this.catalogueCache)],
      [EmployeeStore, employeeStore(db)],
      [LoginGuard, loginGuard(db)],
      [Sessions, sessions(db)],
      [ProfileStore, profileStore(db)],
      [CaptchaStore, captchaStore(db)],
      [Uploads, uploadStore(db)],
      [Worksites, worksiteStore(db)],
      [AddressStore, addressStore(db)]
    ]
    return Context.makeUnsafe(new Map(entries.map(([key, service]) => [key.key, service])))
  }

  /** Runs a use case that only reads, outside any transaction. */
  read<A, E>(useCase: Effect.Effect<A, E, StationServices>, options: RunOptions = {}): Promise<Exit.Exit<A, E>> {
    return Effect.runPromiseExit(Effect.provideContext(useCase, this.context(this.db, [], options)))
  }

  /** Runs a use case in one transaction; on success its events are published after the commit. */
  async run<A, E>(useCase: Effect.Effect<A, E, StationServices>, options: RunOptions = {}): Promise<Exit.Exit<A, E>> {
    for (let attempt = 1; ; attempt++) {
      const events: LiveEvent[] = []
      let exit: Exit.Exit<A, E> | undefined
      try {
        await this.db.transaction().execute(async (trx) => {
          exit = await Effect.runPromiseExit(Effect.provideContext(useCase, this.context(trx, events, options)))
          if (Exit.isFailure(exit) && !(options.commitOnFailure && !Cause.hasDies(exit.cause))) throw new Rollback()
        })
      } catch (e) {
        if (!(e instanceof Rollback)) exit = Exit.die(e)
      }
      const done = exit ?? Exit.die(new Error("transaction ended without an outcome"))
      if (isRetryable(done) && attempt < MAX_ATTEMPTS) continue
      if (Exit.isSuccess(done)) events.forEach((event) => this.publish(event))
      return done
    }
  }
}
