/** `station sms credit|grant`: the worksites' SMS credit (what their parcel notices spend) and the operator's grants. */
import type { WorksiteCredit } from "#src/support/support-store"
import { grantSms, smsCredits } from "#src/support/use-cases"
import { withRuntime } from "./database"
import { render, UsageError, valueOf, type Options } from "./outcome"
import { type Column, table } from "./table"

export interface CreditOptions extends Options {
  readonly worksite?: string
}

const columns: ReadonlyArray<Column<WorksiteCredit>> = [
  { header: "worksite", value: (c: WorksiteCredit) => c.siteCode },
  { header: "name", value: (c: WorksiteCredit) => c.shortName },
  { header: "credit", value: (c: WorksiteCredit) => c.credit, align: "right" as const },
  { header: "ledger", value: (c: WorksiteCredit) => c.ledger, align: "right" as const }
]

export const listCredits = async (options: CreditOptions) =>
  withRuntime(async (runtime) => {
    const rows = valueOf(await runtime.read(smsCredits(options.worksite || undefined)))
    render(options, rows, () => (rows.length === 0 ? "No such worksite." : table(rows, columns)))
  })

export interface GrantOptions extends Options {
  readonly reason: string
}

export const grantCredit = async (siteCode: string, count: string, options: GrantOptions) => {
  if (!/^\d+$/.test(count)) throw new UsageError(`the count must be a whole number of SMS, not ${count}`)
  return withRuntime(async (runtime) => {
    const granted = valueOf(await runtime.run(grantSms(siteCode, Number(count), options.reason)))
    render(options, granted, () => `Granted ${count} SMS to ${granted.siteCode} (${granted.shortName}); credit now ${granted.credit}.`)
  })
}
