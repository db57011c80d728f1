/**
 * Demo rows that show every flow at once (`station seed`), all for 李明 (demo-student) at 西园 with 王强 (demo-runner)
 * as the runner: a parcel past 48 h with its safekeeping fee due, one past 3 days due for return, one picked up with
 * its fee paid, one errand (door delivery of a parcel of his) in each state — awaiting payment, awaiting a runner,
 * accepted, collected, delivered, cancelled, completed and waiting for its rating — and a send order weighed and
 * waiting for its freight. Money is consistent as `station check` reads it: each paid errand has its paid trade, the
 * completed one its runner income in 王强's wallet, the paid fee its trade and the parcel's `safekeep_paid`.
 * Added once, at `now` (recorded in `seed_info` as `flows`; every time is relative to it, every id fixed): a database that
 * has the first demo parcel is left as it is.
 */
import { sql, type Insertable, type Kysely } from "kysely"
import { LedgerRef, LedgerType } from "#src/wallet/ledger"
import type { DB } from "./schema"
import { recordSeed, seedId } from "./seed"

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** The ids the demo rows have, for a walk-through or a test to open their pages. */
export const DEMO_FLOWS = {
  feeDueParcel: "p-demo-fee-due",
  dueForReturnParcel: "p-demo-due-return",
  pickedUpParcel: "p-demo-picked-up",
  sendAwaitingFreight: "s-demo-freight",
  errands: {
    awaitingPayment: "e-demo-unpaid", awaitingRunner: "e-demo-hall", accepted: "e-demo-accepted", collected: "e-demo-collected",
    delivered: "e-demo-delivered", cancelled: "e-demo-cancelled", completed: "e-demo-completed"
  }
} as const

const ERRAND_FEE = 300
const ERRAND_PAY = 240

type ErrandState = keyof typeof DEMO_FLOWS.errands
/** Each errand's status, and its parcel's (the parcel machine's status for it). */
const errandStates: ReadonlyArray<{ state: ErrandState; status: number; parcelStatus: number; paid: boolean; runner: boolean }> = [
  { state: "awaitingPayment", status: -1, parcelStatus: 2, paid: false, runner: false },
  { state: "awaitingRunner", status: 0, parcelStatus: 3, paid: true, runner: false },
  { state: "accepted", status: 1, parcelStatus: 4, paid: true, runner: true },
  { state: "collected", status: 2, parcelStatus: 5, paid: true, runner: true },
  { state: "delivered", status: 3, parcelStatus: 6, paid: true, runner: true },
  { state: "cancelled", status: 4, parcelStatus: 0, paid: true, runner: false },
  { state: "completed", status: 100, parcelStatus: 100, paid: true, runner: true }
]

const student = { id: "u-student", openid: "demo-student", name: "李明", phone: "13800000001" }
const runner = { id: "u-runner", openid: "demo-runner", name: "王强", phone: "13800000002" }

const parcelRow = (id: string, n: number, over: Partial<Insertable<DB["parcel"]>> & Pick<Insertable<DB["parcel"]>, "created_at">): Insertable<DB["parcel"]> => ({
  id, worksite_id: "ws-xiyuan", express_company_id: "ec-zto", express_company_name: "中通快递", express_no: `ZTDEMO${String(n).padStart(4, "0")}`,
  storage_no: "D", tag: 9900 + n, weight_id: "wf-1", receiver: student.name, receiver_id: student.id, receiver_openid: student.openid,
  receiver_phone: student.phone, status: 0, safekeep_paid: 0, checked_in_by: "e-xiyuan-1", ...over
})

const paidTrade = (tradeNo: string, kind: string, refId: string, amount: number, at: Date, refunded = false): Insertable<DB["pay_trade"]> => ({
  trade_no: tradeNo, kind, ref_id: refId, user_id: student.id, amount_fen: amount, status: refunded ? "refunded" : "paid", prepay_id: `demo-${tradeNo}`,
  provider_ref: `demo-${tradeNo}`, created_at: at, expires_at: new Date(at.getTime() + 30 * 60_000), paid_at: at, refunded_at: refunded ? new Date(at.getTime() + HOUR) : null
})

export const seedFlowsDemo = async (db: Kysely<DB>, now = new Date()): Promise<boolean> => {
  if (!(await db.selectFrom("app_user").select("id").where("id", "=", student.id).executeTakeFirst())) return false
  if (!(await db.selectFrom("errand_settings").select("worksite_id").where("worksite_id", "=", "ws-xiyuan").executeTakeFirst())) return false
  if (await db.selectFrom("parcel").select("id").where("id", "=", DEMO_FLOWS.feeDueParcel).executeTakeFirst()) return false
  const ago = (ms: number) => new Date(now.getTime() - ms)
  await db.transaction().execute(async (trx) => {
    await recordSeed(trx, "flows", now)
    await trx.insertInto("parcel").values([
      parcelRow(DEMO_FLOWS.feeDueParcel, 1, { express_company_id: "ec-sf", express_company_name: "顺丰速运", express_no: "SFDEMO0001", created_at: ago(50 * HOUR) }),
      parcelRow(DEMO_FLOWS.dueForReturnParcel, 2, { express_company_id: "ec-yto", express_company_name: "圆通速递", express_no: "YTDEMO0002", status: 300, created_at: ago(4 * DAY) }),
      parcelRow(DEMO_FLOWS.pickedUpParcel, 3, {
        express_company_id: "ec-yd", express_company_name: "韵达快递", express_no: "YDDEMO0003", status: 100, safekeep_paid: 50,
        created_at: ago(3 * DAY), signed_at: ago(3 * DAY - 60 * HOUR), sign_openid: student.openid
      })
    ]).execute()
    await trx.insertInto("pay_trade").values(paidTrade("DEMOFEE0003", "safekeep", DEMO_FLOWS.pickedUpParcel, 50, ago(3 * DAY - 59 * HOUR - 50 * 60_000))).execute()

    for (const [i, e] of errandStates.entries()) {
      const id = DEMO_FLOWS.errands[e.state]
      const parcelId = `p-${id}`
      const placed = ago((i + 2) * HOUR)
      const orderNo = `PTDEMO${String(i + 1).padStart(4, "0")}`
      await trx.insertInto("parcel").values(parcelRow(parcelId, 10 + i, {
        status: e.parcelStatus, created_at: ago(30 * HOUR), paotui_openid: e.runner ? runner.openid : null,
        ...(e.status >= 2 && e.runner ? { signed_at: new Date(placed.getTime() + 30 * 60_000), sign_openid: runner.openid } : {})
      })).execute()
      const done = e.state === "completed"
      await trx.insertInto("errand_order").values({
        id, order_no: orderNo, type: 1, status: e.status, worksite_id: "ws-xiyuan", openid: student.openid,
        accept_openid: e.runner ? runner.openid : null, accept_user: e.runner ? runner.name : null, accept_user_phone: e.runner ? runner.phone : null,
        goods_class: 1, building_id: "b-xy-1", floor: 3, dorm_room: "301", remark: "放宿舍门口", to_take_id: parcelId, fee: ERRAND_FEE, pay_fee: ERRAND_PAY,
        activity_id: "act-xy-door", paid: e.paid ? ERRAND_PAY : 0, refunded: e.state === "cancelled" ? ERRAND_PAY : 0, runner_income: done ? ERRAND_PAY : 0,
        to_comment: done, require_arrive_time: done || e.state === "cancelled" ? ago(HOUR) : new Date(now.getTime() + DAY), created_at: placed,
        accepted_at: e.runner ? new Date(placed.getTime() + 10 * 60_000) : null, finished_at: done ? new Date(placed.getTime() + HOUR) : null
      }).execute()
      if (e.paid) await trx.insertInto("pay_trade").values(paidTrade(`DEMOPT${i + 1}`, "errand", id, ERRAND_PAY, new Date(placed.getTime() + 60_000), e.state === "cancelled")).execute()
      if (done) {
        await trx.insertInto("ledger").values({
          id: seedId(`flows:runner-income:${id}`), user_id: runner.id, type: LedgerType.income, money: ERRAND_PAY, score: 0, remark: `跑腿收入（${orderNo}）`,
          ref_type: LedgerRef.runnerIncome, ref_id: id, created_at: new Date(placed.getTime() + HOUR)
        }).execute()
        await trx.updateTable("wallet").set({ money: sql`money + ${ERRAND_PAY}` }).where("user_id", "=", runner.id).execute()
      }
    }

    const contact = (name: string, phone: string, p: [string, string], c: [string, string], d: [string, string], detail: string) => ({
      name, phone, province: p[0], provinceName: p[1], city: c[0], cityName: c[1], county: d[0], countyName: d[1], detail
    })
    await trx.insertInto("send_order").values({
      id: DEMO_FLOWS.sendAwaitingFreight, order_no: "JJDEMO0001", status: 20, worksite_id: "ws-xiyuan", sender_id: student.id, company_id: "ec-sf",
      sender: JSON.stringify(contact(student.name, student.phone, ["440000", "广东省"], ["440100", "广州市"], ["440105", "海珠区"], "西园1号楼301")),
      receiver: JSON.stringify(contact("李华", "13900001111", ["110000", "北京市"], ["110100", "市辖区"], ["110108", "海淀区"], "中关村大街1号")),
      goods_name: "书籍", goods_count: 1, estimate_weight: 2, freight: 1_700, freight_weight: 2, created_at: ago(2 * HOUR)
    }).execute()
  })
  return true
}
