/** `station serve`: runs the server and, with the development sign-in, prints a sign-in link per demo role (no tokens). */
import { startApp } from "#adapters/app"
import { devLoginPath } from "#adapters/http/routes/dev-login"
import { describeDatabase } from "#adapters/postgres/database"
import { demoUsers } from "#adapters/postgres/seed"
import { lockFor } from "#adapters/scheduler/lock"
import { startScheduler } from "#adapters/scheduler/scheduler"
import { displayWidth } from "./table"
import { serveConfig, type ServeConfig } from "./config"
import { Refusal } from "./outcome"

const padded = (text: string, width: number) => text + " ".repeat(Math.max(0, width - displayWidth(text)))

/** A port that cannot be listened on, said in plain words naming PORT (not an internal failure). */
const listenRefusal = (e: unknown, config: ServeConfig) => {
  const code = (e as NodeJS.ErrnoException | undefined)?.code
  const where = `${config.host}:${config.port}`
  if (code === "EADDRINUSE") {
    return new Refusal("PortInUse", `station: port ${config.port} is already in use (端口已被占用, ${where}): another server is listening there. Stop it, or set PORT to a free port, e.g. PORT=${config.port + 1 <= 65535 ? config.port + 1 : 3001} npm start`)
  }
  if (code === "EACCES") {
    return new Refusal("PortNotAllowed", `station: not allowed to listen on port ${config.port} (${where}): set PORT to a port above 1023, e.g. PORT=3000`)
  }
  if (code === "EADDRNOTAVAIL") return new Refusal("HostNotAvailable", `station: cannot listen on ${where}: set HOST to an address of this machine, e.g. HOST=0.0.0.0`)
  return e
}

export const serve = async () => {
  const config = serveConfig()
  const app = await startApp({ port: config.port, host: config.host, database: config.database, webDist: config.webDist, devSignIn: config.devSignIn, secure: config.publicUrl?.startsWith("https://") ?? false })
    .catch((e: unknown) => { throw listenRefusal(e, config) })
  const base = (config.publicUrl ?? `http://localhost:${new URL(app.url).port}`).replace(/\/$/, "")
  await app.runtime.database.share(base)
  console.log(`Campus station serving on ${base} (${describeDatabase(config.database)})`)
  if (config.devSignIn) {
    console.log("Demo links (development sign-in, each opens the app signed in):")
    const seen = new Set<string>()
    for (const user of await demoUsers(app.runtime.db)) {
      if (seen.has(user.role) || user.openid === "demo-newstaff" || user.openid === "demo-staff-dy") continue
      seen.add(user.role)
      console.log(`  ${padded(user.role, 8)} ${padded(user.name, 8)} ${base}${devLoginPath(user.openid)}`)
    }
    console.log(`  or pick any demo user at ${base}/`)
  }
  // one scheduler among all server processes: the holder of the scheduler lock runs the jobs (SCHEDULER=off: none here)
  const scheduler = process.env.SCHEDULER === "off" ? undefined : startScheduler(app.runtime, { lock: lockFor(app.runtime.database) })
  void scheduler?.tick()
  const stop = async () => {
    await scheduler?.stop()
    await app.close()
    process.exit(0)
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}
