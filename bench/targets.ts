/**
 * The bench's one table of figures against their targets (issue 24, "Proof"): each section of `npm run bench` hands
 * its measured figures over as `Figure`s, and the run prints them together, under the machine's CPU count and the
 * time it ran, so a missed target is shown beside the met ones instead of in its section's notes.
 */
import { cpus, availableParallelism, loadavg } from "node:os"

export interface Figure {
  /** The bench section: check-in, read, pages, live, replay. */
  readonly area: string
  readonly measure: string
  /** The figure as measured, with its unit. */
  readonly value: string
  /** The target as the issue states it. */
  readonly target: string
  readonly met: boolean
}

const shown = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : "–")

/** A figure that must stay at or below `bound` (a latency), `unit` after both numbers. */
export const atMost = (area: string, measure: string, value: number, bound: number, unit = "ms", digits = 1): Figure => ({
  area, measure, value: `${shown(value, digits)} ${unit}`, target: `≤ ${bound} ${unit}`, met: Number.isFinite(value) && value <= bound
})

/** A figure that must reach `bound` (a rate, a ratio). */
export const atLeast = (area: string, measure: string, value: number, bound: number, unit: string, digits = 2): Figure => ({
  area, measure, value: `${shown(value, digits)}${unit === "×" ? "" : " "}${unit}`, target: `≥ ${bound}${unit === "×" ? "" : " "}${unit}`,
  met: Number.isFinite(value) && value >= bound
})

/** A count that must be exactly right (winners per round, events that arrived). */
export const exactly = (area: string, measure: string, value: string, target: string, met: boolean): Figure => ({ area, measure, value, target, met })

/** The section's MET/MISSED line for a figure. */
export const verdictLine = (f: Figure) => `${f.met ? "MET" : "MISSED"}: ${f.measure}: ${f.value} (target ${f.target})`

export interface RunTimes {
  readonly startedAt: Date
  readonly endedAt: Date
}

/** The machine the figures come from: CPU count and model, and the load it carried. */
export const machineLine = ({ startedAt, endedAt }: RunTimes) => {
  const model = cpus()[0]?.model.trim() ?? "unknown CPU"
  const minutes = (endedAt.getTime() - startedAt.getTime()) / 60_000
  return `${availableParallelism()} CPUs (${model}) shared by the server, the load generators, chromium and Postgres; ` +
    `run ${startedAt.toISOString().slice(0, 16).replace("T", " ")}–${endedAt.toISOString().slice(11, 16)} UTC (${shown(minutes, 1)} min), ` +
    `load average ${loadavg().map((l) => shown(l, 2)).join(" / ")} at the end`
}

/** Every figure of the run in one markdown table, met and missed alike, with the count of each. */
export const targetTable = (figures: ReadonlyArray<Figure>, times: RunTimes) => {
  const missed = figures.filter((f) => !f.met).length
  return [
    `Targets: ${figures.length - missed} met, ${missed} missed. ${machineLine(times)}.`,
    "",
    "| area | measure | figure | target | met |",
    "|---|---|---:|---|---|",
    ...figures.map((f) => `| ${f.area} | ${f.measure} | ${f.value} | ${f.target} | ${f.met ? "met" : "**MISSED**"} |`)
  ].join("\n")
}
