/** A Kysely dialect over embedded PGlite that hands out its single session to one user at a time. */
import type { PGlite } from "@electric-sql/pglite"
import {
  CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler,
  type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult, type TransactionSettings
} from "kysely"

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pg.query<R>(query.sql, [...query.parameters])
    return result.affectedRows !== undefined && !/^\s*select/i.test(query.sql)
      ? { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) }
      : { rows: result.rows }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("PGlite dialect does not stream")
  }
}

/** PGlite has one backend session: whoever holds this lock owns it, from a query or BEGIN until COMMIT. */
export class SessionLock {
  private queue: Promise<void> = Promise.resolve()

  async acquire(): Promise<() => void> {
    const previous = this.queue
    let release!: () => void
    this.queue = new Promise<void>((resolve) => (release = resolve))
    await previous
    return release
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection
  private release: (() => void) | undefined

  constructor(private readonly pg: PGlite, private readonly session: SessionLock) {
    this.connection = new PGliteConnection(pg)
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    this.release = await this.session.acquire()
    return this.connection
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : ""
    await connection.executeQuery(CompiledQuery.raw(`begin${level}`))
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("commit"))
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("rollback"))
  }

  async releaseConnection() {
    const release = this.release
    this.release = undefined
    release?.()
  }

  async destroy() {
    await this.pg.close()
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite, private readonly session = new SessionLock()) {}
  createAdapter() { return new PostgresAdapter() }
  createDriver() { return new PGliteDriver(this.pg, this.session) }
  createQueryCompiler() { return new PostgresQueryCompiler() }
  createIntrospector(db: Kysely<any>) { return new PostgresIntrospector(db) }
}
