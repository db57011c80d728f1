/** `station activity list|add|end`: the worksites' announcements (the home carousel and their pages), written by the operator. */
import { shanghaiDateTime } from "#src/shared/time"
import { existsSync, readFileSync } from "node:fs"
import { resolve } from "node:path"
import type { Announcement } from "#src/home/activity"
import { addActivity, endActivity, listActivities } from "#src/home/use-cases"
import { withRuntime } from "./database"
import { render, UsageError, valueOf, type Options } from "./outcome"
import { pairs, table } from "./table"
import { word } from "./lang"


const view = (a: Announcement) => ({ id: a.id, worksiteId: a.worksiteId, title: a.title, timeBegin: a.timeBegin, timeEnd: a.timeEnd, content: a.content })

const described = (a: Announcement) => pairs([
  ["id", a.id],
  ["worksite", a.worksiteId],
  ["title", a.title],
  ["from", shanghaiDateTime(a.timeBegin)],
  ["until", shanghaiDateTime(a.timeEnd)]
])

export interface ListOptions extends Options {
  readonly worksite?: string
  readonly limit: number
}

export const listAnnouncements = async (options: ListOptions) =>
  withRuntime(async (runtime) => {
    const rows = valueOf(await runtime.read(listActivities({ worksiteId: options.worksite || undefined, limit: options.limit })))
    render(options, rows.map((a) => ({ ...view(a), state: a.state })), () =>
      rows.length === 0 ? "No announcements." : table(rows, [
        { header: "id", value: (a) => a.id },
        { header: "worksite", value: (a) => a.worksiteId },
        { header: "title", value: (a) => a.title },
        { header: "from", value: (a) => shanghaiDateTime(a.timeBegin) },
        { header: "until", value: (a) => shanghaiDateTime(a.timeEnd) },
        { header: "state", value: (a) => word(a.state) }
      ]))
  })

export interface AddOptions extends Options {
  readonly worksite: string
  readonly title: string
  readonly from: string
  readonly to: string
  readonly content: string
}

export const addAnnouncement = async (options: AddOptions) => {
  const file = resolve(options.content)
  if (!existsSync(file)) throw new UsageError(`no content file ${file}`)
  const content = readFileSync(file, "utf8")
  return withRuntime(async (runtime) => {
    const added = valueOf(await runtime.run(addActivity({ worksiteId: options.worksite, title: options.title, content, from: options.from, to: options.to })))
    render(options, view(added), () => `Added.\n${described(added)}`)
  })
}

export const endAnnouncement = async (id: string, options: Options) =>
  withRuntime(async (runtime) => {
    const ended = valueOf(await runtime.run(endActivity(id)))
    render(options, view(ended), () => `Ended.\n${described(ended)}`)
  })
