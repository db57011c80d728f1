/**
 * The set-based statements that fill a database with a year of a busy campus (bench/seed-year.ts), in the order they
 * run. Each is plain SQL over `generate_series`, run after the demo campus is seeded; every row they add has a `y` id
 * (`py-…` parcels, `ey-…` errands, `sy-…` send orders, `u-y…` people), so the demo's own rows stay as they were.
 *
 * What a year holds (at scale 1): 30,000 students and 1,200 runners over 4 worksites; 1,000,000 parcels checked in
 * with the term's rhythm (quiet winter and summer holidays, a 双十一 week, weekends a little lower) at morning and
 * evening peaks, each picked up (some past their free hours with the safekeeping fee paid through its trade), returned
 * to the courier, or still on the shelf in the last days; their arrival notices (SMS paid from the worksite's credit,
 * else a template message) and their check-in, hand-over and return operations in the log; 200,000 errands of the four
 * types (half of them door deliveries of a parcel) paid through their trade, completed with the runner's income in
 * their wallet, rated, or cancelled and refunded, the last hours' still in the hall or accepted; 30,000 send orders with
 * their freight paid and sent out. 王强 (demo-runner) ran 5,000 of 西园's errands: one wallet with 5,000 ledger rows.
 */

/** The year's sizes at `scale` (1: the whole campus), at least a handful each. */
export const yearSizes = (scale: number) => {
  const at = (n: number, least: number) => Math.max(least, Math.round(n * scale))
  return {
    students: at(30_000, 40),
    runnersPerSite: at(300, 2),
    parcels: at(1_000_000, 400),
    errands: at(200_000, 80),
    sendOrders: at(30_000, 20),
    /** 李明's parcels over the year (demo-student): a history many pages deep. */
    studentParcels: at(1_500, 20),
    /** 王强's completed errands (demo-runner): his money detail. */
    busyRunnerErrands: at(5_000, 10)
  }
}
export type YearSizes = ReturnType<typeof yearSizes>

/** The four worksites: the demo's two and two more like 西园. */
export const YEAR_SITES = ["ws-xiyuan", "ws-dongyuan", "ws-nanyuan", "ws-beiyuan"] as const

/** Tags of the year's parcels stay below the demo rows' 9900 + n, so a demo parcel on the shelf never shares one. */
const TAG_CYCLE = 9800

const lpad = (expr: string, n: number) => `lpad((${expr})::text, ${n}, '0')`

export interface YearStep {
  readonly name: string
  readonly statements: ReadonlyArray<string>
}

/** Every statement, in order; `now` is the end of the year (ISO), every time is before it. */
export const yearSteps = (sizes: YearSizes, now: string): ReadonlyArray<YearStep> => {
  const N = `'${now}'::timestamptz`
  const rps = sizes.runnersPerSite
  const perSite = Math.max(1, Math.floor(sizes.students / 4))
  return [
    {
      name: "worksites",
      statements: [
        `select setseed(0.24)`,
        // 南园 and 北园, like 西园: its settings, buildings and errand settings, a staff member each, and its SMS credit as a grant
        `insert into worksite select (jsonb_populate_record(w, jsonb_build_object('id', x.id, 'site_code', x.code, 'short_name', x.short, 'name_zh', x.name, 'school_campus', x.campus))).*
           from worksite w, (values ('ws-nanyuan', 'NY01', '南园驿站', '南园快递驿站', '东校区'), ('ws-beiyuan', 'BY01', '北园驿站', '北园快递驿站', '北校区')) x(id, code, short, name, campus)
           where w.id = 'ws-xiyuan' on conflict do nothing`,
        `insert into storage_tag (worksite_id, last_tag) select id, 0 from worksite where id in ('ws-nanyuan', 'ws-beiyuan') on conflict do nothing`,
        `insert into errand_settings select (jsonb_populate_record(s, jsonb_build_object('worksite_id', w.id))).*
           from errand_settings s, worksite w where s.worksite_id = 'ws-xiyuan' and w.id in ('ws-dongyuan', 'ws-nanyuan', 'ws-beiyuan')
           on conflict do nothing`,
        `insert into building select (jsonb_populate_record(b, jsonb_build_object('id', b.id || '-' || w.id, 'worksite_id', w.id, 'manager_id', null))).*
           from building b, worksite w where b.worksite_id = 'ws-xiyuan' and w.id in ('ws-dongyuan', 'ws-nanyuan', 'ws-beiyuan')
           and not exists (select 1 from building o where o.worksite_id = w.id)`,
        `insert into employee select (jsonb_populate_record(e, jsonb_build_object('id', 'e-' || x.id, 'phone', x.phone, 'name_zh', x.name, 'worksite_id', x.id, 'openid', null, 'user_id', null))).*
           from employee e, (values ('ws-nanyuan', '13900000011', '孙丽'), ('ws-beiyuan', '13900000012', '周敏')) x(id, phone, name)
           where e.id = 'e-xiyuan-1' on conflict do nothing`,
        `create temp table year_site as
           select i - 1 as i, w.id, w.sms_able, w.keep_free_hours, w.keep_fee_per_day, w.keep_fee_cap, w.express_companies,
             coalesce((select e.id from employee e where e.worksite_id = w.id order by e.openid is null, e.id limit 1), 'e-xiyuan-1') as employee_id,
             coalesce((select e.openid from employee e where e.worksite_id = w.id and e.openid is not null order by e.id limit 1), 'staff-' || w.id) as staff_openid,
             (select count(*) from building b where b.worksite_id = w.id) as buildings
           from unnest(array['${YEAR_SITES.join("', '")}']) with ordinality s(id, i) join worksite w on w.id = s.id`,
        `create temp table year_building as
           select s.i as site_i, row_number() over (partition by b.worksite_id order by b.sort, b.id) - 1 as k, b.id
           from building b join year_site s on s.id = b.worksite_id`,
        // the year's days (Asia/Shanghai), weighted: the winter and summer holidays quiet, September's new term and the
        // 双十一 week busy, weekends a little lower
        `create temp table year_day as
           select day, weight from (
             select d::date as day,
               (case
                 when to_char(d, 'MM-DD') between '01-15' and '02-25' then 0.15
                 when to_char(d, 'MM') in ('07', '08') then 0.2
                 when to_char(d, 'MM-DD') between '11-11' and '11-18' then 2.5
                 when to_char(d, 'MM') = '09' then 1.3
                 else 1.0 end)
               * (case when extract(isodow from d) >= 6 then 0.8 else 1.0 end) as weight
             from generate_series((${N} at time zone 'Asia/Shanghai')::date - 365, (${N} at time zone 'Asia/Shanghai')::date, interval '1 day') d
           ) x`,
        `alter table year_day add column share float8`,
        `update year_day set share = weight / (select sum(weight) from year_day)`
      ]
    },
    {
      name: `${sizes.students.toLocaleString("en")} students and ${(rps * 4).toLocaleString("en")} runners`,
      statements: [
        // students like 李明 (most joined before the year, a fifth at the new term), runners like 王强
        `insert into app_user select (jsonb_populate_record(u, jsonb_build_object(
             'id', 'u-y' || ${lpad("g", 6)}, 'openid', 'y-' || ${lpad("g", 6)}, 'unionid', null, 'nickname', '同学' || g, 'realname', '同学' || g,
             'phone_main', '15' || ${lpad("g", 9)}, 'phone_vice', null, 'worksite_id', s.id, 'role', 'student', 'created_at', t.at, 'subscribe', g % 17 <> 0,
             'subscribe_time', t.at, 'worksite_bound_at', t.at + interval '5 minutes', 'auth_passed_at', case when g % 3 = 0 then t.at + interval '1 day' end,
             'headimg_base64', null, 'paotui_status', -1, 'is_paotui_leader', false, 'paotui_leader', null, 'invitation', null, 'is_xyt_admin', false))).*
           from app_user u, generate_series(1, ${sizes.students}) g
             join year_site s on s.i = (g - 1) % 4
             cross join lateral (select case when g % 5 = 0 then ${N} - interval '100 days' + (g % 977) * interval '1 minute'
               else ${N} - interval '400 days' - (g % 9973) * interval '1 minute' end as at) t
           where u.id = 'u-student'`,
        `insert into app_user select (jsonb_populate_record(u, jsonb_build_object(
             'id', 'u-yr' || ${lpad("g", 5)}, 'openid', 'yr-' || ${lpad("g", 5)}, 'unionid', null, 'nickname', '跑腿' || g, 'realname', '跑腿' || g,
             'phone_main', '16' || ${lpad("g", 9)}, 'phone_vice', null, 'worksite_id', s.id, 'role', 'runner', 'created_at', ${N} - interval '400 days',
             'subscribe_time', ${N} - interval '400 days', 'worksite_bound_at', ${N} - interval '400 days', 'paotui_joined_at', ${N} - interval '380 days',
             'headimg_base64', null, 'is_paotui_leader', false, 'paotui_leader', null, 'invitation', null, 'is_xyt_admin', false))).*
           from app_user u, generate_series(1, ${rps * 4}) g join year_site s on s.i = (g - 1) % 4
           where u.id = 'u-runner'`,
        `insert into wallet (user_id, money, active_score) select id, 0, 0 from app_user where id like 'u-y%'`
      ]
    },
    {
      name: `${sizes.parcels.toLocaleString("en")} parcels`,
      statements: [
        // each parcel's check-in time (its day by the day's share, morning and evening peaks), worksite, receiver and fate
        `create temp table year_parcel as
           select row_number() over (order by at, r_site) as n, x.*
           from (
             select (d.day + (case when r_hour < 0.45 then 8 + r_min * 4 when r_hour < 0.9 then 16 + r_min * 5 else 8 + r_min * 14 end) * interval '1 hour')
                 at time zone 'Asia/Shanghai' as at,
               r_site, r_who, r_delay, r_return, r_company
             from year_day d
               cross join lateral generate_series(1, greatest(1, round(d.share * ${sizes.parcels})::int)) i
               cross join lateral (select random() as r_hour, random() as r_min, random() as r_site, random() as r_who, random() as r_delay,
                 random() as r_return, random() as r_company, i offset 0) r
           ) x
           where x.at < ${N} - interval '1 minute'`,
        `alter table year_parcel add column site_i int, add column receiver_id text, add column delay interval, add column returned boolean`,
        `update year_parcel set site_i = floor(r_site * 4)::int,
           receiver_id = case when floor(r_site * 4) = 0 and r_who < ${sizes.studentParcels * 4 / sizes.parcels} then 'u-student'
             else 'u-y' || ${lpad(`floor(r_who * ${perSite})::int * 4 + floor(r_site * 4)::int + 1`, 6)} end,
           -- most within a day, a few past the free hours (48 h), some up to 5 days
           delay = (case when r_delay < 0.5 then r_delay * 16 when r_delay < 0.87 then 8 + (r_delay - 0.5) / 0.37 * 40 else 48 + (r_delay - 0.87) / 0.13 * 72 end) * interval '1 hour',
           returned = r_return < 0.03`,
        `update year_parcel set receiver_id = 'u-y' || ${lpad(`(site_i + 1)`, 6)} where receiver_id not in (select id from app_user)`,
        `insert into parcel (id, worksite_id, express_company_id, express_company_name, express_no, storage_no, tag, weight_id, receiver, receiver_id,
             receiver_openid, receiver_phone, status, safekeep_paid, created_at, checked_in_by, signed_at, sign_openid)
           select 'py-' || ${lpad("p.n", 8)}, s.id, c.id, c.name, 'YR' || ${lpad("p.n", 10)}, chr(65 + (p.n % 6)::int),
             ((row_number() over (partition by p.site_i order by p.n) - 1) % ${TAG_CYCLE}) + 1, 'wf-1', u.realname, u.id, u.openid, u.phone_main,
             f.status,
             case when f.status = 100 and p.delay > s.keep_free_hours * interval '1 hour'
               then least(s.keep_fee_cap, ceil(extract(epoch from p.delay - s.keep_free_hours * interval '1 hour') / 86400)::int * s.keep_fee_per_day) else 0 end,
             p.at, s.employee_id,
             case when f.status = 100 then p.at + p.delay end, case when f.status = 100 then u.openid end
           from year_parcel p join year_site s on s.i = p.site_i join app_user u on u.id = p.receiver_id
             join express_company c on c.id = s.express_companies[1 + floor(p.r_company * cardinality(s.express_companies))::int]
             cross join lateral (select case
               when p.returned and p.at < ${N} - interval '5 days' then 400
               when p.at + p.delay < ${N} then 100
               when p.at < ${N} - interval '3 days' then 300
               else 0 end as status) f`,
        `update storage_tag t set last_tag = x.tag from (
           select distinct on (worksite_id) worksite_id, tag from parcel where id like 'py-%' order by worksite_id, created_at desc, id desc) x
         where t.worksite_id = x.worksite_id`
      ]
    },
    {
      name: `${sizes.errands.toLocaleString("en")} errands`,
      statements: [
        // half door deliveries of a picked-up parcel (placed 30 min after check-in), the rest pickups, food and other errands
        `create temp table year_errand as
           select row_number() over (order by placed, parcel_id nulls last) as n, x.* from (
             select p.id as parcel_id, 1 as type, s.i as site_i, p.worksite_id, p.receiver_id as requester_id, p.created_at + interval '30 minutes' as placed,
               random() as r_runner, random() as r_fate, random() as r_fee, random() as r_building
             from parcel p join year_site s on s.id = p.worksite_id
             where p.id like 'py-%' and p.status = 100 and p.safekeep_paid = 0 and p.signed_at > p.created_at + interval '2 hours'
               and random() < ${sizes.errands / 2} / greatest(1, (select count(*) from parcel q where q.id like 'py-%' and q.status = 100 and q.signed_at > q.created_at + interval '2 hours'))::float8
             union all
             select null, t.type, s.i, s.id, 'u-y' || ${lpad(`floor(r.r_who * ${perSite})::int * 4 + s.i + 1`, 6)},
               (d.day + (10 + r.r_min * 12) * interval '1 hour') at time zone 'Asia/Shanghai', random(), random(), random(), random()
             from year_day d
               cross join lateral generate_series(1, greatest(1, round(d.share * ${sizes.errands / 2})::int)) i
               cross join lateral (select random() as r_type, random() as r_min, random() as r_who, floor(random() * 4)::int as site_i, i offset 0) r
               join year_site s on s.i = r.site_i
               cross join lateral (select case when r.r_type < 0.3 then 2 when r.r_type < 0.7 then 3 else 4 end as type) t
           ) x where x.placed < ${N} - interval '15 minutes'`,
        // a door delivery or pickup takes its runner up to 90 minutes: none of the last two hours' is placed yet
        `delete from year_errand where type in (1, 2) and placed > ${N} - interval '2 hours'`,
        `update year_errand set requester_id = 'u-y' || ${lpad(`(site_i + 1)`, 6)} where requester_id not in (select id from app_user)`,
        `alter table year_errand add column status int, add column runner_id text, add column fee int, add column finished timestamptz, add column rated boolean`,
        // the last three hours' food and other errands are still open: in the hall, or accepted; the rest ended
        `update year_errand set fee = 200 + floor(r_fee * 4)::int * 100,
           status = case when type in (3, 4) and placed > ${N} - interval '3 hours' then (case when r_fate < 0.6 then 0 else 1 end)
             when r_fate < 0.1 then 4 else 100 end,
           rated = r_fate > 0.4`,
        `update year_errand set runner_id = case when status in (1, 100) then 'u-yr' || ${lpad(`floor(r_runner * ${rps})::int * 4 + site_i + 1`, 5)} end,
           finished = case when status = 4 then placed + interval '40 minutes' when status = 100 then placed + interval '90 minutes' end`,
        // 王强 ran the latest of 西园's completed ones
        `update year_errand set runner_id = 'u-runner' where n in (
           select n from year_errand where site_i = 0 and status = 100 order by placed desc limit ${sizes.busyRunnerErrands})`,
        `insert into errand_order (id, order_no, type, status, worksite_id, openid, accept_openid, accept_user, accept_user_phone, goods_class,
             building_id, floor, dorm_room, remark, to_take_id, fee, pay_fee, paid, refunded, runner_income, to_comment, require_arrive_time,
             created_at, accepted_at, finished_at)
           select 'ey-' || ${lpad("e.n", 7)}, 'PTY' || ${lpad("e.n", 9)}, e.type, e.status, e.worksite_id, q.openid, r.openid, r.realname, r.phone_main,
             1 + (e.n % 3)::int, b.id, 1 + (e.n % 6)::int, (100 * (1 + e.n % 6) + e.n % 20)::text, '', e.parcel_id, e.fee, e.fee, e.fee,
             case when e.status = 4 then e.fee else 0 end, case when e.status = 100 then e.fee else 0 end,
             e.status = 100 and not e.rated and e.finished > ${N} - interval '7 days',
             case when e.status in (0, 1) then ${N} + interval '2 hours' else e.placed + interval '2 hours' end,
             e.placed, case when r.id is not null then e.placed + interval '10 minutes' end, e.finished
           from year_errand e join app_user q on q.id = e.requester_id left join app_user r on r.id = e.runner_id
             left join year_building b on b.site_i = e.site_i and b.k = floor(e.r_building * (select buildings from year_site s where s.i = e.site_i))`,
        // each paid through its trade (a cancelled one refunded through it), the runner credited, most rated
        `insert into pay_trade (trade_no, kind, ref_id, user_id, amount_fen, status, prepay_id, provider_ref, created_at, expires_at, paid_at, refunded_at)
           select 'YPT' || ${lpad("e.n", 9)}, 'errand', 'ey-' || ${lpad("e.n", 7)}, e.requester_id, e.fee, case when e.status = 4 then 'refunded' else 'paid' end,
             'yprepay-' || e.n, 'yref-' || e.n, e.placed + interval '1 minute', e.placed + interval '31 minutes', e.placed + interval '2 minutes',
             case when e.status = 4 then e.finished end
           from year_errand e`,
        `insert into ledger (id, user_id, type, money, score, remark, ref_type, ref_id, created_at)
           select 'ly-' || ${lpad("e.n", 7)}, e.runner_id, 1, e.fee, 0, '跑腿收入（PTY' || ${lpad("e.n", 9)} || '）', 'runnerIncome', 'ey-' || ${lpad("e.n", 7)}, e.finished
           from year_errand e where e.status = 100`,
        `insert into errand_comment (order_id, accept_openid, score, tags, reward_money, created_at)
           select 'ey-' || ${lpad("e.n", 7)}, r.openid, case when e.r_fate > 0.5 then 5 else 4 end, '{}', 0, e.finished + interval '1 hour'
           from year_errand e join app_user r on r.id = e.runner_id where e.status = 100 and e.rated`,
        // a door delivery's parcel went out to its runner at the counter
        `update parcel p set signed_at = e.placed + interval '20 minutes', sign_openid = r.openid, paotui_openid = r.openid
           from year_errand e join app_user r on r.id = e.runner_id where e.parcel_id = p.id and e.status = 100`,
        `update wallet w set money = l.total from (select user_id, sum(money) as total from ledger group by user_id) l
           where l.user_id = w.user_id and (w.user_id like 'u-y%' or w.user_id = 'u-runner')`
      ]
    },
    {
      name: `${sizes.sendOrders.toLocaleString("en")} send orders`,
      statements: [
        `create temp table year_send as
           select row_number() over (order by placed) as n, x.* from (
             select (d.day + (9 + r.r_min * 11) * interval '1 hour') at time zone 'Asia/Shanghai' as placed, s.id as worksite_id,
               'u-y' || ${lpad(`floor(r.r_who * ${perSite})::int * 4 + s.i + 1`, 6)} as sender_id, 1200 + floor(r.r_fee * 14)::int * 100 as freight
             from year_day d
               cross join lateral generate_series(1, greatest(1, round(d.share * ${sizes.sendOrders})::int)) i
               cross join lateral (select random() as r_min, random() as r_who, random() as r_fee, floor(random() * 4)::int as site_i, i offset 0) r
               join year_site s on s.i = r.site_i
           ) x where x.placed < ${N} - interval '1 day'`,
        `delete from year_send where sender_id not in (select id from app_user)`,
        `insert into send_order (id, order_no, status, worksite_id, sender_id, company_id, sender, receiver, goods_name, goods_count, estimate_weight,
             freight, freight_weight, freight_paid, express_no, created_at, sent_at)
           select 'sy-' || ${lpad("o.n", 7)}, 'JJY' || ${lpad("o.n", 9)}, 100, o.worksite_id, o.sender_id, 'ec-sf',
             jsonb_build_object('name', u.realname, 'phone', u.phone_main, 'province', '440000', 'provinceName', '广东省', 'city', '440100', 'cityName', '广州市',
               'county', '440105', 'countyName', '海珠区', 'detail', '宿舍' || (o.n % 30) || '号楼'),
             jsonb_build_object('name', '家人', 'phone', '139' || ${lpad("o.n % 100000000", 8)}, 'province', '110000', 'provinceName', '北京市', 'city', '110100',
               'cityName', '市辖区', 'county', '110108', 'countyName', '海淀区', 'detail', '中关村大街' || (o.n % 99 + 1) || '号'),
             (array['衣物', '书籍', '日用品', '电子产品'])[1 + (o.n % 4)::int], 1, 1 + (o.n % 5)::int, o.freight, 1 + (o.n % 5)::int, true,
             'SFY' || ${lpad("o.n", 10)}, o.placed, o.placed + interval '20 hours'
           from year_send o join app_user u on u.id = o.sender_id`,
        `insert into pay_trade (trade_no, kind, ref_id, user_id, amount_fen, status, prepay_id, provider_ref, created_at, expires_at, paid_at, refunded_at)
           select 'YFR' || ${lpad("o.n", 9)}, 'freight', 'sy-' || ${lpad("o.n", 7)}, o.sender_id, o.freight, 'paid', 'yprepay-f' || o.n, 'yref-f' || o.n,
             o.placed + interval '1 hour', o.placed + interval '91 minutes', o.placed + interval '62 minutes', null
           from year_send o`
      ]
    },
    {
      name: "safekeeping fees, notices and the operations log",
      statements: [
        `insert into pay_trade (trade_no, kind, ref_id, user_id, amount_fen, status, prepay_id, provider_ref, created_at, expires_at, paid_at, refunded_at)
           select 'YSK' || substr(p.id, 4), 'safekeep', p.id, p.receiver_id, p.safekeep_paid, 'paid', 'yprepay-' || p.id, 'yref-' || p.id,
             p.signed_at - interval '5 minutes', p.signed_at + interval '25 minutes', p.signed_at - interval '4 minutes', null
           from parcel p where p.id like 'py-%' and p.safekeep_paid > 0`,
        // the arrival notice of each parcel: an SMS where the worksite sends them (three in ten), else a template message
        `create temp table year_notice as
           select p.id, p.worksite_id, p.created_at, s.sms_able and p.tag % 10 < 3 as sms, p.receiver_phone, p.receiver_openid, p.express_company_name,
             s.id as site
           from parcel p join year_site s on s.id = p.worksite_id where p.id like 'py-%'`,
        `with sent as (
           insert into outbox (channel, recipient, template, params, created_at, attempts, next_attempt_at, sent_at, worksite_id)
           select case when n.sms then 'sms' else 'template' end, case when n.sms then n.receiver_phone else n.receiver_openid end, 'parcelArrived',
             jsonb_build_object('company', n.express_company_name, 'site', w.short_name, 'serviceTime', w.service_begin || '-' || w.service_end),
             n.created_at, 1, n.created_at, n.created_at + interval '3 seconds', case when n.sms then n.worksite_id end
           from year_notice n join worksite w on w.id = n.worksite_id order by n.created_at
           returning id, worksite_id, sent_at)
         insert into sms_credit_ledger (worksite_id, change, reason, outbox_id, note, at)
           select worksite_id, -1, 'sms', id, '', sent_at from sent where worksite_id is not null`,
        // the SMS the year's notices took were granted at its start
        `insert into sms_credit_ledger (worksite_id, change, reason, note, at)
           select worksite_id, count(*), 'grant', 'year of a busy campus', ${N} - interval '366 days'
           from year_notice where sms group by worksite_id`,
        `update worksite w set sms_credit = coalesce((select sum(change) from sms_credit_ledger l where l.worksite_id = w.id), 0)`,
        // check-ins, hand-overs and returns in the log, in the order they happened
        `insert into ops_log (op, actor_openid, at, input, outcome, ids, worksite_id)
           select op, actor, at, input, outcome, ids, worksite_id from (
             select 'checkIn' as op, s.staff_openid as actor, p.created_at as at,
               jsonb_build_object('worksite', p.worksite_id, 'expressCompany', p.express_company_id, 'expressNo', p.express_no, 'receiverPhone', p.receiver_phone) as input,
               jsonb_build_object('id', p.id, 'tag', p.tag, 'code', p.storage_no || '-' || lpad(p.tag::text, 4, '0')) as outcome, jsonb_build_array(p.id) as ids, p.worksite_id
             from parcel p join year_site s on s.id = p.worksite_id where p.id like 'py-%'
             union all
             select 'takePart', s.staff_openid, p.signed_at,
               jsonb_build_object('expressNo', p.express_no, 'signOpenid', p.sign_openid, 'isPaotui', p.paotui_openid is not null),
               jsonb_build_object('id', p.id, 'status', 100), jsonb_build_array(p.id), p.worksite_id
             from parcel p join year_site s on s.id = p.worksite_id where p.id like 'py-%' and p.status = 100
             union all
             select 'returnParcel', s.staff_openid, p.created_at + interval '4 days',
               jsonb_build_object('_id', p.id, 'expressNo', p.express_no, 'storageNo', p.storage_no, 'tag', p.tag::text),
               jsonb_build_object('id', p.id, 'status', 400), jsonb_build_array(p.id), p.worksite_id
             from parcel p join year_site s on s.id = p.worksite_id where p.id like 'py-%' and p.status = 400
           ) o order by at`
      ]
    }
  ]
}
