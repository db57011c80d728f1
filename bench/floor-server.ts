/**
 * The floor under a read: node:http and pg with nothing of the station, answering every GET by running
 * the statements one real read issued (prepared, on shared pipelined connections as the station's short
 * reads are) and sending the last row as JSON with the station's security headers. The bench runs it
 * beside the real read, so the read's figure can be set against what a Node server does here with the
 * same database work.
 *
 *   PORT, DATABASE_URL              as for `station serve`
 *   STATEMENTS                      JSON: [{ text, values }] in the order the read sent them
 */
import { createHash } from "node:crypto"
import { createServer } from "node:http"
import { securityHeaders } from "#adapters/http/security-headers"
import { SHORT_READ_CONNECTIONS } from "#adapters/postgres/database"
import { SharedConnections } from "#adapters/postgres/pg-dialect"

interface Statement {
  readonly text: string
  readonly values: ReadonlyArray<unknown>
}

const statements = (JSON.parse(process.env.STATEMENTS ?? "[]") as ReadonlyArray<Statement>).map(({ text, values }) => ({
  name: `f${createHash("sha1").update(text).digest("hex").slice(0, 20)}`, text, values: [...values]
}))
if (statements.length === 0) throw new Error("STATEMENTS names no statement")
const connections = new SharedConnections({ connectionString: process.env.DATABASE_URL }, SHORT_READ_CONNECTIONS)
const setSecurityHeaders = securityHeaders({ devSignIn: false })

const answer = async () => {
  const client = await connections.connect()
  let rows: ReadonlyArray<unknown> = []
  for (const statement of statements) rows = (await client.query(statement)).rows
  return JSON.stringify({ success: true, data: rows[rows.length - 1] ?? null })
}

createServer((_req, res) => {
  answer().then((body) => {
    setSecurityHeaders(res)
    res.setHeader("Cache-Control", "no-store")
    res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(body) })
    res.end(body)
  }, (err: unknown) => {
    process.stderr.write(`floor server: ${String(err)}\n`)
    res.writeHead(500).end()
  })
}).listen(Number(process.env.PORT), "127.0.0.1")
