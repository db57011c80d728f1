/** A call a screen makes on the user's say-so, with whether one is under way (the button shows it and ignores taps). */
import { useCallback, useRef, useState } from "react"

export const useAction = <Args extends ReadonlyArray<unknown>, A>(call: (...args: Args) => Promise<A>) => {
  const [pending, setPending] = useState(false)
  const callRef = useRef(call)
  callRef.current = call
  const run = useCallback(async (...args: Args): Promise<A> => {
    setPending(true)
    try {
      return await callRef.current(...args)
    } finally {
      setPending(false)
    }
  }, [])
  return { run, pending }
}
