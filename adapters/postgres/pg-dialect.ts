/**
 * A Kysely dialect over pg connections that pipeline: a statement is written to the wire at once,
 * without waiting for the answer to the one before it.
 *
 * Over a pool, a statement whose answer nobody waits for rides ahead of the next one, which waits for
 * both. Two statements ride this way:
 * - a transaction's BEGIN rides with its first statement;
 * - a statement marked `ridesWithCommit` (an Idempotency-Key's kept outcome) rides with the COMMIT,
 *   so the row locks a change took are held across one round trip fewer.
 * A statement that rode and failed fails the statement after it (its transaction is then aborted, and
 * the COMMIT is refused), so nothing is lost by not waiting for it. Only a BEGIN that failed would let
 * its transaction's first statement run on its own; BEGIN fails only with its connection, which takes
 * that statement with it.
 */
import {
  CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler,
  type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult, type TransactionSettings
} from "kysely"
import pg from "pg"

const riders = new WeakSet<CompiledQuery>()

/** Marks a statement whose result is not read to ride with its transaction's COMMIT; outside a transaction, or on another dialect, it runs as usual. */
export const ridesWithCommit = (query: CompiledQuery): CompiledQuery => {
  riders.add(query)
  return query
}

/** How a statement that rode ended: a failure is held here, not left as a rejected promise. */
type Ridden = Promise<{ readonly failed: false } | { readonly failed: true; readonly error: unknown }>

const resultOf = <R>({ command, rowCount, rows }: pg.QueryResult): QueryResult<R> => ({
  rows: (rows ?? []) as Array<R>,
  numAffectedRows: command === "INSERT" || command === "UPDATE" || command === "DELETE" || command === "MERGE" ? BigInt(rowCount ?? 0) : undefined
})

class PipelinedConnection implements DatabaseConnection {
  private ahead: Ridden | undefined
  /** Between BEGIN and COMMIT or ROLLBACK: only there is a COMMIT sure to follow a statement that rides. */
  inTransaction = false

  /** The socket is corked: what is written waits for one write with what follows (`gather`). */
  private gathering = false

  /** With `gatherTurn`, every statement written within one turn of the event loop leaves in one write. */
  constructor(readonly client: pg.PoolClient, private readonly gatherTurn = false) {}

  /**
   * Holds the socket's writes until `flush` or, at the latest, the end of this turn of the event loop:
   * a write to the socket is a system call that wakes Postgres, a fifth of a check-in's Node time.
   */
  private gather() {
    if (this.gathering) return
    this.gathering = true
    this.socket.cork()
    setImmediate(() => this.flush())
  }

  private flush() {
    if (!this.gathering) return
    this.gathering = false
    this.socket.uncork()
  }

  /** The pool hands out pg Clients, whose connection's stream is the socket to Postgres. */
  private get socket() {
    return (this.client as unknown as pg.Client).connection.stream
  }

  /** Writes the statement now, behind whatever rides ahead of it (in the same write), and answers once both are done. */
  async send(query: CompiledQuery): Promise<pg.QueryResult> {
    const ahead = this.ahead
    this.ahead = undefined
    if (this.gatherTurn) this.gather()
    const answer = this.client.query(query.sql, [...query.parameters])
    if (!this.gatherTurn) this.flush()
    answer.catch(() => {}) // it may fail while what rode ahead is still awaited; it is handled below
    const before = await ahead
    // behind a failure this statement ran in the aborted transaction: the first failure is the one to report
    if (before?.failed) throw before.error
    return answer
  }

  /** Writes the statement with the next one and answers at once; how it ended is told by the next statement. */
  ride(query: CompiledQuery) {
    const ahead = this.ahead
    this.gather()
    const answer = this.client.query(query.sql, [...query.parameters])
    this.ahead = Promise.all([ahead, answer.then(() => ({ failed: false as const }), (error: unknown) => ({ failed: true as const, error }))])
      .then(([before, own]) => (before?.failed ? before : own))
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (riders.has(query) && this.inTransaction) {
      this.ride(query)
      return { rows: [] }
    }
    return resultOf<R>(await this.send(query))
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("the station does not stream query results")
  }

  /** Stops waiting for what rides ahead; it still runs before the next statement, which answers only for itself. */
  forget() {
    this.ahead = undefined
  }

  release() {
    this.inTransaction = false
    this.forget()
    this.flush()
    this.client.release()
  }
}

/**
 * A few connections that short reads share instead of taking turns on the pool: each read is written
 * behind the others on its connection, so none waits for a free connection, and the reads of one turn
 * of the event loop go out in one write. A long read would hold up every read behind it, and no
 * transaction may run here. A connection that fails is replaced at the next read.
 */
export class SharedConnections {
  private readonly slots: Array<Promise<pg.PoolClient> | undefined>
  private turn = 0

  constructor(private readonly config: pg.ClientConfig, size: number, private readonly onConnect: (client: pg.PoolClient) => void = () => {}) {
    this.slots = Array.from({ length: size }, () => undefined)
  }

  connect(): Promise<pg.PoolClient> {
    const slot = this.turn++ % this.slots.length
    return (this.slots[slot] ??= this.open(slot))
  }

  private open(slot: number): Promise<pg.PoolClient> {
    const client = new pg.Client({ ...this.config, pipeline: true } as pg.ClientConfig)
    const opened = client.connect().then(() => {
      // shared, never handed back: releasing it is a no-op
      const shared = Object.assign(client, { release: () => {} }) as unknown as pg.PoolClient
      this.onConnect(shared)
      return shared
    })
    const lost = () => { if (this.slots[slot] === opened) this.slots[slot] = undefined }
    client.on("error", lost) // its reads in flight fail with it
    client.on("end", lost)
    opened.catch(lost)
    return opened
  }

  async end() {
    const open = this.slots.splice(0)
    await Promise.all(open.map((client) => client?.then((c) => (c as unknown as pg.Client).end(), () => {})))
  }
}

type Connections = Pick<pg.Pool, "connect" | "end"> | SharedConnections

class PipelinedDriver implements Driver {
  private readonly connections = new WeakMap<pg.PoolClient, PipelinedConnection>()

  constructor(private readonly pool: Connections) {}

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const client = await this.pool.connect()
    let connection = this.connections.get(client)
    if (!connection) this.connections.set(client, (connection = new PipelinedConnection(client, this.pool instanceof SharedConnections)))
    return connection
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    if (this.pool instanceof SharedConnections) throw new Error("no transaction runs on the shared connections of short reads")
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : ""
    const mode = settings.accessMode ? ` ${settings.accessMode}` : ""
    ;(connection as PipelinedConnection).inTransaction = true
    ;(connection as PipelinedConnection).ride(CompiledQuery.raw(`start transaction${level}${mode}`))
  }

  async commitTransaction(connection: DatabaseConnection) {
    ;(connection as PipelinedConnection).inTransaction = false
    const { command } = await (connection as PipelinedConnection).send(CompiledQuery.raw("commit"))
    // COMMIT of a transaction an error aborted answers ROLLBACK; every such error was thrown already
    if (command !== "COMMIT") throw new Error(`COMMIT answered ${command}: the transaction was rolled back`)
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const pipelined = connection as PipelinedConnection
    pipelined.inTransaction = false
    pipelined.forget() // the rollback undoes what rode ahead of it, so how that ended no longer matters
    await pipelined.send(CompiledQuery.raw("rollback"))
  }

  async releaseConnection(connection: DatabaseConnection) {
    ;(connection as PipelinedConnection).release()
  }

  async destroy() {
    await this.pool.end()
  }
}

export class PipelinedPostgresDialect implements Dialect {
  /** A pool must be made with `pipeline: true`, so its connections write a statement without waiting for the one before. */
  constructor(private readonly pool: Connections) {}
  createAdapter() { return new PostgresAdapter() }
  createDriver() { return new PipelinedDriver(this.pool) }
  createQueryCompiler() { return new PostgresQueryCompiler() }
  createIntrospector(db: Kysely<unknown>) { return new PostgresIntrospector(db) }
}
