/** The test server's own databases, made and dropped through its admin URL (TEST_DATABASE_URL). */
import { randomBytes } from "node:crypto"
import pg from "pg"

/** A database name no other suite or run uses. */
export const uniqueDatabaseName = () => `it_${process.pid}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`

/** `run` with one client of `url`, ended afterwards. */
export const withAdmin = async <A>(url: string, run: (client: pg.Client) => Promise<A>): Promise<A> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/** The admin URL with database `name` in place of its own. */
export const databaseUrl = (admin: string, name: string): string => {
  const url = new URL(admin)
  url.pathname = `/${name}`
  return url.toString()
}
