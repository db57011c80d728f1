/** The wallet's calls (spec 000 §7): each request and answer as one Schema, and the answers' views of the records. */
import { Schema } from "effect"
import { Amount, call, Cursor, Instant, Page, PageNo, Whole } from "../shared/wire"
import type { LedgerEntry } from "./ledger"
import type { MoneyLine } from "./money-history"
import type { WithdrawalRecord } from "./withdrawal"

/** `POST /api/takecash { money }` (fen): the application, its fee and the balance left. */
export const Withdraw = call(
  Schema.Struct({ money: Amount }),
  Schema.Struct({ _id: Schema.String, money: Schema.Int, fee: Schema.Int, balance: Schema.Int })
)

/** `PUT /api/money/scoreToMoney/{points}`: the points spent (whole blocks of 10) and the money they made. */
export const ScoreToMoney = call(Schema.Struct({ points: Whole }), Schema.Struct({ points: Schema.Int, moneyFen: Schema.Int }))

export const WithdrawalView = Schema.Struct({ _id: Schema.String, money: Schema.Int, fee: Schema.Int, status: Schema.Int, createdAt: Instant })
export type WithdrawalView = typeof WithdrawalView.Type

export const withdrawalView = (w: WithdrawalRecord): WithdrawalView => ({ _id: w.id, money: w.money, fee: w.fee, status: w.status, createdAt: w.createdAt })

/** `GET /api/takecash/wxlist?pageNo=`: the user's withdrawal applications, newest first. */
export const Withdrawals = call(Schema.Struct({ pageNo: PageNo, cursor: Cursor }), Page(WithdrawalView))

export const LedgerView = Schema.Struct({
  _id: Schema.String, type: Schema.Int, money: Schema.Int, score: Schema.Int, remark: Schema.String, createdAt: Instant
})
export type LedgerView = typeof LedgerView.Type

export const ledgerView = (e: LedgerEntry): LedgerView => ({ _id: e.id, type: e.type, money: e.money, score: e.score, remark: e.remark, createdAt: e.createdAt })

/** A line of 资金明细: money only, so no points beside it. */
export const moneyLineView = (l: MoneyLine): LedgerView => ({ _id: l.id, type: l.type, money: l.money, score: 0, remark: l.remark, createdAt: l.createdAt })

/**
 * `GET /api/money/wxlist/{type}?pageNo=`: 0 (or not a number) 资金明细, the money lines (see money-history.ts); another type
 * that type's ledger rows (see `detailTypes`).
 */
export const LedgerRecords = call(Schema.Struct({ type: Whole, pageNo: PageNo, cursor: Cursor }), Page(LedgerView))
