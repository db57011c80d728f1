/** The demo campus's announcement: one at 西园, running for a year from the day it is seeded (Asia/Shanghai). */
import type { Kysely } from "kysely"
import { ActivityKind } from "#src/home/activity"
import { startOfShanghaiDay } from "#src/shared/time"
import { cleanHtml } from "../content/html-cleaner"
import type { DB } from "./schema"

export const DEMO_ANNOUNCEMENT_ID = "act-xy-welcome"

const DAY_MS = 24 * 60 * 60 * 1000

const content = `
<p>欢迎使用<strong>西园快递驿站</strong>！本学期驿站服务升级：</p>
<ul>
  <li>取件：凭取件码或取件二维码，到驿站由工作人员扫码出库；</li>
  <li>代取：在「我的快递」中点「找人代取」，同学凭自己的取件码帮你取件；</li>
  <li>送货上门：下单后由校园跑腿员送到宿舍楼下，每天有优惠名额。</li>
</ul>
<p>有任何问题，请点底部「客服」联系我们。</p>`

/** Once per database: a worksite that already has it keeps it as it is. */
export const seedActivityDemo = async (db: Kysely<DB>, now: Date = new Date()) => {
  if (!(await db.selectFrom("worksite").select("id").where("id", "=", "ws-xiyuan").executeTakeFirst())) return
  const begin = startOfShanghaiDay(now)
  await db.insertInto("errand_activity").values({
    id: DEMO_ANNOUNCEMENT_ID, worksite_id: "ws-xiyuan", kind: ActivityKind.announcement, title: "西园驿站服务升级公告",
    content: cleanHtml(content).trim(), time_begin: begin, time_end: new Date(begin.getTime() + 365 * DAY_MS), discount: null, fee: null, count_daily: null
  }).onConflict((oc) => oc.column("id").doNothing()).execute()
}
