/**
 * The output a person reads: times in Asia/Shanghai with their offset (JSON keeps ISO UTC), and no escape
 * codes when stdout is a pipe, `station check` running the spec suites included.
 */
import { createServer, type AddressInfo } from "node:net"
import { spawn } from "node:child_process"
import { join } from "node:path"
import { Exit } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { applyWithdrawal } from "#src/wallet/use-cases"
import { progressLine, whileRunning } from "./progress"
import { json, removeTempDirs, root, seededDataDir, serve, station, STATION, stop, tempDir } from "./station.testkit"

const SLOW = 240_000
const ESC = "\u001b["

afterAll(removeTempDirs)

describe("station times", () => {
  const env = { DATA_DIR: tempDir("times") }
  const at = new Date("2026-11-28T08:05:00.000Z")
  const shown = "2026-11-28 16:05:00 +08:00"

  beforeAll(async () => {
    await seededDataDir(env.DATA_DIR, async (database, runtime) => {
      const exit = await runtime.run(applyWithdrawal({ userId: "u-student", openid: "demo-student", role: "student" }, 1_000), { now: at })
      if (!Exit.isSuccess(exit)) throw new Error(`withdrawal not applied: ${JSON.stringify(exit)}`)
      await database.db.insertInto("pay_trade").values({
        trade_no: "PTIME1", kind: "safekeep", ref_id: "p-none", user_id: "u-student", amount_fen: 50, status: "paid", prepay_id: null,
        provider_ref: "wx-1", created_at: at, expires_at: new Date(at.getTime() + 30 * 60_000), paid_at: new Date(at.getTime() + 60_000), refunded_at: null
      }).execute()
    })
  }, SLOW)

  it("withdrawals list and payments list print Shanghai time with +08:00; --json keeps ISO UTC", async () => {
    const withdrawals = await station(["withdrawals", "list"], env)
    expect(withdrawals.code, withdrawals.stderr).toBe(0)
    expect(withdrawals.stdout).toContain(shown)
    expect(withdrawals.stdout).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/)
    const payments = await station(["payments", "list"], env)
    expect(payments.code, payments.stderr).toBe(0)
    expect(payments.stdout).toMatch(/PTIME1.*2026-11-28 16:05:00 \+08:00\s+2026-11-28 16:06:00 \+08:00/)
    expect(payments.stdout).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/)

    const machine = await station(["payments", "list", "--json"], env)
    expect(json(machine)[0]).toMatchObject({ tradeNo: "PTIME1", createdAt: at.toISOString(), paidAt: "2026-11-28T08:06:00.000Z" })
    expect(json(await station(["withdrawals", "list", "--json"], env))[0]).toMatchObject({ createdAt: at.toISOString() })
  }, SLOW)

  it("column headers and the statuses beside them are Chinese by default and English for every command with --lang en, before or after the command", async () => {
    const zh = await station(["withdrawals", "list"], env)
    expect(zh.stdout).toMatch(/^编号\s+openid\s+金额 ¥\s+手续费 ¥\s+实付 ¥\s+状态\s+申请时间\n/)
    expect(zh.stdout).toMatch(/0 待审核/)
    for (const args of [["--lang", "en", "withdrawals", "list"], ["withdrawals", "list", "--lang", "en"]]) {
      const en = await station(args, env)
      expect(en.code, en.stderr).toBe(0)
      expect(en.stdout).toMatch(/^id\s+openid\s+amount ¥\s+fee ¥\s+payout ¥\s+status\s+applied\n/)
      expect(en.stdout).toMatch(/0 pending/)
      expect(en.stdout).not.toMatch(/待审核/)
    }
    const payments = await station(["payments", "list"], env)
    expect(payments.stdout).toMatch(/^交易号\s+类型\s+对应单据\s+金额 ¥\s+状态\s+创建时间\s+支付时间\n/)
    expect(payments.stdout).toMatch(/PTIME1\s+保管费\s+\S+\s+[\d.]+\s+已支付/)
    const paymentsEn = await station(["payments", "list", "--lang", "en"], env)
    expect(paymentsEn.stdout).toMatch(/PTIME1\s+safekeep\s+\S+\s+[\d.]+\s+paid/)
    const token = await station(["token", "demo-staff", "--lang", "en"], env)
    expect(token.stdout).toMatch(/^token\s+\S+\nuser\s+demo-staff/)
    expect((await station(["token", "demo-staff"], env)).stdout).toMatch(/^令牌\s+\S+\n用户\s+demo-staff/)
    const bad = await station(["--lang", "fr", "withdrawals", "list"], env)
    expect(bad.code).toBe(2)
  }, SLOW)

  it("stats names its day's bounds and token its expiry in Shanghai time with the offset", async () => {
    const stats = await station(["stats", "--date", "2026-11-28"], env)
    expect(stats.code, stats.stderr).toBe(0)
    expect(stats.stdout).toContain("Business day 2026-11-28 (2026-11-28 00:00:00 +08:00 – 2026-11-29 00:00:00 +08:00)")
    const token = await station(["token", "demo-staff"], env)
    expect(token.code, token.stderr).toBe(0)
    expect(token.stdout).toMatch(/到期时间\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+08:00\n/)
  }, SLOW)
})

describe("station check through a pipe", () => {
  it("runs the spec suites without escape codes even when the caller forces colour", async () => {
    const run = await station(["check", "--spec", "phone"], { DATA_DIR: tempDir("check-pipe"), FORCE_COLOR: "1" })
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.stdout).toMatch(/phone\.spec\.test\.ts/)
    expect(run.stdout).toContain("All checks passed.")
    expect(run.stdout).not.toContain(ESC)
    expect(run.stderr).not.toContain(ESC)
  }, SLOW)
})

describe("station serve on a port that is taken", () => {
  it("says the port is in use and names PORT, exit 1, no internal failure", async () => {
    const blocker = createServer()
    await new Promise<void>((done) => blocker.listen(0, "127.0.0.1", done))
    const { port } = blocker.address() as AddressInfo
    try {
      const run = await station(["serve"], { DATA_DIR: tempDir("port-taken"), PORT: String(port), HOST: "127.0.0.1", SCHEDULER: "off", LOG_LEVEL: "warn" })
      expect(run.code, run.stdout + run.stderr).toBe(1)
      expect(run.stderr).toContain(`port ${port} is already in use`)
      expect(run.stderr).toMatch(/set PORT to a free port/)
      expect(run.stderr).not.toMatch(/内部错误|EADDRINUSE/)
    } finally {
      await new Promise((done) => blocker.close(done))
    }
  }, SLOW)

  it("a PORT that is no port number is said so, naming PORT, with no internal failure", async () => {
    for (const PORT of ["abc", "3000x", "70000", "-1", ""]) {
      const run = await station(["serve"], { DATA_DIR: tempDir("port-bad"), PORT, HOST: "127.0.0.1", SCHEDULER: "off", LOG_LEVEL: "warn" })
      expect(run.code, run.stdout + run.stderr).toBe(1)
      expect(run.stderr).toContain(`PORT must be a port number from 0 to 65535 (端口号无效), got ${JSON.stringify(PORT)}`)
      expect(run.stderr).not.toMatch(/内部错误/)
    }
  }, SLOW)
})

describe("station token beside a running server", () => {
  it("links to the port the server really listens on (PORT=0 here), not 3000; PUBLIC_URL wins", async () => {
    const env = { DATA_DIR: tempDir("token-port"), SCHEDULER: "off" }
    const served = await serve(env)
    try {
      const port = new URL(served.url).port
      expect(port).not.toBe("3000")
      const run = await station(["token", "demo-staff", "--json"], env)
      expect(run.code, run.stderr).toBe(0)
      expect(json(run).link).toMatch(new RegExp(`^http://localhost:${port}/warehousing/[A-Za-z0-9_-]{43}$`))
      const pub = await station(["token", "demo-staff", "--json"], { ...env, PUBLIC_URL: "https://station.example.edu/" })
      expect(json(pub).link).toMatch(/^https:\/\/station\.example\.edu\/warehousing\/[A-Za-z0-9_-]{43}$/)
    } finally {
      await stop(served)
    }
  }, SLOW)
})

/** `station ...args` with stdout and stderr on a pseudo-terminal (util-linux `script`), both read back together. */
const onTerminal = (args: ReadonlyArray<string>, env: Readonly<Record<string, string>>) =>
  new Promise<string>((done, fail) => {
    const { DATABASE_URL: _url, DATA_DIR: _dir, PORT: _port, ...inherited } = process.env
    const command = [...STATION, ...args].map((a) => `'${a}'`).join(" ")
    const child = spawn("script", ["-qec", command, "/dev/null"], { cwd: root, env: { ...inherited, TERM: "xterm", ...env }, stdio: ["ignore", "pipe", "pipe"] })
    let out = ""
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d))
    child.once("error", fail)
    child.once("close", () => done(out))
  })

describe("progress of long commands", () => {
  it("a progress line draws with carriage returns on a terminal and clears itself; nothing when not", async () => {
    const written: string[] = []
    const line = progressLine(true, (t) => written.push(t))
    line.update("exporting: 1 operation(s)")
    line.finish()
    expect(written).toEqual(["\rexporting: 1 operation(s)", `\r${" ".repeat(25)}\r`])
    const silent: string[] = []
    expect(await whileRunning("backing up", async () => 7, false, (t) => silent.push(t))).toBe(7)
    progressLine(false, (t) => silent.push(t)).update("x")
    expect(silent).toEqual([])
    const shown: string[] = []
    await whileRunning("backing up", async () => 7, true, (t) => shown.push(t))
    expect(shown[0]).toBe("\rbacking up… 0s")
    expect(shown.at(-1)).toMatch(/^\r +\r$/)
  })

  it("backup shows its progress on a terminal and nothing on a pipe", async () => {
    const env = { DATA_DIR: join(tempDir("backup-progress"), "data") }
    expect((await station(["migrate"], env)).code).toBe(0)
    const piped = await station(["backup", join(env.DATA_DIR, "..", "piped.tar.gz")], env)
    expect(piped.code, piped.stderr).toBe(0)
    expect(piped.stderr).not.toMatch(/backing up|\r/)
    const terminal = await onTerminal(["backup", join(env.DATA_DIR, "..", "tty.tar.gz")], env)
    expect(terminal).toMatch(/\rbacking up \S+… \d+s/)
    expect(terminal).toMatch(/已备份到/)
  }, SLOW)
})
