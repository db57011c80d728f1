/** The points screen: points held (lowered locally after a conversion) and the whole number typed. */
import { computed, signal } from "@preact/signals-react"

export const createPoints = (initialHeld: number | undefined) => {
  const held = signal<number | undefined>(initialHeld)
  const text = signal("")
  const requested = computed(() => (text.value === "" ? Number.NaN : Number(text.value)))
  return {
    held,
    text,
    requested,
    type: (value: string) => { text.value = value.replace(/\D/g, "") },
    converted: (points: number) => {
      held.value = Math.max(0, (held.value ?? 0) - points)
      text.value = ""
    }
  }
}
