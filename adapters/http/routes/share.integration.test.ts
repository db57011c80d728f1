/**
 * The share redirect chain over HTTP: `/share/{target}/{id}` → the fake messaging app's authorisation with the state →
 * its sign-in page (`/`), which carries the request through → back with a one-time code → the landing. A follower
 * lands signed in on the page, someone who does not follow on the circle detail by openid or the follow QR; a
 * target off the allowlist, a bent state or a forged callback lands on an error page. No Location leaves the site.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { newUser, startTestApp, type TestApp } from "../../../test/support/test-app"

describe("share links", () => {
  let t: TestApp
  beforeAll(async () => { t = await startTestApp("pglite") })
  afterAll(async () => { await t?.close() })

  const locations: string[] = []
  /** The Location of a GET that must redirect, kept for the check that none leaves the site. */
  const redirect = async (path: string): Promise<string> => {
    const res = await fetch(`${t.url}${path}`, { redirect: "manual" })
    expect(res.status, `${path} → ${res.status}`).toBe(302)
    const location = res.headers.get("location")!
    locations.push(location)
    return location
  }
  const query = (location: string) => new URL(location, "http://site.invalid").searchParams

  /** Follows a share as this openid through the fake's sign-in; answers the landing. */
  const share = async (target: string, id: string, openid: string) => {
    const authorize = await redirect(`/share/${target}/${id}`)
    expect(authorize).toMatch(/^\/auth\/dev\/authorize\?/)
    const signIn = await redirect(authorize)
    expect(signIn).toMatch(/^\/\?/)
    expect(Object.fromEntries(query(signIn))).toEqual({ redirect_uri: "/auth/wx/share", state: query(authorize).get("state"), scope: "snsapi_base" })
    const callback = await redirect(`/auth/dev/authorize?${new URLSearchParams({ ...Object.fromEntries(query(signIn)), openid })}`)
    expect(callback).toMatch(/^\/auth\/wx\/share\?/)
    expect(query(callback).get("state")).toBe(query(authorize).get("state"))
    return { landing: await redirect(callback), callback, state: query(authorize).get("state") }
  }

  const openidOf = async (token: string) => (await t.api("GET", "/api/user/wxuserInfo", decodeURIComponent(token))).body.data.openid

  it("a follower lands signed in on /{target}/{id}/{token}, or /{target}/{token} for id −1", async () => {
    const circle = await share("circleDetail", "c_42", "demo-student")
    expect(circle.state).toBe("circleDetail-c_42")
    const [, page, id, token] = circle.landing.split("/")
    expect([page, id]).toEqual(["circleDetail", "c_42"])
    expect(await openidOf(token!)).toBe("demo-student")

    const home = await share("home", "-1", "demo-runner")
    expect(home.state).toBe("home")
    expect(home.landing).toMatch(/^\/home\/[A-Za-z0-9_-]{43}$/)
    expect(await openidOf(home.landing.split("/")[2]!)).toBe("demo-runner")

    const activity = await share("active", "act-xy-welcome", "demo-student")
    expect(activity.landing).toMatch(/^\/active\/act-xy-welcome\/[A-Za-z0-9_-]{43}$/)
  })

  it("the code is good once: a replayed callback signs nobody in", async () => {
    const { callback } = await share("home", "-1", "demo-student")
    expect(await redirect(callback)).toBe("/error/10000")
    expect(await redirect(`/auth/wx/share?${new URLSearchParams({ code: "made-up", state: "home" })}`)).toBe("/error/10000")
  })

  it("someone who does not follow: the circle detail by openid, any other share the follow QR; no session for them", async () => {
    const unfollowed = await newUser(t.db)
    await t.db.updateTable("app_user").set({ subscribe: false }).where("id", "=", unfollowed.id).execute()
    const sessions = async () => Number((await t.db.selectFrom("session").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n)
    const before = await sessions()
    expect((await share("circleDetail", "c_42", unfollowed.openid)).landing).toBe(`/circleDetail/c_42/${unfollowed.openid}`)
    expect((await share("home", "-1", unfollowed.openid)).landing).toBe("/qrcode")
    expect((await share("circleDetail", "c_42", "demo-visitor")).landing).toBe("/circleDetail/c_42/demo-visitor")
    expect((await share("active", "act-xy-welcome", "demo-visitor")).landing).toBe("/qrcode")
    expect(await sessions()).toBe(before)
  })

  it("a target off the allowlist or an id where none belongs goes to /error/10003, before any authorisation", async () => {
    for (const path of [
      "/share/%2F%2Fevil.com/-1", "/share/https:%2F%2Fevil.com/-1", "/share/error/-1", "/share/share/-1", "/share/home/42", "/share/circleDetail/-1",
      "/share/circleDetail/a%2F..%2F..%2Fx", "/share/circleDetail/%5Cevil.com", "/share/Home/-1", "/share/__proto__/-1", `/share/active/${"x".repeat(65)}`
    ]) {
      expect(await redirect(path), path).toBe("/error/10003")
    }
  })

  it("a state bent on the way back goes to /error/10003 and signs nobody in", async () => {
    const { callback } = await share("home", "-1", "demo-student")
    for (const state of ["//evil.com", "https://evil.com", "home--1", "home-x", "circleDetail", "", "/home"]) {
      const bent = `/auth/wx/share?${new URLSearchParams({ code: query(callback).get("code")!, state })}`
      expect(await redirect(bent), state).toBe("/error/10003")
    }
  })

  it("the fake's authorisation sends back only to this site's callback, with a plain state and openid", async () => {
    for (const [redirectUri, state, openid] of [
      ["https://evil.com/auth/wx/share", "home", ""], ["//evil.com/auth/wx/share", "home", ""], ["/auth/wx/share/../../x", "home", ""],
      ["/home", "home", ""], ["/auth/wx/share", "a b", ""], ["/auth/wx/share", "x".repeat(129), ""], ["/auth/wx/share", "home", "../x"]
    ]) {
      const res = await fetch(`${t.url}/auth/dev/authorize?${new URLSearchParams({ redirect_uri: redirectUri!, state: state!, openid: openid! })}`, { redirect: "manual" })
      expect([redirectUri, res.status, res.headers.get("location")]).toEqual([redirectUri, 400, null])
    }
  })

  afterAll(() => {
    // every Location of the chain is a path of this site
    expect(locations.length).toBeGreaterThan(30)
    for (const location of locations) {
      expect(location.startsWith("/") && !location.startsWith("//") && !location.includes("\\"), location).toBe(true)
      expect(new URL(location, "http://site.invalid").origin).toBe("http://site.invalid")
    }
  })
})
