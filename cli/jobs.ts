/** `station jobs`: the scheduler's jobs, and running one now (the server runs them on its own schedule). */
import { jobNamed, jobs } from "#adapters/scheduler/jobs"
import { withRuntime } from "./database"
import { render, UsageError, type Options } from "./outcome"
import { pairs, table } from "./table"

const every = (ms: number) => (ms % 3_600_000 === 0 ? `${ms / 3_600_000} h` : ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`)

export const listJobs = async (options: Options) => {
  render(options, jobs.map((j) => ({ name: j.name, description: j.description, everyMs: j.everyMs })), () =>
    table(jobs, [
      { header: "name", value: (j) => j.name },
      { header: "every", value: (j) => every(j.everyMs), align: "right" },
      { header: "does", value: (j) => j.description }
    ]))
}

export const runJob = async (name: string, options: Options) => {
  const job = jobNamed(name)
  if (!job) throw new UsageError(`no job named ${name}; the jobs are ${jobs.map((j) => j.name).join(", ")}`)
  return withRuntime(async (runtime) => {
    const at = new Date()
    const result = await job.run(runtime, at)
    render(options, { job: job.name, at, result }, () => `Ran ${job.name}.\n${pairs(Object.entries(result))}`)
  })
}
