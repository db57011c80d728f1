/** `station stats [--date YYYY-MM-DD]`: one Asia/Shanghai business day per worksite, withdrawals and wallet totals. */
import { stationStats } from "#adapters/ops/stats"
import { statusStr, type ParcelStatus } from "#src/parcel/parcel"
import { yuan } from "#src/shared/money"
import { shanghaiDate, shanghaiDay } from "#src/shared/time"
import { withdrawalStatusLabel, WithdrawalStatus } from "#src/wallet/withdrawal"
import { withDatabase } from "./database"
import { render, UsageError, type Options } from "./outcome"
import { pairs, table } from "./table"

export interface StatsOptions extends Options {
  readonly date?: string
}

export const stats = async (options: StatsOptions) => {
  const date = options.date ?? shanghaiDate(new Date())
  const day = shanghaiDay(date)
  if (!day) throw new UsageError(`--date must be a calendar date YYYY-MM-DD, got ${date}`)
  return withDatabase(async ({ db }) => {
    const s = await stationStats(db, date, day)
    const shelfStatuses = [...new Set(s.worksites.flatMap((w) => Object.keys(w.onShelf)))].sort((a, b) => Number(a) - Number(b))
    const { wallets: w, withdrawals } = s
    render(options, s, () => [
      `Business day ${s.date} (Asia/Shanghai, ${s.from.toISOString()} – ${s.to.toISOString()})`,
      "",
      table(s.worksites, [
        { header: "worksite", value: (x) => `${x.siteCode} ${x.name}` },
        { header: "check-ins", value: (x) => x.checkIns },
        { header: "pickups", value: (x) => x.pickups },
        { header: "on shelf", value: (x) => Object.values(x.onShelf).reduce((a, b) => a + b, 0) },
        ...shelfStatuses.map((st) => ({ header: statusStr(Number(st) as ParcelStatus), value: (x: (typeof s.worksites)[number]) => x.onShelf[st] ?? 0 }))
      ]),
      "",
      pairs([
        [`withdrawals ${withdrawalStatusLabel(WithdrawalStatus.pending)}`, `${withdrawals.pending.count} (¥${yuan(withdrawals.pending.sumFen)})`],
        [`withdrawals ${withdrawalStatusLabel(WithdrawalStatus.approved)}, not paid`, `${withdrawals.approved.count} (¥${yuan(withdrawals.approved.sumFen)})`],
        ["wallets", w.count],
        ["wallet balances", `¥${yuan(w.moneyFen)} (ledger ¥${yuan(w.ledgerMoneyFen)})`],
        ["wallet points", `${w.activeScore} (ledger ${w.ledgerScore})`],
        ["wallets = ledger", w.consistent ? "yes" : `NO: ${w.inconsistent} wallet(s) differ (run station check)`]
      ])
    ].join("\n"))
  })
}
