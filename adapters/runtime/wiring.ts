/**
 * How the port list (ports.ts) becomes the context a use case runs with. An entry names its port, when its
 * adapter is made — once per runtime, per database handle (a run's transaction, or the pool, whose services are
 * made once and kept), or per run — and its adapters: the live one, the local fake, or both with the setting that
 * picks the live one.
 */
import { Context } from "effect"
import type { Kysely } from "kysely"
import type { LiveEvent, StationOperation } from "#src/shared/ports"
import type { FakeLocker } from "../locker/fake-locker"
import type { FakeMessagingApp } from "../messaging/fake-messaging-app"
import type { SimulatedPaymentProvider } from "../payments/simulated-provider"
import type { DB } from "../postgres/schema"
import type { FakePrinter } from "../printer/fake-printer"
import type { Secrets } from "../security/secrets"
import type { FakeSmsGateway } from "../sms/fake-sms-gateway"
import type { Caches } from "./caches"

/** The local stand-ins for outside services a runtime holds: adapters talk to them, tests look into them. */
export interface StandIns {
  readonly sms: FakeSmsGateway
  readonly messaging: FakeMessagingApp
  readonly locker: FakeLocker
  readonly printer: FakePrinter
  readonly paymentProvider: SimulatedPaymentProvider
}

/** What adapters are made from, once per runtime. */
export interface Makings {
  readonly secrets: Secrets
  readonly uploadsDir: string
  readonly standIns: StandIns
  readonly caches: Caches
  /** The settings a port's adapter reads (the process's environment, or a test's). */
  readonly env: NodeJS.ProcessEnv
}

/** What a run's own services are made from. */
export interface RunScope {
  readonly now: () => Date
  readonly nextId: () => string
  /** The live events the run raises, published after it commits. */
  readonly events: LiveEvent[]
  /** Every id `nextId` handed out, in order: each operation the run logs keeps those drawn for it. */
  readonly drawn: string[]
  /** The operations the run logged, each with how many ids had been drawn when it was; written at the run's end. */
  readonly logged: Array<{ readonly operation: StationOperation; readonly drawnBefore: number }>
}

export type When = "process" | "transaction" | "run"

type InputOf<W extends When> = W extends "process" ? Makings : W extends "transaction" ? Makings & { readonly db: Kysely<DB> } : RunScope

export interface Entry<I, S, W extends When> {
  readonly port: Context.Key<I, S>
  readonly when: W
  readonly live?: (input: InputOf<W>) => S
  readonly fake?: (input: InputOf<W>) => S
  /** With both adapters: whether the settings ask for the live one (else the fake). */
  readonly liveWhen?: (env: NodeJS.ProcessEnv) => boolean
}

type AnyEntry = Entry<any, any, When>

/** A port's one adapter (a function), its local fake, or both and the setting that picks the live one. */
type Adapters<In, S> =
  | ((input: In) => S)
  | { readonly fake: (input: In) => S }
  | { readonly live: (input: In) => S; readonly fake: (input: In) => S; readonly liveWhen: (env: NodeJS.ProcessEnv) => boolean }

const entry = <W extends When>(when: W) => <I, S>(port: Context.Key<I, S>, adapters: Adapters<InputOf<W>, NoInfer<S>>): Entry<I, S, W> =>
  typeof adapters === "function" ? { port, when, live: adapters } : { port, when, ...adapters }

/** Made once per runtime: keys, codecs and outside services that hold no transaction. */
export const perProcess = entry("process")
/** Made for each database handle a run uses: its transaction, or (made once and kept) the pool for reads. */
export const perTransaction = entry("transaction")
/** Made for each run: its clock and ids (fixed for replays) and the events it raises. */
export const perRun = entry("run")

/** The services of a list's entries made at `when` (all of them by default). */
export type ServicesOf<L extends ReadonlyArray<AnyEntry>, W extends When = When> =
  L[number] extends infer E ? (E extends Entry<infer I, infer _S, W> ? I : never) : never

/** Which adapter an entry uses under these settings. */
export const chosenAdapter = (entry: AnyEntry, env: NodeJS.ProcessEnv): "live" | "fake" =>
  entry.live && (!entry.fake || entry.liveWhen?.(env)) ? "live" : "fake"

type Maker<W extends When> = { readonly port: Context.Key<unknown, unknown>; readonly make: (input: InputOf<W>) => unknown }

const makers = <W extends When>(list: ReadonlyArray<AnyEntry>, when: W, env: NodeJS.ProcessEnv): ReadonlyArray<Maker<W>> =>
  list.filter((e) => e.when === when).map((e) => ({ port: e.port, make: (chosenAdapter(e, env) === "live" ? e.live : e.fake)! }))

/**
 * `base` and the services made for `input`, as one flat context: one map, filled here and never changed after
 * (a run's own services then go on top without copying it). Its type is the list's (`ServicesOf`).
 */
const withAll = <W extends When>(base: Context.Context<unknown>, made: ReadonlyArray<Maker<W>>, input: InputOf<W>): Context.Context<unknown> => {
  const services = new Map(base.mapUnsafe)
  for (const m of made) services.set(m.port.key, m.make(input))
  return Context.makeUnsafe(services)
}

const addAll = <W extends When>(base: Context.Context<unknown>, made: ReadonlyArray<Maker<W>>, input: InputOf<W>) =>
  made.reduce((context, m) => Context.add(context, m.port, m.make(input)), base)

/**
 * The context of every port in `list`: the process's adapters made here, once; a transaction's for each run on
 * it; the pool's once for each pool; the run's own for each run.
 */
export class Wiring<L extends ReadonlyArray<AnyEntry>> {
  private readonly process: Context.Context<unknown>
  private readonly transaction: ReadonlyArray<Maker<"transaction">>
  private readonly run: ReadonlyArray<Maker<"run">>
  private readonly pools = new Map<Kysely<DB>, Context.Context<unknown>>()

  constructor(list: L, private readonly makings: Makings, env: NodeJS.ProcessEnv) {
    const keys = list.map((e) => e.port.key)
    const twice = keys.find((key, i) => keys.indexOf(key) !== i)
    if (twice) throw new Error(`port ${twice} is listed twice`)
    this.process = withAll(Context.empty() as Context.Context<unknown>, makers(list, "process", env), makings)
    this.transaction = makers(list, "transaction", env)
    this.run = makers(list, "run", env)
  }

  /** Every service a run on `db` uses; `pooled`: `db` is a pool, whose services are made once and kept. */
  services(db: Kysely<DB>, scope: RunScope, pooled = false): Context.Context<ServicesOf<L>> {
    let base = pooled ? this.pools.get(db) : undefined
    if (!base) {
      base = withAll(this.process, this.transaction, { ...this.makings, db })
      if (pooled) this.pools.set(db, base)
    }
    return addAll(base, this.run, scope) as Context.Context<ServicesOf<L>>
  }

  /** The services of the runs on one open transaction, its adapters made once for all of them (a replay's batch). */
  servicesOn(db: Kysely<DB>): (scope: RunScope) => Context.Context<ServicesOf<L>> {
    const base = withAll(this.process, this.transaction, { ...this.makings, db })
    return (scope) => addAll(base, this.run, scope) as Context.Context<ServicesOf<L>>
  }
}
