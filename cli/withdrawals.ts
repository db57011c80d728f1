/** `station withdrawals`: list applications, approve or reject one, pay an approved one out. */
import { shanghaiDateTime } from "#src/shared/time"
import { yuan } from "#src/shared/money"
import { reviewWithdrawal, transferWithdrawal } from "#src/wallet/use-cases"
import { WalletStore } from "#src/wallet/wallet-store"
import { payoutOf, WithdrawalStatus, withdrawalStatusLabel, type WithdrawalRecord } from "#src/wallet/withdrawal"
import { withRuntime } from "./database"
import { render, UsageError, valueOf, type Options } from "./outcome"
import { pairs, table } from "./table"
import { word } from "./lang"

const label = (status: number) => {
  const text = withdrawalStatusLabel(status)
  return text === String(status) ? text : `${status} ${word(text)}`
}

const view = (w: WithdrawalRecord & { readonly openid?: string; readonly reference?: string }) => ({
  id: w.id, userId: w.userId, ...(w.openid ? { openid: w.openid } : {}), money: w.money, fee: w.fee, payout: payoutOf(w),
  status: w.status, createdAt: w.createdAt, ...(w.reference ? { reference: w.reference } : {})
})

export interface ListOptions extends Options {
  readonly status?: string
  readonly limit: number
}

const statusOption = (value: string | undefined): WithdrawalStatus | undefined => {
  if (value === undefined) return undefined
  const status = Object.values(WithdrawalStatus).find((s) => String(s) === value)
  if (status === undefined) throw new UsageError(`--status must be 0 (pending), 1 (approved), 2 (rejected) or 100 (transferred), got ${value}`)
  return status
}

export const listWithdrawals = async (options: ListOptions) => {
  const status = statusOption(options.status)
  return withRuntime(async (runtime) => {
    const rows = valueOf(await runtime.read(WalletStore.use((s) => s.listWithdrawalsByStatus(status, options.limit))))
    render(options, rows.map(view), () =>
      rows.length === 0 ? "No withdrawals." : table(rows, [
        { header: "id", value: (w) => w.id },
        { header: "openid", value: (w) => w.openid },
        { header: "amount ¥", value: (w) => yuan(w.money), align: "right" },
        { header: "fee ¥", value: (w) => yuan(w.fee), align: "right" },
        { header: "payout ¥", value: (w) => yuan(payoutOf(w)), align: "right" },
        { header: "status", value: (w) => label(w.status) },
        { header: "applied", value: (w) => shanghaiDateTime(w.createdAt) }
      ]))
  })
}

const done = { approve: "Approved", reject: "Rejected, the amount went back to the wallet", transfer: "Transferred" } as const

export const changeWithdrawal = (action: "approve" | "reject" | "transfer") => (id: string, options: Options) =>
  withRuntime(async (runtime) => {
    const record = valueOf(await runtime.run(action === "transfer" ? transferWithdrawal(id) : reviewWithdrawal(id, action)))
    render(options, view(record), () => `${done[action]}.\n${pairs([
      ["id", record.id],
      ["amount ¥", yuan(record.money)],
      ["fee ¥", yuan(record.fee)],
      ["payout ¥", yuan(payoutOf(record))],
      ["status", label(record.status)],
      ...("reference" in record ? [["reference", String(record.reference)] as const] : [])
    ])}`)
  })
