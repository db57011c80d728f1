import { sql, type Kysely } from "kysely"

/**
 * A type-2 (door pickup) errand exists only with its send order. Orders placed as type 2 on their own, before
 * that was refused, can never finish: each unfinished one is cancelled, and what it still held is refunded to
 * its requester's wallet with a ledger row naming it (`errandRefund`), in this one statement.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`with stuck as (
      select e.id, e.order_no, u.id as user_id, e.paid - e.refunded - e.runner_income as held
      from errand_order e join app_user u on u.openid = e.openid
      where e.type = 2 and e.status not in (4, 100) and not exists (select 1 from send_order s where s.errand_id = e.id)
    ), refunds as (
      insert into ledger (id, user_id, type, money, score, remark, ref_type, ref_id, created_at)
      select 'stuck-door-pickup-' || id, user_id, 1, held, 0, '跑腿退款（' || order_no || '）', 'errandRefund', id, now() from stuck where held > 0
      returning user_id, money
    ), wallets as (
      update wallet w set money = w.money + r.total from (select user_id, sum(money) as total from refunds group by user_id) r where w.user_id = r.user_id
    )
    update errand_order e set status = 4, refunded = e.refunded + greatest(s.held, 0), to_comment = false, finished_at = now()
    from stuck s where e.id = s.id`).execute(db)
}

export async function down(): Promise<void> {}
