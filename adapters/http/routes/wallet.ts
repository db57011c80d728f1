/** Wallet calls: cash withdrawal, points to money and the record lists (the user's info is in user.ts). */
import { Effect } from "effect"
import { Router } from "express"
import { pageRequest } from "#src/shared/paging"
import { LedgerRecords, ScoreToMoney, Withdraw, withdrawalView, Withdrawals } from "#src/wallet/calls"
import { messages as pointsMessages } from "#src/wallet/points"
import { applyWithdrawal, moneyRecords, pointsToMoney } from "#src/wallet/use-cases"
import { WalletStore } from "#src/wallet/wallet-store"
import { messages as withdrawalMessages } from "#src/wallet/withdrawal"
import type { Runtime } from "../../runtime"
import { handle } from "../handle"
import { idempotent } from "../idempotency"
import { actorOf } from "../outcome"

export const walletRoutes = (runtime: Runtime) => {
  const r = Router()

  r.post("/api/takecash", idempotent(runtime.db), handle(
    Withdraw,
    ({ money }, req) => runtime.run(applyWithdrawal(actorOf(req), money).pipe(Effect.map((w) => ({ _id: w.id, money: w.money, fee: w.fee, balance: w.balance })))),
    () => ({ status: 201, message: withdrawalMessages.applied })
  ))

  r.put("/api/money/scoreToMoney/:points", idempotent(runtime.db), handle(
    ScoreToMoney,
    ({ points }, req) => runtime.run(pointsToMoney(actorOf(req), points ?? Number.NaN)),
    () => ({ message: pointsMessages.done })
  ))

  r.get("/api/takecash/wxlist", handle(Withdrawals, ({ pageNo, cursor }, req) =>
    runtime.read(pageRequest(pageNo, cursor).pipe(Effect.flatMap((page) => WalletStore.use((s) => s.listWithdrawals(actorOf(req).userId, page))),
      Effect.map((page) => ({ ...page, results: page.results.map(withdrawalView) }))
    ))))

  r.get("/api/money/wxlist/:type", handle(LedgerRecords, ({ type, pageNo, cursor }, req) =>
    runtime.read(pageRequest(pageNo, cursor).pipe(Effect.flatMap((page) => moneyRecords(actorOf(req).userId, type ?? 0, page))))))

  return r
}
