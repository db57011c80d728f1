/**
 * The dispatch screen's live count over socket.io: two staff of a worksite are connected; when one sends an
 * order out, the other hears `{worksiteId}-{companyId}-toScan` with −1 (and +1 when an order is printed);
 * the sender hears `expressSended`; staff of another worksite hear nothing.
 */
import { io, type Socket } from "socket.io-client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { newEmployee, newUser, shanghaiNoonClock, startTestApp, type TestApp } from "../support/test-app"

const connect = (t: TestApp, token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(t.url, { auth: { token }, transports: ["websocket"], reconnection: false })
    socket.once("connect", () => resolve(socket))
    socket.once("connect_error", (e) => { socket.close(); reject(e) })
  })

const nextEvent = (socket: Socket, name: string) =>
  new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} within 5 s`)), 5000)
    socket.once(name, (payload) => { clearTimeout(timer); resolve(payload) })
  })

describe("sending live events over socket.io", () => {
  let t: TestApp
  const sockets: Socket[] = []
  beforeAll(async () => { t = await startTestApp("pglite", { clock: shanghaiNoonClock() }) }, 60_000)
  afterAll(async () => {
    sockets.forEach((s) => s.close())
    await t?.close()
  })

  it("a second staff page sees the count go up at print and down at dispatch; the sender hears the dispatch", async () => {
    const sender = await newUser(t.db)
    await t.db.updateTable("app_user").set({ auth_status: 1, id_card_no: "110105199003071239" }).where("id", "=", sender.id).execute()
    const mk = (id: string, province: string) => ({
      id, user_id: sender.id, name: id, phone: "13812345678", province, city: `${province}01`, county: `${province}0101`,
      province_name: "省", city_name: "市", county_name: "区", detail: "路", is_default: false
    })
    await t.db.insertInto("address").values([mk(`s-${sender.id}`, "44"), mk(`r-${sender.id}`, "31")]).execute()
    const senderToken = await t.token(sender.openid)
    const staffA = await t.token("demo-staff")
    const secondStaff = await newUser(t.db, {}, { role: "staff" })
    const employee = await newEmployee(t.db, "secret-pass-1")
    await t.db.updateTable("employee").set({ openid: secondStaff.openid, user_id: secondStaff.id }).where("id", "=", employee.id).execute()
    const pageB = await connect(t, await t.token(secondStaff.openid))
    const east = await connect(t, await t.token("demo-staff-dy"))
    const senderPage = await connect(t, senderToken)
    sockets.push(pageB, east, senderPage)
    const eastHeard: unknown[] = []
    east.onAny((name, payload) => eastHeard.push([name, payload]))

    const booked = await t.api("POST", "/api/expressTakein", senderToken, { expressCompanyId: "ec-sf", senderAddressId: `s-${sender.id}`, receiverAddressId: `r-${sender.id}`, goodsName: "书" })
    const { _id: id, orderNo } = booked.body.data
    await t.api("PUT", "/api/expressTakein/freight/updateFreightDaofu", staffA, { id, expressCompanyId: "ec-sf" })
    const up = nextEvent(pageB, "ws-xiyuan-ec-sf-toScan")
    const printed = await t.api("POST", "/api/common/getElecWaybill/", staffA, { orderNo })
    expect(await up).toEqual({ delta: 1 })

    const down = nextEvent(pageB, "ws-xiyuan-ec-sf-toScan")
    const sent = nextEvent(senderPage, "expressSended")
    expect((await t.api("PUT", `/api/expressTakein/sendOut/ws-xiyuan/${printed.body.data.expressNo}`, staffA)).body.message).toBe("出库成功")
    expect(await down).toEqual({ delta: -1 })
    expect(await sent).toMatchObject({ _id: id, status: 100, expressNo: printed.body.data.expressNo })
    expect(eastHeard).toEqual([])
  })
})
