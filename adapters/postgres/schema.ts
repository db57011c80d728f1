/** Table interfaces of the station database; rows never leave the postgres adapter. */
import type { ColumnType, Generated } from "kysely"
import type { PrinterProtocol } from "#src/sending/waybill"

type Timestamp = ColumnType<Date, Date | string, Date | string>
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>

export interface WorksiteTable {
  id: string
  site_code: string
  short_name: string
  school_campus: string
  name_zh: string
  sms_able: boolean
  service_begin: string
  service_end: string
  service_phone: string
  express_companies: string[]
  keep_free_hours: Generated<number>
  keep_fee_per_day: Generated<number>
  keep_fee_cap: Generated<number>
  full_name: Generated<string>
  school_code: Generated<string>
  paotui_able: Generated<boolean>
  paotui_apply_able: Generated<boolean>
  paotui_apply_need_invitation: Generated<boolean>
  lon: number | null
  lat: number | null
  self_sign_able: Generated<boolean>
  /** Department names, in the worksite's order (migration 2026-11-26T0910-worksite-majors). */
  majors: Generated<string[]>
  /** SMS the worksite may still send (migration 2026-11-26T0900-sms-credit). */
  sms_credit: Generated<number>
}

export interface AppUserTable {
  id: string
  openid: string
  unionid: string | null
  nickname: string | null
  realname: string | null
  phone_main: string | null
  phone_vice: string | null
  subscribe: Generated<boolean>
  worksite_id: string | null
  role: Generated<string>
  created_at: GeneratedTimestamp
  sex: Generated<number>
  headimg_base64: string | null
  id_card_no: string | null
  to_auth_id_card_no: string | null
  to_auth_realname: string | null
  id_card_url: string | null
  student_card_url: string | null
  auth_status: Generated<number>
  auth_submitted_at: Timestamp | null
  reject_comment: string | null
  paotui_status: Generated<number>
  is_paotui_leader: Generated<boolean>
  paotui_leader: string | null
  invitation: string | null
  is_xyt_admin: Generated<boolean>
  pickup_able: Generated<boolean>
  credit_score: Generated<number>
  new_paotui_order_remind: Generated<boolean>
  subscribe_time: Timestamp | null
  motto: string | null
  /** When the user was bound to their worksite, passed real-name verification, was approved as a runner (migration 2026-11-28T0500-statistics). */
  worksite_bound_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  auth_passed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  paotui_joined_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

export interface AddressTable {
  id: string
  user_id: string
  name: string
  phone: string
  province: string
  city: string
  county: string
  province_name: string
  city_name: string
  county_name: string
  detail: string
  is_default: Generated<boolean>
  created_at: GeneratedTimestamp
}

export interface DB {
  /** The messaging app's access token and JS-SDK ticket (migration 2026-12-02T1000-messaging-tokens). */
  payment_notice_nonce: { nonce: string; seen_at: Timestamp }
  messaging_token: { app_id: string; kind: "access_token" | "jsapi_ticket"; value: string; expires_at: Timestamp; refreshed_at: Timestamp }
  worksite: WorksiteTable
  storage_tag: { worksite_id: string; last_tag: Generated<number> }
  express_company: { id: string; name: string }
  dict_value: { dict: string; id: string; name: string; sort: Generated<number> }
  app_user: AppUserTable
  wallet: { user_id: string; money: Generated<number>; active_score: Generated<number> }
  ledger: { id: string; user_id: string; type: number; money: number; score: number; remark: string; ref_type: string; ref_id: string | null; created_at: Timestamp }
  withdrawal: { id: string; user_id: string; money: number; fee: number; status: number; created_at: Timestamp; reviewed_at: Timestamp | null }
  employee: {
    id: string; phone: string; name_zh: string; password_hash: string; worksite_id: string; openid: string | null; user_id: string | null
    /** A site admin sees their worksite's statistics (migration 2026-11-28T0500-statistics). */
    site_admin: Generated<boolean>
  }
  session: { token_hash: string; user_id: string; created_at: Timestamp; expires_at: Timestamp; revoked_at: Timestamp | null }
  login_nonce: { nonce: string; expires_at: Timestamp; used_at: Timestamp | null }
  login_failure: { id: Generated<string>; phone: string; at: Timestamp; requester: string | null }
  parcel: {
    id: string
    worksite_id: string
    express_company_id: string
    express_company_name: string
    express_no: string
    storage_no: string
    tag: number
    weight_id: string
    receiver: string
    receiver_id: string | null
    receiver_openid: string | null
    receiver_phone: string
    status: number
    agent_openid: string | null
    paotui_openid: string | null
    safekeep_paid: number
    created_at: Timestamp
    checked_in_by: string
    signed_at: Timestamp | null
    sign_openid: string | null
    agent_id: string | null
    agent: string | null
    agent_phone: string | null
    type: Generated<number>
    device_address: string | null
    box_door: string | null
    box_opened_at: Timestamp | null
  }
  outbox: {
    id: Generated<string>
    channel: string
    recipient: string
    template: string
    params: ColumnType<Record<string, string>, string, string>
    created_at: GeneratedTimestamp
    attempts: Generated<number>
    next_attempt_at: GeneratedTimestamp
    sent_at: Timestamp | null
    failed_at: Timestamp | null
    last_error: string | null
    /** The worksite whose SMS credit pays for it (parcel notices); null: the platform's (captcha SMS, template messages). */
    worksite_id: ColumnType<string | null, string | null | undefined, string | null>
    /** Written by `station replay` (its transactions set `station.replaying`): never sent. */
    replayed: Generated<boolean>
  }
  idempotency: {
    user_id: string; key: string; request_hash: string; status: number | null; body: ColumnType<unknown, string | null, string | null>
    outcome: ColumnType<unknown, string | null | undefined, string | null>; created_at: GeneratedTimestamp
  }
  server_secret: { name: string; value: string }
  address: AddressTable
  captcha: { id: Generated<string>; user_id: string; phone: string; code_hash: string; issued_at: Timestamp; attempts: Generated<number>; used: Generated<boolean>; client: string | null }
  upload: {
    id: string
    user_id: string
    field: string
    date_folder: string
    file_name: string
    bytes: number
    ocr: ColumnType<unknown, string | null, string | null>
    created_at: Timestamp
  }
  ops_log: { seq: Generated<string>; op: string; actor_openid: string; at: Timestamp; input: ColumnType<unknown, string, string>; outcome: ColumnType<unknown, string, string>; ids: ColumnType<ReadonlyArray<string> | null, string | undefined, string | null>; worksite_id: Generated<string | null> }
  pay_trade: {
    trade_no: string; kind: string; ref_id: string; user_id: string; amount_fen: number; status: string; prepay_id: string | null
    provider_ref: string | null; created_at: Timestamp; expires_at: Timestamp; paid_at: Timestamp | null; refunded_at: Timestamp | null
  }
}

/** Errand tables (migration 2026-11-23T1500-errands); merged into `DB` above. */
export interface ErrandOrderTable {
  id: string
  order_no: string
  type: number
  status: number
  worksite_id: string
  openid: string
  accept_openid: string | null
  accept_user: string | null
  accept_user_phone: string | null
  sex_limit: Generated<number>
  goods_class: number
  special_good_id: string | null
  building_id: string | null
  floor: number | null
  dorm_room: Generated<string>
  proxy_receiver: string | null
  proxy_receiver_phone: string | null
  remark: Generated<string>
  to_take_id: string | null
  fee: number
  pay_fee: number
  activity_id: string | null
  paid: Generated<number>
  refunded: Generated<number>
  runner_income: Generated<number>
  freight: number | null
  freight_paid: Generated<number>
  goods_pic: string | null
  prepay_id: string | null
  to_comment: Generated<boolean>
  require_arrive_time: Timestamp
  created_at: Timestamp
  accepted_at: Timestamp | null
  finished_at: Timestamp | null
}

export interface DB {
  errand_settings: {
    worksite_id: string
    lift_small_fee: Generated<number>
    lift_middle_fee: Generated<number>
    lift_big_fee: Generated<number>
    small_fee_one: Generated<number>
    small_fee_two: Generated<number>
    middle_fee_one: Generated<number>
    middle_fee_two: Generated<number>
    big_fee_one: Generated<number>
    big_fee_two: Generated<number>
    paotui_order_last_time: string | null
    noon_door_service_begin: string | null
    noon_door_service_end: string | null
    pm_door_service_begin: string | null
    pm_door_service_end: string | null
  }
  building: {
    id: string
    worksite_id: string
    name: string
    tag: Generated<string>
    area: Generated<string>
    is_lift: Generated<boolean>
    fees: ColumnType<Record<string, number>, string | undefined, string>
    manager_id: string | null
    sort: Generated<number>
  }
  special_good: { id: string; worksite_id: string; building_id: string | null; name: string; lift_fee: number; fee_one: number; fee_two: number; sort: Generated<number> }
  errand_activity: {
    id: string
    worksite_id: string
    kind: Generated<number>
    title: string
    /** numeric(4,2): read as a string by pg, as a number by PGlite. */
    discount: ColumnType<string | number | null, number | null, number | null>
    fee: number | null
    count_daily: number | null
    remark: Generated<string>
    active: Generated<boolean>
    /** Announcements (kind 2, migration 2026-11-26T0500-activity-content): cleaned HTML and the window they run in. */
    content: Generated<string>
    time_begin: Timestamp | null
    time_end: Timestamp | null
  }
  errand_activity_day: { activity_id: string; day: ColumnType<Date | string, string, string>; count: Generated<number> }
  errand_order: ErrandOrderTable
  errand_comment: { order_id: string; accept_openid: string; score: number; tags: number[]; reward_money: Generated<number>; created_at: Timestamp }
  /** An errand order's step log (migration 2026-11-28T0600-errand-steps). */
  errand_step: { seq: Generated<string>; order_id: string; action: string; at: Timestamp }
  credit_record: { id: string; user_id: string; order_id: string | null; type: number; score: number; remark: string; created_at: Timestamp }
}

/** Sending tables (migration 2026-11-23T1800-sending); merged into `DB` above. */
export interface SendOrderTable {
  id: string
  order_no: string
  status: number
  worksite_id: string
  sender_id: string
  company_id: string | null
  sender: ColumnType<Record<string, string>, string, string>
  receiver: ColumnType<Record<string, string>, string, string>
  goods_name: string
  goods_count: number
  estimate_weight: number | null
  insure_money: Generated<number>
  insure_freight: Generated<number>
  is_daofu: Generated<boolean>
  freight: number | null
  freight_weight: number | null
  freight_paid: Generated<boolean>
  goods_pic: string | null
  express_no: string | null
  remark: Generated<string>
  door_pickup: Generated<boolean>
  errand_id: string | null
  runner_id: string | null
  paotui_remark: Generated<string>
  goods_type: number | null
  large_category: string | null
  dorm_building: string | null
  dorm_floor: number | null
  dorm_room: string | null
  require_arrive_time: Timestamp | null
  sex_limit: Generated<number>
  fee: Generated<number>
  created_at: Timestamp
  sent_at: Timestamp | null
}

export interface DB {
  sending_settings: {
    worksite_id: string
    jijian_able: Generated<boolean>
    daofu_able: Generated<boolean>
    daofu_carrier_code: string | null
    yunfei_pic: string | null
    printer150_host: string | null
    printer150_port: number | null
    printer180_host: string | null
    printer180_port: number | null
    printer150_protocol: Generated<PrinterProtocol>
    printer150_path: string | null
    printer180_protocol: Generated<PrinterProtocol>
    printer180_path: string | null
  }
  send_company: { worksite_id: string; company_id: string; code: string; surface_height: number | null; surface_width: number | null; sort: Generated<number> }
  freight_tariff: { worksite_id: string; company_code: string; to_province_code: string; first_kg: number; extra_kg: number }
  send_order: SendOrderTable
}

/** The items background jobs failed on (migration 2026-11-25T2210-job-item-failures); merged into `DB` above. */
export interface DB {
  job_item_failure: {
    job: string
    item_id: string
    attempts: number
    last_error: string
    first_failed_at: Timestamp
    last_failed_at: Timestamp
    next_try_at: Timestamp | null
  }
}

/** The follow gifts (migration 2026-11-26T0920-subscribe-gift); merged into `DB` above. */
export interface DB {
  subscribe_gift: {
    id: string
    user_id: string
    worksite_id: string
    status: Generated<number>
    created_at: Timestamp
    exchanged_at: Timestamp | null
    exchanged_by: string | null
  }
}

/** SMS credit, its deposits and donations (migration 2026-11-26T0900-sms-credit); merged into `DB` above. */
export interface DB {
  sms_deposit: {
    id: string
    worksite_id: string
    user_id: string
    money_fen: number
    sms_count: number
    status: string
    trade_no: string
    created_at: Timestamp
    paid_at: Timestamp | null
  }
  sms_credit_ledger: {
    id: Generated<string>
    worksite_id: string
    change: number
    reason: string
    trade_no: string | null
    outbox_id: string | null
    note: Generated<string>
    at: Timestamp
  }
  donation: { trade_no: string; user_id: string; amount_fen: number; paid_at: Timestamp; refunded_at: Timestamp | null }
}

type Fen = ColumnType<string, string | number, string | number>
type Json<T> = ColumnType<T, string, string>

/** The campus circle (migration 2026-11-28T0300-circle); merged into `DB` above. */
export interface DB {
  circle_item: {
    id: string
    owner_id: string
    worksite_id: string
    biz_type: number
    goods_type: number
    title: string
    sum: number
    remark: Generated<string>
    demand: Generated<string>
    fee_type: number
    price_fen: Fen
    cost_fen: ColumnType<string | null, string | number | null, string | number | null>
    level: number | null
    major: string | null
    class: number | null
    phone: string | null
    wx_no: string | null
    show: number | null
    /** `[{ id, url }]`: the owner's uploads. */
    pics: Json<ReadonlyArray<{ readonly id: string; readonly url: string }>>
    status: Generated<number>
    status_before_hidden: number | null
    hidden_reason: string | null
    view_count: Generated<number>
    zan: Generated<number>
    created_at: Timestamp
    updated_at: Timestamp
    deleted_at: Timestamp | null
    pics_purged_at: Timestamp | null
  }
  circle_social: {
    id: string
    kind: number
    owner_id: string
    worksite_id: string
    nickname: string | null
    sex: number | null
    wx_no: string | null
    motto: string | null
    flags: ColumnType<string[], string[] | undefined, string[]>
    header: string | null
    word: string | null
    /** Image URLs (`/sign/…`), the owner's uploads. */
    pics: Json<ReadonlyArray<string>>
    status: Generated<number>
    status_before_hidden: number | null
    hidden_reason: string | null
    zan: Generated<number>
    cai: Generated<number>
    interest: Generated<number>
    flower: Generated<number>
    /** Call reactions (40) to a teammate (migration 2026-11-28T0300-circle). */
    calls: Generated<number>
    created_at: Timestamp
    deleted_at: Timestamp | null
    pics_purged_at: Timestamp | null
  }
  circle_reaction: { target_id: string; type: number; openid: string; created_at: Timestamp; sent_at: Timestamp | null }
  circle_report: { id: string; target_id: string; reporter_openid: string; complain: number; created_at: Timestamp }
  circle_contact: { id: string; target_id: string; requester_id: string; created_at: Timestamp }
  short_url: { code: string; path: string; created_at: Timestamp }
}

/** Feedback (migration 2026-11-28T0400-feedback); merged into `DB` above. */
export interface DB {
  suggestion: {
    id: string
    user_id: string
    worksite_id: string | null
    type: number
    title: string
    content: string
    /** Picture URLs (`/sign/…`), the author's uploads. */
    pics: Json<ReadonlyArray<string>>
    status: Generated<number>
    created_at: Timestamp
    updated_at: Timestamp
    handled_at: Timestamp | null
    handled_by: string | null
  }
  suggestion_reply: { id: string; suggestion_id: string; author_id: string; by_staff: boolean; content: string; created_at: Timestamp }
  user_answer: { id: string; from_user_id: string; to_user_id: string; content: string; created_at: Timestamp }
}

/** The admin's decisions on circle posts (migration 2026-11-28T0300-circle); merged into `DB` above. */
export interface DB {
  circle_moderation: { id: Generated<string>; target_id: string; action: "hide" | "restore"; reason: string | null; at: Timestamp }
}

/** Article authorisation codes (migration 2026-11-28T0410-article-code); merged into `DB` above. */
export interface DB {
  article_code: { openid: string; code_hash: string; issued_at: Timestamp; expires_at: Timestamp }
}

type Figure = number

/** Operations statistics (migration 2026-11-28T0500-statistics); merged into `DB` above. */
export interface DB {
  daily_statistics: {
    id: string
    worksite_id: string
    /** A date; read it as text (`to_char`), never as a JS Date. */
    day: ColumnType<unknown, string, string>
    checked_in: Figure
    on_shelf: Figure
    overdue: Figure
    handed_out: Figure
    locker_out: Figure
    returned: Figure
    sendings: Figure
    sending_income: Figure
    door_deliveries: Figure
    door_pickups: Figure
    errands_paid: Figure
    errands_completed: Figure
    errand_income: Figure
    new_followers: Figure
    new_bindings: Figure
    verifications: Figure
    runners: Figure
    sms_count: Figure
    sms_cost: Figure
    computed_at: Timestamp
  }
  report_key: {
    id: string
    key_hash: string
    worksite_id: string | null
    created_by: string
    created_at: Timestamp
    expires_at: Timestamp
    revoked_at: Timestamp | null
  }
}

/** Reminders (migration 2026-11-28T0800-notice-preferences); merged into `DB` above. */
export interface DB {
  notice_off: { user_id: string; kind: string; at: Timestamp }
  return_reminder: { parcel_id: string; at: Timestamp; sent: boolean }
}

/** When each part of the demo data was seeded (migration 2026-11-29T1000-seed-info); merged into `DB` above. */
export interface DB {
  seed_info: { name: string; seeded_at: Timestamp }
}
