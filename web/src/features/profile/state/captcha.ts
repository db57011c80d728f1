/** The send-code button's countdown: seconds left before another code may be asked for, from when the last one was sent. */
import { computed, signal } from "@preact/signals-react"
import { resendCountdown } from "#src/profile/phone"

export const createCaptchaTimer = (gapSeconds: number) => {
  const sentAt = signal<Date | undefined>(undefined)
  const now = signal(new Date())
  const secondsLeft = computed(() => resendCountdown(sentAt.value, now.value, gapSeconds))
  let ticker: ReturnType<typeof setInterval> | undefined
  const stop = () => {
    if (ticker !== undefined) clearInterval(ticker)
    ticker = undefined
  }
  return {
    secondsLeft,
    sent: (at: Date = new Date()) => {
      sentAt.value = at
      now.value = at
      stop()
      ticker = setInterval(() => {
        now.value = new Date()
        if (secondsLeft.value === 0) stop()
      }, 250)
    },
    dispose: stop
  }
}
