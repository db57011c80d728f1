/**
 * `station stats [--date YYYY-MM-DD] [--worksite S]`: a business day's figures per worksite (the statistics module's,
 * as the head office sees them: the stored record of a closed day, else counted now), each worksite's shelf now,
 * the withdrawals waiting and the wallet totals.
 */
import { stationStats } from "#adapters/ops/stats"
import { statusStr, type ParcelStatus } from "#src/parcel/parcel"
import { yuan } from "#src/shared/money"
import { shanghaiDate, shanghaiDateTime, shanghaiDay } from "#src/shared/time"
import { FIGURE_KEYS, FIGURES, type Figures } from "#src/statistics/figures"
import { dayFiguresForOperator } from "#src/statistics/use-cases"
import { withRuntime } from "./database"
import { render, UsageError, valueOf, type Options } from "./outcome"
import { pairs, table } from "./table"
import { word } from "./lang"

export interface StatsOptions extends Options {
  readonly date?: string
  readonly worksite?: string
}

const shown = (figures: Figures, key: (typeof FIGURE_KEYS)[number]) => (FIGURES[key].money ? `¥${yuan(figures[key])}` : figures[key])

export const stats = async (options: StatsOptions) => {
  const date = options.date ?? shanghaiDate(new Date())
  const day = shanghaiDay(date)
  if (!day) throw new UsageError(`--date must be a calendar date YYYY-MM-DD, got ${date}`)
  return withRuntime(async (runtime) => {
    const days = valueOf(await runtime.read(dayFiguresForOperator(date, options.worksite)))
    const s = await stationStats(runtime.db)
    const worksites = days.map(({ site, figures, record }) => ({
      id: site.id, siteCode: site.siteCode, name: site.name,
      checkIns: figures.checkedIn, pickups: figures.handedOut,
      onShelf: s.worksites.find((w) => w.id === site.id)?.onShelf ?? {},
      record, figures
    }))
    const shelfStatuses = [...new Set(worksites.flatMap((w) => Object.keys(w.onShelf)))].sort((a, b) => Number(a) - Number(b))
    const { wallets: w, withdrawals } = s
    const report = { date, from: day.from, to: day.to, worksites, withdrawals, wallets: w }
    render(options, report, () => [
      `Business day ${date} (${shanghaiDateTime(day.from)} – ${shanghaiDateTime(day.to)})`,
      "",
      table(worksites, [
        { header: "worksite", value: (x) => `${x.siteCode} ${x.name}` },
        { header: "check-ins", value: (x) => x.checkIns },
        { header: "pickups", value: (x) => x.pickups },
        { header: "on shelf", value: (x) => Object.values(x.onShelf).reduce((a, b) => a + b, 0) },
        ...shelfStatuses.map((st) => ({ header: { verbatim: word(statusStr(Number(st) as ParcelStatus)) }, value: (x: (typeof worksites)[number]) => x.onShelf[st] ?? 0 }))
      ]),
      "",
      `Figures of the day (${worksites.every((x) => x.record) ? "stored" : "counted now where not stored"}; docs/statistics.md)`,
      table(FIGURE_KEYS, [
        { header: "figure", value: (k) => `${FIGURES[k].label} (${FIGURES[k].wire})` },
        ...worksites.map((x) => ({ header: { verbatim: x.siteCode }, value: (k: (typeof FIGURE_KEYS)[number]) => shown(x.figures, k), align: "right" as const }))
      ]),
      "",
      pairs([
        ["withdrawals pending", `${withdrawals.pending.count} (¥${yuan(withdrawals.pending.sumFen)})`],
        ["withdrawals approved, not paid", `${withdrawals.approved.count} (¥${yuan(withdrawals.approved.sumFen)})`],
        ["wallets", w.count],
        ["wallet balances", `¥${yuan(w.moneyFen)} (ledger ¥${yuan(w.ledgerMoneyFen)})`],
        ["wallet points", `${w.activeScore} (ledger ${w.ledgerScore})`],
        ["wallets = ledger", w.consistent ? "yes" : `NO: ${w.inconsistent} wallet(s) differ (run station check)`]
      ])
    ].join("\n"))
  })
}
