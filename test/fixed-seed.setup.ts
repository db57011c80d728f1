/**
 * Mutation runs only: @fast-check/vitest names each `test.prop` "… (with seed=N)" with a new random seed per run,
 * so the names Stryker records in its coverage run match no test in the mutant runs and every mutant only a
 * property covers "survives" untested. A fixed seed keeps the names (and the generated cases) the same.
 */
import { fc } from "@fast-check/vitest"

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: Number(process.env.FC_SEED ?? 20261126) })
