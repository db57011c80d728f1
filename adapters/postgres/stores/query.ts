/** Runs a query as an Effect; a database failure is a defect, never an expected error. */
import { Effect } from "effect"

export const query = <A>(run: () => Promise<A>): Effect.Effect<A> => Effect.promise(run)
