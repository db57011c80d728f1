/**
 * A notice's nonce is kept in the database, in the transaction that settles it: a notice replayed to another server
 * process (another adapter, its own certificates) is refused; a transaction that fails leaves the nonce free for the
 * provider's next try; two processes given the same notice at once settle it once (on Postgres, where they contend).
 */
import { Effect } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { PostedNotice } from "#src/payment/pay-in"
import { backends, migratedDatabase } from "../../test/support/test-app"
import type { Database } from "../postgres/database"
import type { DB } from "../postgres/schema"
import { wechatPay, wechatPayIn, wechatPaySettings } from "./wechatpay"
import { newPlatformCertificate, newRsaKey, startWechatPayStandIn, type WechatPayStandIn } from "./wechatpay-stand-in"

const merchantKey = newRsaKey()
const API_V3_KEY = "0123456789abcdef0123456789abcdef"

describe.each(backends)("payment notice nonces [%s]", (backend) => {
  let database: Database
  let drop = async () => {}
  let standIn: WechatPayStandIn
  /** The settings of one server process: each object is a process of its own (its adapter and certificates). */
  const processEnv = (): NodeJS.ProcessEnv => ({
    WECHATPAY_MCH_ID: "1900000001", WECHATPAY_APP_ID: "wxapp", WECHATPAY_SERIAL_NO: "MERCHANT1",
    WECHATPAY_PRIVATE_KEY: merchantKey.export({ type: "pkcs8", format: "pem" }) as string, WECHATPAY_API_V3_KEY: API_V3_KEY,
    WECHATPAY_NOTIFY_URL: "http://127.0.0.1:9/api/wx/payNotify", WECHATPAY_ENDPOINT: standIn.endpoint
  })
  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(backend))
    standIn = await startWechatPayStandIn({
      mchid: "1900000001", appid: "wxapp", merchantSerial: "MERCHANT1", merchantPublicKey: merchantKey, apiV3Key: API_V3_KEY,
      platform: [newPlatformCertificate("PLATFORM1", new Date(Date.now() - 86_400_000), new Date(Date.now() + 300 * 86_400_000))]
    })
  }, 60_000)
  afterAll(async () => {
    await standIn?.close()
    await database?.close()
    await drop()
  })

  let trades = 0
  /** A paid order's notice as the provider signs it (not delivered anywhere). */
  const paidNotice = async (): Promise<PostedNotice> => {
    const merchant = wechatPay(wechatPaySettings(processEnv())).port
    const tradeNo = `PNONCE${String(++trades).padStart(4, "0")}`
    const prepay = await Effect.runPromise(merchant.prepay({ tradeNo, amountFen: 100, description: "保管费", openid: "o", expiresAt: new Date(Date.now() + 600_000) }))
    if (!prepay.ok) throw new Error(prepay.reason)
    const paid = await standIn.pay(await Effect.runPromise(merchant.paySign(prepay.prepayId, new Date())), false)
    if (!paid.ok) throw new Error(paid.reason)
    return paid.notice
  }
  /** Verifies the notice in a transaction of this process, which then commits, or fails when `fail` is set. */
  const verifyIn = (env: NodeJS.ProcessEnv, notice: PostedNotice, options: { fail?: boolean; holdMs?: number } = {}) =>
    database.db.transaction().execute(async (trx) => {
      const read = await Effect.runPromise(wechatPayIn(env, trx as Kysely<DB>).verifyNotice(notice))
      if (options.holdMs) await new Promise((r) => setTimeout(r, options.holdMs))
      if (options.fail) throw new Error("settling failed")
      return read
    })

  it("a notice taken by one process is a replay for another", async () => {
    const [one, two] = [processEnv(), processEnv()]
    const notice = await paidNotice()
    expect(await verifyIn(one, notice)).toMatchObject({ amountFen: 100 })
    expect(await verifyIn(two, notice)).toBeUndefined()
    expect(await verifyIn(one, notice)).toBeUndefined()
  })

  it("a notice whose settling failed is taken when the provider sends it again", async () => {
    const env = processEnv()
    const notice = await paidNotice()
    await expect(verifyIn(env, notice, { fail: true })).rejects.toThrow("settling failed")
    expect(await verifyIn(processEnv(), notice)).toMatchObject({ amountFen: 100 })
  })

  it.skipIf(backend !== "postgres")("two processes given the same notice at once: one takes it", async () => {
    const notice = await paidNotice()
    const both = await Promise.all([verifyIn(processEnv(), notice, { holdMs: 100 }), verifyIn(processEnv(), notice, { holdMs: 100 })])
    expect(both.filter((r) => r !== undefined)).toHaveLength(1)
  })
})
