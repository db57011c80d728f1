/** `station tariff import <csv>`: loads a freight tariff (per worksite and carrier, by destination province) from a CSV file. */
import { existsSync, readFileSync } from "node:fs"
import { parseTariffCsv, TARIFF_HEADER } from "#src/sending/freight"
import { importTariff } from "#src/sending/use-cases"
import { withRuntime } from "./database"
import { Refusal, render, UsageError, valueOf, type Options } from "./outcome"

/**
 * Every line is checked first (all bad lines reported with their numbers, nothing written); then, in one
 * transaction, each (worksite, carrier) the file names has its rows replaced by the file's.
 */
export const importTariffCsv = async (file: string, options: Options) => {
  if (!existsSync(file)) throw new UsageError(`no such file: ${file}`)
  const parsed = parseTariffCsv(readFileSync(file, "utf8"))
  if ("errors" in parsed) {
    throw new Refusal("RuleViolation", [`the tariff was not imported (header: ${TARIFF_HEADER.join(",")}):`, ...parsed.errors.map((e) => `  line ${e.line}: ${e.message}`)].join("\n"))
  }
  await withRuntime(async (runtime) => {
    const known = new Set((await runtime.db.selectFrom("worksite").select("id").execute()).map((w) => w.id))
    const unknown = [...new Set(parsed.rows.map((r) => r.worksiteId))].filter((id) => !known.has(id))
    if (unknown.length > 0) throw new Refusal("RuleViolation", `unknown worksite(s): ${unknown.join(", ")}`)
    const written = valueOf(await runtime.run(importTariff(parsed.rows)))
    const pairs = [...new Set(parsed.rows.map((r) => `${r.worksiteId} ${r.companyCode}`))]
    render(options, { rows: written, replaced: pairs }, () => `Imported ${written} tariff row(s); replaced the tariff of ${pairs.join(", ")}.`)
  })
}
