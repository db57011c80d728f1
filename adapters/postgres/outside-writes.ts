/**
 * Writes that belong to no caller's transaction: the books of an outside service (the simulated payment
 * provider's) are kept whatever the transaction that called the service does, as a real provider's would.
 *
 * On Postgres each request runs in a transaction of its own on connections beside the pool (`Database.beside`).
 * Embedded PGlite has one session, and a caller's transaction holds it while it runs (a `station` command's
 * transaction through the server's socket too): a request made there is written in that transaction and each of
 * its writes is journaled. The caller's transaction, opened through `transaction`, begins with a savepoint; when
 * it would roll back with journaled writes, it rolls back to the savepoint instead, writes the journal again and
 * commits. The session is never let go in between, so nobody sees the books without those writes; only a crash
 * or a lost connection before the commit loses them, together with the caller's own writes. A request made
 * outside any transaction runs in a transaction of its own.
 */
import { sql, type CompiledQuery, type Compilable, type Kysely, type QueryResult, type Transaction } from "kysely"
import type { DB } from "./schema"

/** One request's view of the database: read with `db`, write only through `write`. */
export interface OutsideRequest {
  readonly db: Kysely<DB>
  write<R>(query: Compilable<R>): Promise<QueryResult<R>>
}

const SAVEPOINT = sql.raw("before_caller")

/** The writes outside requests made in each caller's transaction opened by `transaction` (PGlite), whoever made them. */
const journals = new WeakMap<Kysely<DB>, CompiledQuery[]>()

export class OutsideWrites {
  /** `beside`: on Postgres, connections of their own for the requests; undefined on PGlite (one session). */
  constructor(private readonly main: Kysely<DB>, private readonly beside: Kysely<DB> | undefined) {}

  /** One request's reads and writes, kept whatever `caller` (the transaction or pool the request comes from) does. */
  async run<A>(caller: Kysely<DB> | undefined, work: (request: OutsideRequest) => Promise<A>): Promise<A> {
    if (this.beside) return this.beside.transaction().execute((trx) => work(requestOn(trx)))
    if (caller?.isTransaction) {
      const journal = journals.get(caller)
      if (!journal) throw new Error("an outside request inside a transaction not opened by OutsideWrites.transaction would roll back with it")
      return work(requestOn(caller, journal))
    }
    return this.main.transaction().execute((trx) => work(requestOn(trx)))
  }

  /** A caller's transaction on `db`: what outside requests wrote in it is kept when it fails (it fails all the same). */
  async transaction<A>(db: Kysely<DB>, body: (trx: Transaction<DB>) => Promise<A>): Promise<A> {
    if (this.beside) return db.transaction().execute(body)
    let failed: { readonly error: unknown } | undefined
    const answer = await db.transaction().execute(async (trx) => {
      await sql`savepoint ${SAVEPOINT}`.execute(trx)
      const journal: CompiledQuery[] = []
      journals.set(trx, journal)
      try {
        return await body(trx)
      } catch (error) {
        if (journal.length === 0) throw error
        await sql`rollback to savepoint ${SAVEPOINT}`.execute(trx)
        for (const query of journal) await trx.executeQuery(query)
        failed = { error }
        return undefined as A
      } finally {
        journals.delete(trx)
      }
    })
    if (failed) throw failed.error
    return answer
  }
}

const requestOn = (db: Kysely<DB>, journal?: CompiledQuery[]): OutsideRequest => ({
  db,
  write: (query) => {
    const compiled = query.compile()
    journal?.push(compiled)
    return db.executeQuery(compiled)
  }
})
