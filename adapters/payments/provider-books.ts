/**
 * The simulated provider's books (migration 2026-11-26T0100-simulated-provider-books): its tables, apart from the
 * station's, and its reads and writes of them within one request (`OutsideRequest`: kept whatever the caller's
 * transaction does). Rows it reads to decide are locked, so two processes never decide on the same order or funds
 * at once.
 */
import type { ColumnType, Insertable, Selectable } from "kysely"
import type { OutsideRequest } from "../postgres/outside-writes"

type Timestamp = ColumnType<Date, Date, Date>
type MaybeTimestamp = ColumnType<Date | null, Date | null, Date | null>

export type OrderState = "open" | "paid" | "closed" | "refunded"

export type ProviderTables = {
  sim_provider_merchant: { id: ColumnType<boolean, never, never>; funds_fen: number }
  sim_provider_order: {
    out_trade_no: string
    prepay_id: string
    total_fee: number
    body: string
    openid: string | null
    /** null: the order has no time_expire. */
    expires_at: MaybeTimestamp
    state: OrderState
    transaction_id: string | null
    created_at: Timestamp
    paid_at: MaybeTimestamp
  }
  sim_provider_refund: { out_trade_no: string; out_refund_no: string; refund_fee: number; refund_id: string; created_at: Timestamp }
  sim_provider_transfer: {
    partner_trade_no: string
    openid: string
    /** null when the request's amount was no whole number (refused). */
    amount: number | null
    payment_no: string | null
    refusal: string | null
    created_at: Timestamp
  }
}

export type ProviderOrder = Selectable<ProviderTables["sim_provider_order"]>

export const providerBooks = ({ db: station, write }: OutsideRequest) => {
  const db = station.withTables<ProviderTables>()
  const orders = () => db.selectFrom("sim_provider_order").selectAll().forUpdate()
  return {
    orderByTradeNo: (outTradeNo: string): Promise<ProviderOrder | undefined> => orders().where("out_trade_no", "=", outTradeNo).executeTakeFirst(),
    orderByPrepayId: (prepayId: string): Promise<ProviderOrder | undefined> => orders().where("prepay_id", "=", prepayId).executeTakeFirst(),
    /** Opens an order; false when the merchant's trade number already has one. */
    openOrder: async (order: Omit<ProviderOrder, "state" | "transaction_id" | "paid_at">) =>
      (await write(db.insertInto("sim_provider_order").values({ ...order, state: "open", transaction_id: null, paid_at: null })
        .onConflict((oc) => oc.column("out_trade_no").doNothing()).returning("out_trade_no"))).rows.length === 1,
    markPaid: (outTradeNo: string, transactionId: string, at: Date) =>
      write(db.updateTable("sim_provider_order").set({ state: "paid", transaction_id: transactionId, paid_at: at }).where("out_trade_no", "=", outTradeNo)),
    markState: (outTradeNo: string, state: "closed" | "refunded") =>
      write(db.updateTable("sim_provider_order").set({ state }).where("out_trade_no", "=", outTradeNo)),
    refundsOf: (outTradeNo: string) =>
      db.selectFrom("sim_provider_refund").select(["out_refund_no", "refund_fee", "refund_id"]).where("out_trade_no", "=", outTradeNo).execute(),
    addRefund: (refund: Insertable<ProviderTables["sim_provider_refund"]>) =>
      write(db.insertInto("sim_provider_refund").values(refund)),
    /** The merchant's funds, locked until the request ends. */
    lockFunds: async () => (await db.selectFrom("sim_provider_merchant").select("funds_fen").forUpdate().executeTakeFirstOrThrow()).funds_fen,
    debit: (amount: number) => write(db.updateTable("sim_provider_merchant").set((eb) => ({ funds_fen: eb("funds_fen", "-", amount) }))),
    transferOf: (partnerTradeNo: string) =>
      db.selectFrom("sim_provider_transfer").select(["payment_no", "refusal"]).where("partner_trade_no", "=", partnerTradeNo).executeTakeFirst(),
    recordTransfer: (transfer: Insertable<ProviderTables["sim_provider_transfer"]>) =>
      write(db.insertInto("sim_provider_transfer").values(transfer))
  }
}
