/**
 * `station report-link create|list|revoke`: keys for the daily report page (`/dailyStatic/{date}#key=…`), scoped to
 * one worksite (its site admin's view) or every one; the key is shown once, in the link, and kept only hashed.
 */
import { shanghaiDateTime } from "#src/shared/time"
import { createReportLink, reportLinks, revokeReportLink } from "#src/statistics/use-cases"
import { REPORT_KEY_DAYS } from "#src/statistics/report-key"
import { serveConfig } from "./config"
import { withRuntime } from "./database"
import { render, UsageError, valueOf, type Options } from "./outcome"
import { pairs, table } from "./table"
import { word } from "./lang"

const baseUrl = () => {
  try {
    const config = serveConfig()
    return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, "")
  } catch (e) {
    throw new UsageError((e as Error).message)
  }
}

export interface CreateOptions extends Options {
  readonly worksite?: string
  readonly days?: number
}

export const createLink = async (options: CreateOptions) => {
  const base = baseUrl()
  return withRuntime(async (runtime) => {
    const made = valueOf(await runtime.run(createReportLink(options.worksite ?? null, options.days ?? REPORT_KEY_DAYS.default)))
    const link = `${base}${made.path}`
    const scope = made.site ? `${made.site.siteCode} ${made.site.name}` : "every worksite (head office view)"
    render(options, { id: made.key.id, worksiteId: made.key.worksiteId, siteCode: made.site?.siteCode ?? null, expiresAt: made.key.expiresAt, link }, () => [
      pairs([["id", made.key.id], ["scope", scope], ["expires", shanghaiDateTime(made.key.expiresAt)], ["link", link]]),
      "",
      "The key is in the link's #fragment and is shown only now; `station report-link revoke <id>` stops it at once."
    ].join("\n"))
  })
}

export const listLinks = async (options: Options) =>
  withRuntime(async (runtime) => {
    const keys = valueOf(await runtime.read(reportLinks()))
    const rows = keys.map((k) => ({
      id: k.id, worksiteId: k.worksiteId, siteCode: k.site?.siteCode ?? null, createdBy: k.createdBy, createdAt: k.createdAt, expiresAt: k.expiresAt,
      revokedAt: k.revokedAt, state: k.state
    }))
    render(options, rows, () => rows.length === 0 ? "No report links." : table(rows, [
      { header: "id", value: (r) => r.id },
      { header: "scope", value: (r) => r.siteCode ?? "all" },
      { header: "created", value: (r) => shanghaiDateTime(r.createdAt) },
      { header: "expires", value: (r) => shanghaiDateTime(r.expiresAt) },
      { header: "state", value: (r) => (r.revokedAt ? `${word("revoked")} ${shanghaiDateTime(r.revokedAt)}` : word(r.state)) }
    ]))
  })

export const revokeLink = async (id: string, options: Options) =>
  withRuntime(async (runtime) => {
    const key = valueOf(await runtime.run(revokeReportLink(id)))
    render(options, { id: key.id, revokedAt: key.revokedAt }, () => `Revoked ${key.id}: its link no longer opens the report.`)
  })
