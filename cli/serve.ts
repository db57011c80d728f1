/** `station serve`: runs the server and prints a signed-in link per demo role. */
import { startApp } from "../adapters/app"
import { describeDatabase } from "../adapters/postgres/database"
import { demoUsers } from "../adapters/postgres/seed"
import { issueSession } from "../adapters/security/sessions"
import { landingPage, serveConfig } from "./config"

export const serve = async () => {
  const config = serveConfig()
  const app = await startApp({ port: config.port, host: config.host, database: config.database, webDist: config.webDist, devSignIn: config.devSignIn, secure: config.publicUrl?.startsWith("https://") ?? false })
  const base = config.publicUrl ?? `http://localhost:${new URL(app.url).port}`
  console.log(`Campus station serving on ${base} (${describeDatabase(config.database)})`)
  if (config.devSignIn) {
    console.log("Demo links (each opens the app signed in):")
    const seen = new Set<string>()
    for (const user of await demoUsers(app.runtime.db)) {
      if (seen.has(user.role) || user.openid === "demo-newstaff" || user.openid === "demo-staff-dy") continue
      seen.add(user.role)
      const row = await app.runtime.db.selectFrom("app_user").select("id").where("openid", "=", user.openid).executeTakeFirstOrThrow()
      const token = await issueSession(app.runtime.db, row.id, new Date())
      console.log(`  ${user.role.padEnd(8)} ${user.name.padEnd(6)} ${base}/${landingPage(user.role)}/${encodeURIComponent(token)}`)
    }
    console.log(`  or pick any demo user at ${base}/`)
  }
  const stop = async () => {
    await app.close()
    process.exit(0)
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}
