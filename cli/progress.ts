/**
 * A one-line progress bar on stderr, drawn only on a terminal (not piped, not TERM=dumb) and at most ten
 * times a second. It redraws with a carriage return and spaces: no ANSI escape codes, so nothing to strip
 * for NO_COLOR either.
 */
export interface Progress {
  update(done: number, note?: string): void
  finish(): void
}

const WIDTH = 30

export const isInteractive = (stream: { isTTY?: boolean } = process.stderr, env: NodeJS.ProcessEnv = process.env) =>
  stream.isTTY === true && env.TERM !== "dumb"

export const progressBar = (total: number, enabled = isInteractive(), write = (text: string) => { process.stderr.write(text) }): Progress => {
  if (!enabled || total <= 0) return { update: () => {}, finish: () => {} }
  let last = 0
  let drawn = 0
  const draw = (done: number, note: string) => {
    const ratio = Math.min(1, done / total)
    const filled = Math.round(ratio * WIDTH)
    const line = `[${"#".repeat(filled)}${".".repeat(WIDTH - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${note}`
    write(`\r${line.padEnd(drawn)}`)
    drawn = line.length
  }
  return {
    update: (done, note = "") => {
      const now = Date.now()
      if (now - last < 100 && done < total) return
      last = now
      draw(done, note)
    },
    finish: () => {
      if (drawn > 0) write(`\r${" ".repeat(drawn)}\r`)
    }
  }
}

/** One line of progress without a known total (a count, a phase), redrawn like the bar: on a terminal only. */
export interface ProgressLine {
  update(note: string): void
  finish(): void
}

export const progressLine = (enabled = isInteractive(), write = (text: string) => { process.stderr.write(text) }): ProgressLine => {
  if (!enabled) return { update: () => {}, finish: () => {} }
  let last = 0
  let drawn = 0
  return {
    update: (note) => {
      const now = Date.now()
      if (now - last < 100) return
      last = now
      write(`\r${note.padEnd(drawn)}`)
      drawn = note.length
    },
    finish: () => {
      if (drawn > 0) write(`\r${" ".repeat(drawn)}\r`)
      drawn = 0
    }
  }
}

/** While a step with no count of its own runs (a backup, the invariants), `note… 3s` on a terminal, cleared when it ends. */
export const whileRunning = async <A>(note: string, run: () => Promise<A>, enabled = isInteractive(), write?: (text: string) => void): Promise<A> => {
  if (!enabled) return run()
  const line = progressLine(true, write)
  const started = Date.now()
  const draw = () => line.update(`${note}… ${Math.floor((Date.now() - started) / 1000)}s`)
  draw()
  const timer = setInterval(draw, 500)
  timer.unref()
  try {
    return await run()
  } finally {
    clearInterval(timer)
    line.finish()
  }
}
