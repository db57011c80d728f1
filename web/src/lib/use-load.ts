/** Loads data for a screen when its inputs change; stale answers from earlier inputs are dropped. */
import { useCallback, useEffect, useRef, useState, type DependencyList } from "react"

export interface Loaded<A> {
  readonly data: A | undefined
  readonly error: unknown
  readonly loading: boolean
  readonly reload: () => void
}

/** `load` undefined means "not yet": nothing is fetched until the inputs are there. */
export const useLoad = <A>(load: (() => Promise<A>) | undefined, deps: DependencyList): Loaded<A> => {
  const [state, setState] = useState<{ data: A | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: load !== undefined
  })
  const [round, setRound] = useState(0)
  const latest = useRef(0)
  useEffect(() => {
    if (!load) return
    const id = ++latest.current
    setState((s) => ({ ...s, loading: true, error: undefined }))
    load().then(
      (data) => { if (latest.current === id) setState({ data, error: undefined, loading: false }) },
      (error: unknown) => { if (latest.current === id) setState({ data: undefined, error, loading: false }) }
    )
  }, [...deps, round, load === undefined])
  const reload = useCallback(() => setRound((r) => r + 1), [])
  return { ...state, reload }
}

/** One call of a screen's load failed: the screen's words for that call (`fallback`) beside what failed. */
export class StepFailed extends Error {
  constructor(readonly fallback: string, override readonly cause: unknown) {
    super(fallback)
    this.name = "StepFailed"
  }
}

/** A call of a load that, failing, fails the load with its own words (LoadFailed shows the server's message, else these). */
export const step = <A>(call: Promise<A>, fallback: string): Promise<A> =>
  call.catch((cause: unknown) => { throw new StepFailed(fallback, cause) })
