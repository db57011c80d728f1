/** Whether the fee on screen was just paid (told live by the server), so the page refetches the code. */
import { signal } from "@preact/signals-react"

export const createFeePaid = () => {
  const paid = signal(false)
  return { paid, paidNow: () => { paid.value = true } }
}
