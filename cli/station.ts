#!/usr/bin/env -S npx tsx
/** The `station` command: serve, migrate, seed, tokens, replays, withdrawal review, real-name review, returns, statistics, report links, site admins, checks. */
import { Command, CommanderError, InvalidArgumentError, Option } from "commander"
import { shanghaiDay } from "#src/shared/time"
import { ExitCode } from "./exit-code"
import { LANGS, setLang, type Lang } from "./lang"

type Handler<A extends unknown[]> = (...args: A) => Promise<ExitCode | void>

/** Loads a command's module only when it runs, so `--help` and usage errors answer at once. */
const lazy = <A extends unknown[]>(load: () => Promise<Handler<A>>) => async (...args: A) => {
  const { action } = await import("./outcome")
  await action(async (...a: A) => (await load())(...a))(...args)
}

/** A date alone is the start of that Asia/Shanghai business day; a time needs its zone. */
const isoTime = (value: string) => {
  const day = shanghaiDay(value)
  if (day) return day.from
  const at = new Date(value)
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value) || Number.isNaN(at.getTime())) {
    throw new InvalidArgumentError("expected a date (YYYY-MM-DD, Asia/Shanghai) or an ISO time with its zone, e.g. 2026-11-22T08:00:00+08:00")
  }
  return at
}

const businessDate = (value: string) => {
  if (!shanghaiDay(value)) throw new InvalidArgumentError("expected a calendar date YYYY-MM-DD")
  return value
}

const positiveInt = (max: number) => (value: string) => {
  const n = Number(value)
  if (!/^\d+$/.test(value) || n < 1 || n > max) throw new InvalidArgumentError(`expected a whole number from 1 to ${max}`)
  return n
}

const json = () => new Option("--json", "print machine-readable JSON on stdout")

const program = new Command("station")
  .description("Campus parcel station: the server and its admin tool")
  .exitOverride()
  .showHelpAfterError("(run with --help for usage)")
  .addOption(new Option("--lang <lang>", "language of column headers and labels: zh (Chinese, like the statuses) or en (English)").choices(LANGS).default("zh"))
  .hook("preAction", (self) => setLang(self.opts<{ lang: Lang }>().lang))
  .addHelpText("after", `
Environment:
  DATABASE_URL        Postgres connection string (postgres://user@host:5432/db); unset: embedded PGlite
  DATA_DIR            directory of the embedded database (default ./data; the database lives in DATA_DIR/db)
  DATABASE_POOL_SIZE  Postgres pool size (default 4)
  PORT                HTTP port of serve (default 3000; a taken port is refused, exit 1)
  PUBLIC_URL          base URL for printed links (default: the running server's own, else http://localhost:$PORT)
  STATION_DEBUG=1     print stack traces of internal failures
  SCHEDULER=off       serve without the background jobs (default: on; one process holds the scheduler lock)
  SMS_UNIT_COST_FEN   what one parcel-notice SMS costs in the statistics, in fen (default 4)
  REPLAY_BATCH        operations per transaction of station replay (default 200; --batch wins)

Every command opens the database as the server does: migrated, demo campus seeded when empty.
An embedded database (DATA_DIR/db) has one owner, named in DATA_DIR/db.lock. While station serve owns it,
commands use its database through the server's socket (DATA_DIR/db.socket); backup and restore need the
server stopped. A lock whose process has ended (or that came along with a copied directory) is taken over.

Times are printed in Asia/Shanghai with their offset (2026-11-28 16:05:00 +08:00); --json keeps ISO UTC.
Output to a pipe or a file has no escape codes; progress (replay, ops export, backup, check) is drawn on a
terminal's stderr only (replay writes a plain line every 5 s to a pipe instead).

Exit codes: 0 ok, 1 refused (a rule said no, a mismatch, a failed check, an internal failure), 2 bad usage.

Examples:
  station token demo-staff                 sign in as the demo station staff
  station ops export --from 2026-11-22 > ops.jsonl
  DATA_DIR=/tmp/fresh station replay ops.jsonl
  station withdrawals list --status 0
  station verify reject u-123 --comment "照片模糊"
  station stats --date 2026-11-22 --json
  station report-link create --worksite XY01 --days 30
  station staff site-admin 13900000001 on
  station returns export sf-batch.csv --worksite ws-xiyuan --company ec-sf
  station jobs run expire-prepays
  station jobs failures
  station payments reconcile
  station payments reconcile --bill tradebill-2026-12-01.csv
  station sms grant XY01 500 --reason "开学赠送"
  station activity add --worksite ws-xiyuan --title 开学通知 --from 2026-09-01 --to 2026-09-30 --content notice.html
  station backup station-2026-11-22.tar.gz`)

program.command("serve").description("run the API, the socket and the web app on one port")
  .action(lazy(async () => (await import("./serve")).serve))

program.command("migrate").description("migrate the database to the latest schema and print the applied migrations")
  .addOption(json()).action(lazy(async () => (await import("./migrate")).migrate))

program.command("seed").description("seed the demo campus (worksites, carriers, demo users) into an empty database")
  .addOption(json()).action(lazy(async () => (await import("./seed")).seed))

program.command("token").description("issue a session token for a user and print the link that opens the app signed in")
  .argument("<openid>", "the user's openid, e.g. demo-student, demo-staff")
  .addOption(json()).action(lazy(async () => (await import("./token")).token))

const ops = program.command("ops").description("the operations log (check-ins, pickups, mark-due runs, returns)")
ops.command("export").description("print the operations log as JSON lines {n, op, actorOpenid, at, input, outcome}, oldest first, then a digest line")
  .option("--from <time>", "only operations at or after this time (a date is the start of that Asia/Shanghai day)", isoTime)
  .option("--to <time>", "only operations before this time", isoTime)
  .option("--worksite <id>", "only this worksite's operations (its id or site code): an extract to read, with no digest")
  .addOption(json().hideHelp())
  .addHelpText("after", `
Each line carries its number n (1, 2, 3… within the export), so a replay notices a missing line. An export of
the whole log ends with one line {"digest": {lines, seed, tables}}: the number of lines, when the demo data was
seeded, and per business table its row count, a hash and a short hash of each row by primary key (see
adapters/ops/digest.ts for the tables and columns left out, and why). A window (--from or --to) has no digest
line: its lines alone do not make the database's state. Nor has --worksite: each line is stamped, as it is
logged, with the worksite it names (its outcome's or input's worksiteId) or else its actor's worksite; the
operator's and the scheduler's campus-wide operations name none and are left out (stderr counts them).`)
  .action(lazy(async () => (await import("./ops-export")).opsExport))

program.command("replay").description("replay an exported operations log into the configured (normally fresh) database and compare every outcome")
  .argument("<ops.jsonl>", "a file written by `station ops export`")
  .option("--force", "replay even though the database already has logged operations")
  .option("--keep-going", "go on past a bad line, mismatch or failure and list every problem at the end (default: stop at the first)")
  .option("--batch <n>", "operations per transaction (default: REPLAY_BATCH, else 200; 1: each in its own)")
  .option("--no-progress", "no progress on stderr")
  .addOption(json())
  .addHelpText("after", `
Each operation runs through the real use case with its recorded time as the clock and, for a check-in,
its recorded parcel id; the new outcome is compared with the recorded one. Messages the replay would
send (SMS) are marked as not sent. The operations run --batch (or REPLAY_BATCH) to a transaction,
1 by default (batches are for check-in logs; see docs/decisions.md): a batch commits only when every one of its outcomes is reproduced; otherwise it is
rolled back and its lines up to the problem are replayed again one by one, each in its own transaction,
so a problem is told and left exactly as with --batch 1. The replay stops at the first problem,
printing its line, op, recorded and replayed outcome: a mismatch or a refusal, or a line that is not
JSON, names an unknown op, is dated in the future or whose input or outcome does not fit its op (the database then holds exactly the lines before it). --keep-going replays past problems
(a mismatching operation's writes are then kept) and lists every one at the end. Exit 0 when every
outcome is reproduced (and the digest is equal), 1 on any problem, 2 when the file is missing or the
database is not fresh or --batch is not a whole number of 1 or more.

Progress (a file of 64 KB or more): on a terminal a bar on stderr with the operations, their rate
(ops/s) and the time left; to a pipe or a file a line every 5 s and one at the end.

Numbered lines (n) must follow each other: a skipped line is a bad line, and so is a digest line whose
count is not the last line's number. When the log ends with a digest line, the replayed database's
business tables are digested the same way and compared: a difference prints each differing table and
its first differing rows (key, recorded row hash, replayed row; rows missing or extra) and exits 1.
A fresh data dir is seeded at the moment the digest line records, so its demo rows equal the source's;
a database seeded at another moment is replayed with a warning that its demo rows will differ.`)
  .action(lazy(async () => (await import("./replay")).replay))

const withdrawals = program.command("withdrawals").description("cash withdrawal applications: list, review, pay out")
withdrawals.command("list").description("list withdrawal applications, oldest first")
  .option("--status <status>", "only this status: 0 pending, 1 approved, 2 rejected, 100 transferred")
  .option("--limit <n>", "at most n rows (1-1000)", positiveInt(1000), 50)
  .addOption(json()).action(lazy(async () => (await import("./withdrawals")).listWithdrawals))
withdrawals.command("approve").description("approve a pending application").argument("<id>", "withdrawal id")
  .addOption(json()).action(lazy(async () => (await import("./withdrawals")).changeWithdrawal("approve")))
withdrawals.command("reject").description("reject a pending application; the amount goes back to the wallet").argument("<id>", "withdrawal id")
  .addOption(json()).action(lazy(async () => (await import("./withdrawals")).changeWithdrawal("reject")))
withdrawals.command("transfer").description("pay an approved application out (less its fee) through the payment provider").argument("<id>", "withdrawal id")
  .addOption(json()).action(lazy(async () => (await import("./withdrawals")).changeWithdrawal("transfer")))

const verify = program.command("verify").description("real-name verification: list submissions under review, pass or reject one")
verify.command("list").description("list submissions waiting for review, oldest first (ID numbers masked)")
  .option("--limit <n>", "at most n rows (1-1000)", positiveInt(1000), 50)
  .addOption(json()).action(lazy(async () => (await import("./verify")).listVerifications))
verify.command("pass").description("pass a submission under review: the recognised name and number become the user's")
  .argument("<userId>", "the user's id (see verify list)")
  .addOption(json()).action(lazy(async () => (await import("./verify")).decideVerification("pass")))
verify.command("reject").description("reject a submission under review with a comment the user sees")
  .argument("<userId>", "the user's id (see verify list)")
  .requiredOption("--comment <text>", "why it was rejected (at most 200 characters)")
  .addOption(json()).action(lazy(async () => (await import("./verify")).decideVerification("reject")))

const runners = program.command("runners").description("runner applications: list those under review, approve or reject one (logged and replayed)")
runners.command("list").description("list runner applications waiting for review")
  .option("--limit <n>", "at most n rows (1-1000)", positiveInt(1000), 50)
  .addOption(json()).action(lazy(async () => (await import("./runners")).listRunnerApplications))
runners.command("approve").description("approve a runner application under review: the user joins the runners (and the statistics count them)")
  .argument("<userId>", "the user's id (see runners list)")
  .addOption(json()).action(lazy(async () => (await import("./runners")).decideRunnerApplication("approve")))
runners.command("reject").description("reject a runner application under review")
  .argument("<userId>", "the user's id (see runners list)")
  .addOption(json()).action(lazy(async () => (await import("./runners")).decideRunnerApplication("reject")))

const returns = program.command("returns").description("parcels to return to the courier: list them, mark the due ones now, export a courier batch")
returns.command("list").description("list parcels awaiting return (300), oldest check-in first")
  .option("--worksite <id>", "only this worksite (e.g. ws-xiyuan)")
  .option("--company <id>", "only this carrier (e.g. ec-sf)")
  .addOption(json()).action(lazy(async () => (await import("./returns")).listReturns))
returns.command("mark-due").description("mark every parcel over 3 days at status 0 or 1 as awaiting return now (what the scheduler does)")
  .option("--worksite <id>", "only this worksite")
  .addOption(json()).action(lazy(async () => (await import("./returns")).markDue))
returns.command("export").description("write the parcels awaiting return to a CSV or XLSX file for a courier batch")
  .argument("<file>", "the file to write: .csv (UTF-8, opens in spreadsheet programs) or .xlsx")
  .option("--worksite <id>", "only this worksite")
  .option("--company <id>", "only this carrier")
  .option("--format <format>", "csv or xlsx (default: from the file name)")
  .option("--force", "overwrite the file if it exists")
  .option("--no-progress", "no progress bar on stderr")
  .addOption(json()).action(lazy(async () => (await import("./returns")).exportReturns))
const payments = program.command("payments").description("money coming in (pay-in trades): list them, reconcile them with what they paid for")
payments.command("list").description("list pay-in trades, newest first")
  .option("--status <status>", "only this status: created, paid, expired, refunded")
  .option("--limit <n>", "at most n rows (1-1000)", positiveInt(1000), 50)
  .addOption(json()).action(lazy(async () => (await import("./payments")).listPayments))
payments.command("reconcile").description("check that every settled trade matches exactly one business change (e.g. a parcel's paid safekeeping fee); exit 1 listing mismatches")
  .option("--bill <file>", "instead, compare our trades with the provider's trade bill (WeChat Pay's 交易账单 CSV, bill_type ALL) and list every difference")
  .option("--date <YYYY-MM-DD>", "with --bill: the bill's Asia/Shanghai day, for a bill without rows (default: the days of its rows)", businessDate)
  .addOption(json()).action(lazy(async () => (await import("./payments")).reconcilePayments))
payments.command("refund").description("pay a paid trade back through the provider and undo what it paid for; logged and replayed").argument("<tradeNo>", "trade number")
  .addOption(json()).action(lazy(async () => (await import("./payments")).refundPayment))

const jobs = program.command("jobs").description("the scheduler's background jobs (station serve runs them; one server process at a time)")
jobs.command("list").description("list the jobs and how often the server runs them")
  .addOption(json()).action(lazy(async () => (await import("./jobs")).listJobs))
jobs.command("run").description("run one job now, e.g. expire-prepays").argument("<name>", "the job's name (see jobs list)")
  .addOption(json()).action(lazy(async () => (await import("./jobs")).runJob))
jobs.command("failures").description("list the items the jobs and the outbox gave up on (no longer tried automatically), for a person to act on")
  .option("--all", "also the failed items still to be tried again, with their next try")
  .addOption(json()).action(lazy(async () => (await import("./jobs")).jobFailures))
jobs.command("retry").description("try one failed item again now (a job's item in its own transaction, or an outbox message)")
  .argument("<job>", "the job's name, or outbox (see jobs failures)").argument("<item>", "the item's id (see jobs failures)")
  .addOption(json()).action(lazy(async () => (await import("./jobs")).retryJobItem))

const activity = program.command("activity").description("announcements of a worksite (the home carousel and /active pages): list, add, end")
activity.command("list").description("list announcements, latest start first, with whether each is upcoming, running or ended")
  .option("--worksite <id>", "only this worksite (e.g. ws-xiyuan)")
  .option("--limit <n>", "at most n rows (1-1000)", positiveInt(1000), 50)
  .addOption(json()).action(lazy(async () => (await import("./activity")).listAnnouncements))
activity.command("add").description("add an announcement; its HTML is cleaned (text, lists, pictures from /sign/ or https, https links)")
  .requiredOption("--worksite <id>", "the worksite whose users see it (e.g. ws-xiyuan)")
  .requiredOption("--title <text>", "its title (at most 40 characters)")
  .requiredOption("--from <time>", "when it starts: a date (the start of that Asia/Shanghai day) or an ISO time with its zone")
  .requiredOption("--to <time>", "when it ends: a date (it runs through that Asia/Shanghai day) or an ISO time with its zone")
  .requiredOption("--content <file>", "an HTML file with its content")
  .addOption(json()).action(lazy(async () => (await import("./activity")).addAnnouncement))
activity.command("end").description("end an announcement now (one not yet started never runs)").argument("<id>", "the announcement's id (see activity list)")
  .addOption(json()).action(lazy(async () => (await import("./activity")).endAnnouncement))

const sms = program.command("sms").description("the worksites' SMS credit (one per parcel notice SMS; topped up on /deposit): list it, grant some")
sms.command("credit").description("each worksite's SMS credit and the sum of its SMS ledger (equal unless something is wrong)")
  .option("--worksite <id>", "only this worksite (its id or site code)")
  .addOption(json()).action(lazy(async () => (await import("./sms")).listCredits))
sms.command("grant").description("give a worksite SMS credit (logged under the operator, replayed)")
  .argument("<siteCode>", "the worksite's site code (e.g. XY01) or id").argument("<count>", "how many SMS (1-1000000)")
  .requiredOption("--reason <text>", "why (kept in the SMS ledger)")
  .addOption(json()).action(lazy(async () => (await import("./sms")).grantCredit))

const printers = program.command("printers").description("each worksite's label printers: 150 (76×130 and 100×150 labels) and 180 (100×180); set or remove one (logged, replayed)")
printers.command("list").description("list each worksite's two printers").addOption(json()).action(lazy(async () => (await import("./printers")).listPrinters))
printers.command("set").description("set a worksite's printer 150 or 180: raw9100 (the PDF over TCP), ipp (a print server or printer) or tspl (a thermal label printer)")
  .argument("<worksite>", "the worksite's site code (e.g. XY01) or id").argument("<slot>", "150 or 180").argument("<host>", "the printer's host name or IP address")
  .option("--protocol <protocol>", "raw9100, ipp or tspl", "raw9100")
  .option("--port <port>", "the port (default 9100, IPP 631)")
  .option("--path <path>", "IPP only: the printer's path (default /ipp/print; CUPS /printers/<queue>)")
  .addOption(json()).action(lazy(async () => (await import("./printers")).setWorksitePrinter))
printers.command("clear").description("remove a worksite's printer 150 or 180")
  .argument("<worksite>", "the worksite's site code or id").argument("<slot>", "150 or 180")
  .addOption(json()).action(lazy(async () => (await import("./printers")).clearWorksitePrinter))

const circle = program.command("circle").description("the campus circle's moderation: reported posts, one post, hide, restore")
circle.command("reports").description("reported posts, most recently reported first, with their report counts and status")
  .option("--open", "only posts reported since the operator last hid or restored them (not deleted)")
  .addOption(json()).action(lazy(async () => (await import("./circle")).listReports))
circle.command("show").description("one post with its reports and the operator's decisions").argument("<id>", "the post's id (see circle reports)")
  .addOption(json()).action(lazy(async () => (await import("./circle")).showCirclePost))
circle.command("hide").description("hide a listed or delisted post from every list (its owner still sees it); logged and replayed")
  .argument("<id>", "the post's id").requiredOption("--reason <text>", "why (kept with the post, at most 200 characters)")
  .addOption(json()).action(lazy(async () => (await import("./circle")).hideCirclePost))
circle.command("restore").description("give a hidden post back the status it had; logged and replayed").argument("<id>", "the post's id")
  .addOption(json()).action(lazy(async () => (await import("./circle")).restoreCirclePost))

const articleCode = program.command("article-code").description("the article authorisation codes of /my (openids in ARTICLE_CODE_OPENIDS)")
articleCode.command("check").description("whose code this is and until when; exit 1 when no code like it is good now")
  .argument("<code>", "the 6-digit code").addOption(json()).action(lazy(async () => (await import("./article-code")).checkCode))

const feedback = program.command("feedback").description("the students' feedback (/suggestion): list, show, reply, handle")
feedback.command("list").description("list feedback, most recently changed first")
  .option("--open", "only feedback not handled yet (open or answered)")
  .option("--worksite <id>", "only this worksite's (e.g. ws-xiyuan)")
  .option("--limit <n>", "at most n rows (1-1000)", positiveInt(1000), 50)
  .addOption(json()).action(lazy(async () => (await import("./feedback")).listFeedback))
feedback.command("show").description("one feedback with its replies").argument("<id>", "the feedback's id (see feedback list)")
  .addOption(json()).action(lazy(async () => (await import("./feedback")).showFeedback))
feedback.command("reply").description("reply as staff (the author gets a template message); logged and replayed")
  .argument("<id>", "the feedback's id").argument("<text>", "the reply (2-256 characters)")
  .requiredOption("--as <openid>", "who replies: the head office's admin or staff of the feedback's worksite")
  .addOption(json()).action(lazy(async () => (await import("./feedback")).replyFeedback))
feedback.command("handle").description("close feedback as handled (final); logged and replayed").argument("<id>", "the feedback's id")
  .requiredOption("--as <openid>", "who handles it: the head office's admin or staff of the feedback's worksite")
  .addOption(json()).action(lazy(async () => (await import("./feedback")).handleFeedback))

const tariff = program.command("tariff").description("the freight tariff of sending (per worksite and carrier, by destination province)")
tariff.command("import").description("load a tariff CSV (worksiteId,companyCode,toProvinceCode,firstKg,extraKg; yuan); replaces the rows of each worksite and carrier it names")
  .argument("<csv>", "the CSV file").addOption(json()).action(lazy(async () => (await import("./tariff")).importTariffCsv))

program.command("stats").description("a business day's figures per worksite (check-ins, pickups, shelf, sendings, errands, new users, SMS); shelves now; withdrawals; wallet totals")
  .option("--date <YYYY-MM-DD>", "the Asia/Shanghai business day (default today)", businessDate)
  .option("--worksite <id>", "only this worksite (its id or site code)")
  .addOption(json()).action(lazy(async () => (await import("./stats")).stats))

const reportLink = program.command("report-link").description("links to the daily report page (/dailyStatic/{date}#key=…): make, list, revoke")
reportLink.command("create").description("make a report key and print the link (the key is shown only now, kept hashed); logged")
  .option("--worksite <siteCode>", "only this worksite (its site admin's view); default every worksite (the head office's)")
  .option("--days <n>", "how many days it works (1-365)", positiveInt(365), 30)
  .addOption(json()).action(lazy(async () => (await import("./report-link")).createLink))
reportLink.command("list").description("list report keys, newest first, with their scope and state (never the keys)")
  .addOption(json()).action(lazy(async () => (await import("./report-link")).listLinks))
reportLink.command("revoke").description("stop a report key at once (its link answers 401); logged").argument("<id>", "the key's id (see report-link list)")
  .addOption(json()).action(lazy(async () => (await import("./report-link")).revokeLink))

const staff = program.command("staff").description("back-office employees")
staff.command("site-admin").description("make an employee their worksite's site admin (sees its statistics), or stop it; logged")
  .argument("<phone>", "the employee's phone").argument("<on|off>", "on or off")
  .addOption(json()).action(lazy(async () => (await import("./staff")).siteAdmin))

program.command("backup").description("write the embedded database (DATA_DIR/db) to a file, while no server runs")
  .argument("<file>", "the backup file to write (a gzipped PGlite tarball)")
  .option("--force", "overwrite the file if it exists")
  .addOption(json())
  .addHelpText("after", "\nThe uploaded images in DATA_DIR/uploads are not part of it; copy that directory alongside.")
  .action(lazy(async () => (await import("./backup")).backup))

program.command("restore").description("replace the embedded database (DATA_DIR/db) with a backup, while no server runs")
  .argument("<file>", "a file written by `station backup`")
  .option("--force", "replace a database that is already there")
  .addOption(json())
  .addHelpText("after", "\nThe backup is loaded and checked beside the data directory first; a file that does not load leaves the database as it was.")
  .action(lazy(async () => (await import("./backup")).restore))

program.command("check").description("check the database invariants, then run the property spec suites")
  .option("--no-specs", "check the database only")
  .option("--spec <name>", "only the spec files whose path contains name (e.g. phone)")
  .addOption(json()).action(lazy(async () => (await import("./check")).check))

process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code !== "EPIPE") throw e
})

try {
  await program.parseAsync(process.argv)
} catch (e) {
  if (!(e instanceof CommanderError)) throw e
  process.exitCode = e.code === "commander.helpDisplayed" || e.code === "commander.version" ? ExitCode.ok : ExitCode.usage
}
