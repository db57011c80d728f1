/** Whether the parcel on screen was just taken away (told live by the server). */
import { signal } from "@preact/signals-react"

export const createTaken = () => {
  const taken = signal(false)
  return { taken, takenAway: () => { taken.value = true } }
}
