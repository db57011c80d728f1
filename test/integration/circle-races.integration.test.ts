/**
 * The circle's races on real Postgres (a pool of 25 connections, READ COMMITTED), each request on its own connection:
 * one person liking 50 times at once counts once; 50 people at once count 50; `hu` asked at once sends one message;
 * three (or six) reporters at once hide the post once; posts and contact requests at once keep their daily limits.
 * Runs only when TEST_DATABASE_URL is set (PGlite has a single connection, so nothing races there).
 */
import { afterAll, beforeAll, expect, it } from "vitest"
import { React } from "#src/circle/calls"
import { marketItem, messageForm, student, teammateForm, templatesTo, type Student } from "../support/circle-kit"
import { decodedData as decoded, describeOnPostgres, startTestApp, type ApiAnswer, type TestApp } from "../support/test-app"

const statuses = (answers: ReadonlyArray<ApiAnswer>) => answers.map((r) => r.status).sort()
const times = <A>(n: number, f: (i: number) => Promise<A>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)))

describeOnPostgres("the circle's races on real Postgres", () => {
  let t: TestApp
  let poster: Student
  beforeAll(async () => {
    t = await startTestApp("postgres", { poolSize: 25 })
    poster = await student(t)
  })
  afterAll(async () => {
    await t?.close()
  })

  const teammate = async () => {
    const r = await t.api("POST", "/api/circle/sfadd", poster.token, await teammateForm(t, poster, { wxNo: "race_wx" }))
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as string
  }
  const like = (who: Student, id: string) => t.api("PUT", `/api/circle/active/${id}`, who.token, { bizType: 20, type: 20 })
  const zan = async (id: string) => (await t.db.selectFrom("circle_social").select("zan").where("id", "=", id).executeTakeFirstOrThrow()).zan

  it("one person liking 50 times at once counts once: one answer 1, 49 answers 0 '您已赞过'", async () => {
    const id = await teammate()
    const liker = await student(t)
    const answers = await times(50, () => like(liker, id))
    expect(answers.map((r) => decoded(React.answer, r)).sort()).toEqual([...Array(49).fill(0), 1])
    expect(answers.filter((r) => r.body.message === "您已赞过")).toHaveLength(49)
    expect(await zan(id)).toBe(1)
    expect(await t.db.selectFrom("circle_reaction").select("openid").where("target_id", "=", id).execute()).toHaveLength(1)
  })

  it("50 people liking at once count 50, each answered a different count", async () => {
    const id = await teammate()
    const likers = await times(50, () => student(t))
    const answers = await Promise.all(likers.map((who) => like(who, id)))
    expect(answers.map((r) => decoded(React.answer, r)).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    expect(await zan(id)).toBe(50)
  })

  it("hu asked 10 times at once sends TA's chat account once", async () => {
    const id = await teammate()
    const caller = await student(t)
    decoded(React.answer, await t.api("PUT", `/api/circle/active/${id}`, caller.token, { bizType: 20, type: 40 }))
    const answers = await times(10, () => t.api("GET", `/api/circle/hu/${id}`, caller.token))
    expect(statuses(answers)).toEqual([200, ...Array(9).fill(409)])
    expect(await templatesTo(t, caller.openid)).toEqual([expect.objectContaining({ data: { nickname: "阿强", wxNo: "race_wx" } })])
    expect((await t.db.selectFrom("circle_social").select("interest").where("id", "=", id).executeTakeFirstOrThrow()).interest).toBe(1)
  })

  it.each([3, 6])("%i reporters at once hide the post once", async (n) => {
    const id = await teammate()
    const reporters = await times(n, () => student(t))
    const answers = await Promise.all(reporters.map((who) => t.api("GET", `/api/circle/complain/${id}?complain=10`, who.token)))
    expect(statuses(answers)).toEqual(Array(n).fill(200))
    expect(await t.db.selectFrom("circle_social").select(["status", "status_before_hidden"]).where("id", "=", id).executeTakeFirstOrThrow())
      .toEqual({ status: 2, status_before_hidden: 1 })
    expect(await t.db.selectFrom("circle_report").select("id").where("target_id", "=", id).execute()).toHaveLength(n)
    // in commit order: the third report is the one that hides it; before it the post was listed, after it hidden
    const logged = await t.db.selectFrom("ops_log").select("outcome").where("op", "=", "reportPost").orderBy("seq").execute()
    const outcomes = logged.map((o) => o.outcome as { id: string; status: number }).filter((o) => o.id === id)
    expect(outcomes.map((o) => o.status)).toEqual([1, 1, ...Array(n - 2).fill(2)])
  })

  it("25 posts of a kind at once by one person: 20 are taken, 5 refused 429", async () => {
    const who = await student(t)
    const answers = await times(25, (i) => t.api("POST", "/api/circle/jyadd", who.token, messageForm({ word: `同时留言${i}` })))
    expect(statuses(answers)).toEqual([...Array(20).fill(200), ...Array(5).fill(429)])
    expect(await t.db.selectFrom("circle_social").select("id").where("owner_id", "=", who.id).execute()).toHaveLength(20)
  })

  it("25 contact requests at once by one person: 20 are sent, 5 refused 429", async () => {
    const item = await marketItem(t, poster.id)
    const asker = await student(t)
    const answers = await times(25, () => t.api("GET", `/api/circle/contact/${item}`, asker.token))
    expect(statuses(answers)).toEqual([...Array(20).fill(200), ...Array(5).fill(429)])
    expect(await templatesTo(t, asker.openid)).toHaveLength(20)
  })
})
