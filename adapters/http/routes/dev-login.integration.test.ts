/** The development sign-in link exists only while the messaging app is the local fake. */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startApp, type App } from "../../app"
import { blankMemory } from "../../../test/support/blank-database"

describe("development sign-in link with a real messaging app", () => {
  let app: App

  beforeAll(async () => {
    app = await startApp({ port: 0, host: "127.0.0.1", database: blankMemory(), devSignIn: false, outboxIntervalMs: 3_600_000 })
  }, 120_000)

  afterAll(async () => {
    await app?.close()
  })

  it("answers 404 and signs nobody in", async () => {
    const sessions = async () => (await app.runtime.db.selectFrom("session").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n
    const before = await sessions()
    const res = await fetch(`${app.url}/auth/dev/login/demo-admin`, { redirect: "manual" })
    expect(res.status).toBe(404)
    expect(res.headers.get("location")).toBeNull()
    expect(await res.json()).toEqual({ success: false, message: "接口不存在" })
    expect(Number(await sessions())).toBe(Number(before))
  })
})
