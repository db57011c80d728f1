/** Runs a query as an Effect; a database failure is a defect, never an expected error. */
import { Effect } from "effect"
import type { Compilable, CompiledQuery } from "kysely"

export const query = <A>(run: () => Promise<A>): Effect.Effect<A> => Effect.promise(run)

/** A stand-in for a statement's i-th value while it is built; U+0000 never reaches stored data. */
const standIn = (i: number) => `\u0000stand-in ${i}`

/**
 * A statement whose shape never changes, built and compiled once: each call only puts its values where
 * the stand-ins it was built with went. For the hottest reads, where building and compiling the query
 * every time was a good part of a request's work. `build` gets one stand-in per parameter it declares,
 * and must pass each through as a value (not into the SQL text).
 */
export const compiledOnce = <Args extends ReadonlyArray<unknown>, R>(build: (...standIns: Args) => Compilable<R>) => {
  let template: { readonly compiled: CompiledQuery<R>; readonly slots: ReadonlyArray<number> } | undefined
  const compile = () => {
    const standIns = Array.from({ length: build.length }, (_, i) => standIn(i))
    const compiled = build(...(standIns as unknown as Args)).compile()
    const slots = compiled.parameters.map((p) => standIns.indexOf(p as string))
    standIns.forEach((s, i) => { if (!slots.includes(i)) throw new Error(`compiledOnce: value ${i} (${s}) is not a parameter of ${compiled.sql}`) })
    return { compiled, slots }
  }
  return (...args: Args): CompiledQuery<R> => {
    template ??= compile()
    const { compiled, slots } = template
    return { ...compiled, parameters: slots.map((slot, i) => (slot < 0 ? compiled.parameters[i] : args[slot])) }
  }
}
