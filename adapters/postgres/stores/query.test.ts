/** A statement compiled once answers every call with the SQL and values a fresh build would have. */
import { fc, test } from "@fast-check/vitest"
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from "kysely"
import { describe, expect, it } from "vitest"
import type { DB } from "../schema"
import { compiledOnce } from "./query"

const db = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler()
  }
})

const build = (userId: string, since: Date) =>
  db.selectFrom("app_user").select(["id", sql<number>`${7}`.as("seven")]).where("id", "=", userId).where("created_at", ">", since).where("role", "=", "student")

describe("compiledOnce", () => {
  const compiled = compiledOnce(build)

  test.prop([fc.string(), fc.date({ noInvalidDate: true })])("matches a fresh build, its constants kept", (userId, since) => {
    const fresh = build(userId, since).compile()
    const once = compiled(userId, since)
    expect(once.sql).toBe(fresh.sql)
    expect(once.parameters).toEqual(fresh.parameters)
    expect(once.parameters).toContain("student")
  })

  it("refuses a value that does not end up a parameter", () => {
    const inText = compiledOnce((table: string) => db.selectFrom("app_user").select(sql.raw<string>(`'${table}'`).as("t")))
    expect(() => inText("x")).toThrow(/value 0 .* is not a parameter/)
  })
})
