/** A one-line progress bar on stderr, drawn only on a terminal and at most ten times a second. */
export interface Progress {
  update(done: number, note?: string): void
  finish(): void
}

const WIDTH = 30

export const progressBar = (total: number, enabled = process.stderr.isTTY === true): Progress => {
  if (!enabled || total <= 0) return { update: () => {}, finish: () => {} }
  let last = 0
  let drawn = false
  const draw = (done: number, note: string) => {
    const ratio = Math.min(1, done / total)
    const filled = Math.round(ratio * WIDTH)
    process.stderr.write(`\r[${"#".repeat(filled)}${".".repeat(WIDTH - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${note}\x1b[K`)
    drawn = true
  }
  return {
    update: (done, note = "") => {
      const now = Date.now()
      if (now - last < 100 && done < total) return
      last = now
      draw(done, note)
    },
    finish: () => {
      if (drawn) process.stderr.write("\r\x1b[K")
    }
  }
}
