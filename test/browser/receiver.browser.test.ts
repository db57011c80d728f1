/**
 * The receiver's parcels in the browser: a student finds the parcel from /my, opens its QR, staff take
 * it and the page flips to 已取件 live (and stays so after a reload); proxy pickup by a friend on a
 * second phone, who sees the parcel arrive live with their own QR.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { browserAvailable, POLL, shot, startHarness, toast, type Harness } from "./harness"

const run = browserAvailable()

describe.skipIf(!run)("the receiver's parcels", () => {
  let h: Harness
  let staffToken: string
  beforeAll(async () => {
    h = await startHarness()
    staffToken = await h.token("demo-staff")
  }, 60_000)
  afterAll(async () => { await h?.close() })

  /** Checks a parcel in at xiyuan for the phone; its id and code. */
  const checkIn = async (expressNo: string, receiverPhone = "13800000001") => {
    const r = await h.api<{ success: boolean; data: string }>("/api/expressTosend", staffToken, {
      method: "POST",
      body: JSON.stringify({ worksite: "ws-xiyuan", expressCompany: "ec-sf", storageNo: "B-02", expressNo, weight: "wf-1", receiverPhone })
    })
    expect(r.success).toBe(true)
    const row = await h.runtime.db.selectFrom("parcel").select("id").where("express_no", "=", expressNo).executeTakeFirstOrThrow()
    return { id: row.id, code: r.data }
  }
  /** Staff scan the holder's QR and hand the parcel out (the scanning screen has its own browser test). */
  const takeWith = async (qrContent: string) => {
    const qr = JSON.parse(qrContent) as Record<string, string>
    const r = await h.api<{ success: boolean; message: string }>("/api/expressTosend/takepart", staffToken, {
      method: "PUT",
      body: JSON.stringify({ worksiteCode: "XY01", expressNo: qr.en, storageNo: qr.sn, tag: qr.tag, signOpenid: qr.roid ?? qr.aoid, isPaotui: false, qr: qrContent })
    })
    expect(r).toMatchObject({ success: true, message: "确认取件成功" })
  }

  it("a student finds the parcel from /my, opens its QR, and sees it taken live and after a reload", async ({ onTestFailed }) => {
    const token = await h.token("demo-student")
    const parcel = await checkIn("SF7700000001")
    const { page, errors } = await h.phone()
    onTestFailed(async () => {
      await shot(page, `FAILED-receiver-${Date.now()}`)
      console.error("page errors:", errors)
    })
    await page.goto(`${h.url}/my/${encodeURIComponent(token)}`)
    await page.getByTestId("me-parcels").click()
    await page.waitForURL((u) => u.pathname.startsWith("/expressTotakeList/ing/"))
    const card = page.locator(`[data-testid=parcel-card][data-id="${parcel.id}"]`)
    await card.waitFor()
    expect(await card.getByTestId("parcel-code").textContent()).toBe(parcel.code)
    expect(await card.getByTestId("parcel-status").textContent()).toBe("待取件")
    await page.getByText("没有更多了").waitFor()
    await expect.poll(() => page.getByTestId("parcels-site").textContent(), POLL).toContain("西园驿站")
    await shot(page, "receiver-01-list")

    // the 3-day tip on the return tabs only
    await page.getByTestId("tab-toreturn").click()
    await page.getByTestId("return-tip").waitFor()
    await shot(page, "receiver-02-toreturn")
    await page.getByTestId("tab-ing").click()
    expect(await page.getByTestId("return-tip").count()).toBe(0)

    await card.getByTestId("parcel-open-qr").click()
    await page.waitForURL((u) => u.pathname.startsWith(`/expressQrcode/${parcel.id}/`))
    await page.getByTestId("qr-image").waitFor()
    expect(await page.getByTestId("pickup-code").textContent()).toBe(parcel.code.replace(/-(\d{4})$/, "$1"))
    const shown = (await page.locator("main").textContent()) ?? ""
    expect(shown).not.toMatch(/[{}]/)
    expect(shown).not.toContain("demo-student")
    // xiyuan runs errands and allows self-sign: both offered for a parcel at 0
    await page.getByTestId("qr-door-service").waitFor()
    await page.getByTestId("qr-self-sign").waitFor()
    await shot(page, "receiver-03-qr")

    const { data } = await h.api<{ data: { qrContent: string } }>(`/api/expressTosend/getById/${parcel.id}`, token)
    await takeWith(data.qrContent)
    await page.getByTestId("taken").waitFor({ timeout: 10_000 })
    expect(await page.getByTestId("parcel-status").textContent()).toBe("已取件")
    await shot(page, "receiver-04-taken-live")
    await page.reload()
    await page.getByTestId("taken").waitFor()
    expect(await page.getByTestId("qr-image").count()).toBe(0)
    await shot(page, "receiver-05-taken-reload")

    // and the list has moved it to 已签收
    await page.goto(`${h.url}/expressTotakeList/complete/${encodeURIComponent(token)}`)
    await page.locator(`[data-testid=parcel-card][data-id="${parcel.id}"]`).waitFor()
    expect(errors).toEqual([])
  }, 90_000)

  it("a cabinet parcel shows the cabinet tip and opens its door; a type-1 parcel's QR page leads back to the list", async ({ onTestFailed }) => {
    const token = await h.token("demo-student")
    const boxed = await checkIn("SF7700000003")
    const plain = await checkIn("SF7700000004")
    await h.fixture((db) => db.updateTable("parcel").set({ type: 2, device_address: "XY-CAB-1", box_door: "C05" }).where("id", "=", boxed.id).execute())
    await h.fixture((db) => db.updateTable("parcel").set({ type: 1 }).where("id", "=", plain.id).execute())
    const { page, errors } = await h.phone()
    onTestFailed(async () => { await shot(page, `FAILED-cabinet-${Date.now()}`) })
    await page.goto(`${h.url}/expressQrcode/${boxed.id}/${encodeURIComponent(token)}`)
    await page.getByTestId("qr-image").waitFor()
    expect(await page.getByTestId("qr-hint").textContent()).toContain("5cm")
    expect(await page.getByTestId("qr-self-sign").count()).toBe(0)
    expect(await page.getByTestId("qr-door-service").count()).toBe(0)
    await shot(page, "receiver-11-cabinet")
    await page.getByTestId("qr-open-box").click()
    await page.locator(".adm-dialog-footer button").last().click()
    await page.getByTestId("taken").waitFor()
    expect(h.runtime.locker.openings.map((o) => o.door)).toContain("C05")

    await page.goto(`${h.url}/expressQrcode/${plain.id}/${encodeURIComponent(token)}`)
    await page.waitForURL((u) => u.pathname.startsWith("/expressTotakeList/ing/"))
    await page.locator(`[data-testid=parcel-card][data-id="${plain.id}"]`).waitFor()
    expect(await page.locator(`[data-id="${plain.id}"] [data-testid=parcel-open-qr]`).count()).toBe(0)
    expect(errors).toEqual([])
  }, 60_000)

  it("the home tab has a tile to the parcels", async () => {
    const token = await h.token("demo-student")
    const { page, errors } = await h.phone()
    await page.goto(`${h.url}/home/${encodeURIComponent(token)}`)
    await page.getByTestId("home-collect").click()
    await page.waitForURL((u) => u.pathname.startsWith("/expressTotakeList/ing/"))
    await page.getByTestId("parcel-list-ing").waitFor()
    expect(errors).toEqual([])
  }, 60_000)

  it("proxy pickup: the student chooses a friend by phone; the friend sees it live, shows their own QR and is handed the parcel", async ({ onTestFailed }) => {
    const [studentToken, friendToken] = await Promise.all([h.token("demo-student"), h.token("demo-runner")])
    const parcel = await checkIn("SF7700000002")
    const student = await h.phone()
    const friend = await h.phone()
    onTestFailed(async () => {
      await shot(student.page, `FAILED-proxy-student-${Date.now()}`)
      await shot(friend.page, `FAILED-proxy-friend-${Date.now()}`)
      console.error("page errors:", student.errors, friend.errors)
    })
    // the friend's list is open before anything happens
    await friend.page.goto(`${h.url}/expressTotakeList/ing/${encodeURIComponent(friendToken)}`)
    await friend.page.getByTestId("parcel-list-ing").waitFor()
    expect(await friend.page.locator(`[data-id="${parcel.id}"]`).count()).toBe(0)

    await student.page.goto(`${h.url}/expressTotakeList/ing/${encodeURIComponent(studentToken)}`)
    const card = student.page.locator(`[data-testid=parcel-card][data-id="${parcel.id}"]`)
    await card.getByTestId("parcel-proxy").click()
    await student.page.waitForURL((u) => u.pathname.startsWith(`/proxyGet/${parcel.id}/`))
    await student.page.getByTestId("proxy-confirm").click()
    await toast(student.page, "请先根据手机号查找您的朋友").waitFor()
    await student.page.locator("[data-testid=proxy-phone] input").fill("1380000")
    await student.page.getByTestId("proxy-find").click()
    await toast(student.page, "请输入正确的手机号码").waitFor()
    await student.page.locator("[data-testid=proxy-phone] input").fill("13800000002")
    await student.page.getByTestId("proxy-find").click()
    await student.page.getByTestId("proxy-found").waitFor()
    expect(await student.page.getByTestId("proxy-found").textContent()).toContain("王*")
    expect(await student.page.locator("main").textContent()).not.toContain("王强")
    await shot(student.page, "receiver-06-proxy-found")
    await student.page.getByTestId("proxy-confirm").click()
    await student.page.waitForURL((u) => u.pathname.startsWith("/expressTotakeList/ing/"))
    await expect.poll(() => card.getByTestId("parcel-status").textContent(), POLL).toBe("好友代取")
    expect(await card.getByTestId("parcel-agent").textContent()).toContain("王*")
    await shot(student.page, "receiver-07-proxy-chosen")

    // the friend's list hears of it live and marks it as theirs to pick up
    const theirs = friend.page.locator(`[data-testid=parcel-card][data-id="${parcel.id}"]`)
    await theirs.waitFor({ timeout: 10_000 })
    await theirs.getByTestId("parcel-agent-tag").waitFor()
    await shot(friend.page, "receiver-08-friend-list")
    await theirs.getByTestId("parcel-open-qr").click()
    await friend.page.getByTestId("qr-image").waitFor()
    expect(await friend.page.getByTestId("qr-proxy").count()).toBe(0)
    await shot(friend.page, "receiver-09-friend-qr")
    const { data } = await h.api<{ data: { qrContent: string } }>(`/api/expressTosend/getById/${parcel.id}`, friendToken)
    expect(JSON.parse(data.qrContent)).toMatchObject({ aoid: "demo-runner" })
    await takeWith(data.qrContent)
    await friend.page.getByTestId("taken").waitFor({ timeout: 10_000 })
    await shot(friend.page, "receiver-10-friend-taken")
    expect([...student.errors, ...friend.errors]).toEqual([])
  }, 120_000)
})
