/** The points screen: points held (lowered locally after a conversion) and the number typed, taken only when whole. */
import { computed, signal } from "@preact/signals-react"

export const messages = { wholeOnly: "请输入整数积分" } as const

const WHOLE = /^\d+$/

export const createPoints = (initialHeld: number | undefined) => {
  const held = signal<number | undefined>(initialHeld)
  const text = signal("")
  /** What was typed is kept as typed: `12.5` stays `12.5` (and is refused), it never becomes `125`. */
  const notWhole = computed(() => text.value !== "" && !WHOLE.test(text.value))
  const requested = computed(() => (text.value === "" || notWhole.value ? Number.NaN : Number(text.value)))
  return {
    held,
    text,
    notWhole,
    requested,
    type: (value: string) => { text.value = value.trim() },
    converted: (points: number) => {
      held.value = Math.max(0, (held.value ?? 0) - points)
      text.value = ""
    }
  }
}
