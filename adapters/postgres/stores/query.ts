/** Runs a query as an Effect; a database failure is a defect, never an expected error. */
import { Effect } from "effect"

export const query = <A>(run: () => Promise<A>): Effect.Effect<A> => Effect.promise(run)

export const PAGE_SIZE = 20

export const pageOf = <A>(rows: ReadonlyArray<A>, total: number, page: number) => ({
  results: rows,
  pageNumber: page,
  pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  recordCount: total
})

export const offsetOf = (page: number) => (Math.max(1, Math.floor(page)) - 1) * PAGE_SIZE
