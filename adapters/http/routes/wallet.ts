/** Wallet calls: cash withdrawal, points to money and the record lists (the user's info is in user.ts). */
import { Router } from "express"
import { applyWithdrawal, pointsToMoney } from "../../../src/wallet/use-cases"
import { WalletStore } from "../../../src/wallet/wallet-store"
import { messages as withdrawalMessages } from "../../../src/wallet/withdrawal"
import { messages as pointsMessages } from "../../../src/wallet/points"
import type { Runtime } from "../../runtime"
import { idempotent } from "../idempotency"
import { actorOf, looseString, pageNo, sendExit } from "../outcome"

const amountOf = (v: unknown): number | undefined => {
  const text = looseString(v)
  if (text === undefined || text.trim() === "") return undefined
  const n = Number(text)
  return Number.isFinite(n) ? n : undefined
}

export const walletRoutes = (runtime: Runtime) => {
  const r = Router()

  r.post("/api/takecash", idempotent(runtime.db), async (req, res) => {
    const exit = await runtime.run(applyWithdrawal(actorOf(req), amountOf((req.body as Record<string, unknown> | undefined)?.money)))
    sendExit(res, exit, (w) => ({ status: 201, message: withdrawalMessages.applied, data: { _id: w.id, money: w.money, fee: w.fee, balance: w.balance } }))
  })

  r.put("/api/money/scoreToMoney/:points", idempotent(runtime.db), async (req, res) => {
    const points = amountOf(req.params.points) ?? Number.NaN
    sendExit(res, await runtime.run(pointsToMoney(actorOf(req), points)), (c) => ({ message: pointsMessages.done, data: c }))
  })

  r.get("/api/takecash/wxlist", async (req, res) => {
    const exit = await runtime.read(WalletStore.use((s) => s.listWithdrawals(actorOf(req).userId, pageNo(req.query.pageNo))))
    sendExit(res, exit, (page) => ({
      data: { ...page, results: page.results.map((w) => ({ _id: w.id, money: w.money, fee: w.fee, status: w.status, createdAt: w.createdAt })) }
    }))
  })

  r.get("/api/money/wxlist/:type", async (req, res) => {
    const type = Number(req.params.type)
    // the ledger type is a smallint: anything else lists every row, as a non-number does
    const filter = Number.isInteger(type) && Math.abs(type) <= 32_767 ? type : 0
    const exit = await runtime.read(WalletStore.use((s) => s.listLedger(actorOf(req).userId, filter, pageNo(req.query.pageNo))))
    sendExit(res, exit, (page) => ({
      data: { ...page, results: page.results.map((e) => ({ _id: e.id, type: e.type, money: e.money, score: e.score, remark: e.remark, createdAt: e.createdAt })) }
    }))
  })

  return r
}
