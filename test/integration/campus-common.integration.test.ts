/**
 * `GET /api/common/xyhAble` (the caller's worksite's services) and the article authorisation code: only the openids
 * of `ARTICLE_CODE_OPENIDS` get a 6-digit code, good for 10 minutes, a new one replacing the last, kept hashed (never
 * in the table or the operations log in clear), checked by `checkArticleCode`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loggedOperations } from "#adapters/ops/ops-log"
import { checkArticleCode } from "#src/home/article-code"
import { ArticleCode, ArticleCodeAble, CampusServicesCall } from "#src/home/calls"
import { decodedData as decoded, newUser, startTestApp, type TestApp } from "../support/test-app"

describe("campus services and the article code", () => {
  let t: TestApp
  let admin: string
  let student: string
  beforeAll(async () => {
    process.env.ARTICLE_CODE_OPENIDS = " demo-admin , other-editor"
    t = await startTestApp("pglite")
    ;[admin, student] = await Promise.all([t.token("demo-admin"), t.token("demo-student")])
  })
  afterAll(async () => {
    delete process.env.ARTICLE_CODE_OPENIDS
    await t?.close()
  })

  it("answers the worksite's services as its settings say", async () => {
    const before = decoded(CampusServicesCall.answer, await t.api("GET", "/api/common/xyhAble", student))
    await t.db.updateTable("worksite").set({ self_sign_able: !before.selfSignAble, paotui_apply_able: !before.paotuiApplyAble }).where("id", "=", "ws-xiyuan").execute()
    await t.db.updateTable("sending_settings").set({ jijian_able: !before.jijianAble }).where("worksite_id", "=", "ws-xiyuan").execute()
    expect(decoded(CampusServicesCall.answer, await t.api("GET", "/api/common/xyhAble", student)))
      .toEqual({ ...before, selfSignAble: !before.selfSignAble, paotuiApplyAble: !before.paotuiApplyAble, jijianAble: !before.jijianAble })
    const homeless = await newUser(t.db, {}, { worksite: null })
    const refused = await t.api("GET", "/api/common/xyhAble", await t.token(homeless.openid))
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 409, message: "请选择您所在的网点" })
    expect((await t.api("GET", "/api/common/xyhAble")).status).toBe(401)
  })

  it("gives allowlisted openids a 6-digit code for 10 minutes, a new one replacing the last; others 403", async () => {
    expect(decoded(ArticleCodeAble.answer, await t.api("GET", "/api/common/articleCodeAble", admin))).toBe(true)
    expect(decoded(ArticleCodeAble.answer, await t.api("GET", "/api/common/articleCodeAble", student))).toBe(false)
    const refused = await t.api("GET", "/auth/wxarticle/getPermissionCode", student)
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 403, message: "获取授权码失败" })
    expect((await t.api("GET", "/auth/wxarticle/getPermissionCode")).status).toBe(401)

    const first = decoded(ArticleCode.answer, await t.api("GET", "/auth/wxarticle/getPermissionCode", admin))
    expect(first).toMatch(/^\d{6}$/)
    const check = async (code: string) => {
      const exit = await t.runtime.read(checkArticleCode(code))
      return exit._tag === "Success" ? exit.value.openid : (exit.cause as unknown as { toString(): string }).toString().includes("授权码无效或已过期") ? "refused" : "other"
    }
    expect(await check(first)).toBe("demo-admin")
    const second = decoded(ArticleCode.answer, await t.api("GET", "/auth/wxarticle/getPermissionCode", admin))
    if (second !== first) expect(await check(first)).toBe("refused")
    expect(await check(second)).toBe("demo-admin")
    expect(await check("12345")).toBe("refused")

    const row = await t.db.selectFrom("article_code").selectAll().where("openid", "=", "demo-admin").executeTakeFirstOrThrow()
    expect(row.code_hash).not.toContain(second)
    expect(new Date(row.expires_at).getTime() - new Date(row.issued_at).getTime()).toBe(10 * 60_000)
    const logged = []
    for await (const op of loggedOperations(t.db)) if (op.op === "issueArticleCode") logged.push(JSON.stringify(op))
    expect(logged).toHaveLength(2)
    for (const line of logged) expect(line).not.toContain(second)
  })
})
