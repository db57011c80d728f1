/**
 * Migration 2026-11-26T0100-simulated-provider-books: the provider's books hold one merchant with its opening funds,
 * orders in one of their states (paid ones with their payment), refunds of known orders only, transfers either paid
 * or refused; and it goes down and up again.
 */
import type { Kysely } from "kysely"
import { describe, expect, it } from "vitest"
import * as books from "../../migrations/2026-11-26T0100-simulated-provider-books"
import type { ProviderTables } from "../payments/provider-books"
import { freshDemoDatabases } from "./demo-database.testkit"

const fresh = freshDemoDatabases()
const at = new Date("2026-11-26T01:00:00Z")

const order = (over: Record<string, unknown> = {}) => ({
  out_trade_no: "P1", prepay_id: "wx1", total_fee: 300, body: "跑腿费", openid: "o1", expires_at: null, state: "open",
  transaction_id: null, created_at: at, paid_at: null, ...over
})
const transfer = (over: Record<string, unknown> = {}) => ({
  partner_trade_no: "w1", openid: "o1", amount: 600, payment_no: "TR1", refusal: null, created_at: at, ...over
})

describe("migration 2026-11-26T0100-simulated-provider-books", () => {
  it("opens one merchant with 100,000 yuan, whose funds never go below zero", async () => {
    const db = (await fresh()).withTables<ProviderTables>()
    expect(await db.selectFrom("sim_provider_merchant").select("funds_fen").execute()).toEqual([{ funds_fen: 10_000_000 }])
    await expect(db.insertInto("sim_provider_merchant").values({ funds_fen: 1 } as never).execute()).rejects.toThrow()
    await expect(db.updateTable("sim_provider_merchant").set({ funds_fen: -1 }).execute()).rejects.toThrow()
  })

  it("keeps orders in their states, a paid one with its payment, one per trade number and prepay id", async () => {
    const db = (await fresh()).withTables<ProviderTables>()
    const insert = (over: Record<string, unknown>) => db.insertInto("sim_provider_order").values(order(over) as never).execute()
    await insert({})
    await expect(insert({ prepay_id: "wx2" })).rejects.toThrow()
    await expect(insert({ out_trade_no: "P2" })).rejects.toThrow()
    await expect(insert({ out_trade_no: "P3", prepay_id: "wx3", state: "lost" })).rejects.toThrow()
    await expect(insert({ out_trade_no: "P4", prepay_id: "wx4", state: "paid" })).rejects.toThrow()
    await expect(insert({ out_trade_no: "P5", prepay_id: "wx5", total_fee: 0 })).rejects.toThrow()
    await insert({ out_trade_no: "P6", prepay_id: "wx6", state: "paid", transaction_id: "42x", paid_at: at })
    expect(await db.selectFrom("sim_provider_order").select(["out_trade_no", "state"]).orderBy("out_trade_no").execute())
      .toEqual([{ out_trade_no: "P1", state: "open" }, { out_trade_no: "P6", state: "paid" }])
  })

  it("refunds only orders it knows, once per refund number; a transfer is either paid or refused", async () => {
    const db = (await fresh()).withTables<ProviderTables>()
    await db.insertInto("sim_provider_order").values(order({ state: "paid", transaction_id: "42x", paid_at: at }) as never).execute()
    const refund = (over: Record<string, unknown>) => db.insertInto("sim_provider_refund")
      .values({ out_trade_no: "P1", out_refund_no: "R1", refund_fee: 300, refund_id: "50x", created_at: at, ...over } as never).execute()
    await refund({})
    await expect(refund({ refund_id: "50y" })).rejects.toThrow()
    await expect(refund({ out_trade_no: "PNONE", out_refund_no: "R2", refund_id: "50z" })).rejects.toThrow()
    await expect(refund({ out_refund_no: "R3", refund_id: "50w", refund_fee: 0 })).rejects.toThrow()
    const send = (over: Record<string, unknown>) => db.insertInto("sim_provider_transfer").values(transfer(over) as never).execute()
    await send({})
    await send({ partner_trade_no: "w2", payment_no: null, refusal: "付款金额不能小于最低限额", amount: null })
    await expect(send({ partner_trade_no: "w3", payment_no: "TR3", refusal: "x" })).rejects.toThrow()
    await expect(send({ partner_trade_no: "w4", payment_no: null })).rejects.toThrow()
    await expect(send({ payment_no: "TR5" })).rejects.toThrow()
  })

  it("goes down and up again", async () => {
    const db = await fresh()
    await books.down(db as Kysely<any>)
    for (const table of ["sim_provider_merchant", "sim_provider_order", "sim_provider_refund", "sim_provider_transfer"] as const) {
      await expect(db.withTables<ProviderTables>().selectFrom(table).selectAll().execute()).rejects.toThrow()
    }
    await books.up(db as Kysely<any>)
    const again = db.withTables<ProviderTables>()
    expect(await again.selectFrom("sim_provider_merchant").select("funds_fen").execute()).toEqual([{ funds_fen: 10_000_000 }])
    expect(await again.selectFrom("sim_provider_order").selectAll().execute()).toEqual([])
  })
})
