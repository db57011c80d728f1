/**
 * The web app's live lists (web/src/lib/socket.ts): `listenLive` on a real socket.io client and server — the events
 * reach their handler, the first connect is not a reconnect, and every connect after a dropped transport is.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { Server, type Socket as ServerSocket } from "socket.io"
import { io as connect, type Socket } from "socket.io-client"
import { afterEach, describe, expect, it } from "vitest"
import { listenLive } from "../../web/src/lib/socket"

const until = async (check: () => boolean, what: string, ms = 5_000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe("listenLive", () => {
  const closing: Array<() => unknown> = []
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close()
  })

  const start = async () => {
    const http = createServer()
    const server = new Server(http)
    const joined: ServerSocket[] = []
    server.on("connection", (s) => joined.push(s))
    await new Promise<void>((r) => http.listen(0, "127.0.0.1", r))
    closing.push(() => new Promise((r) => server.close(() => r(undefined))))
    const client: Socket = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
      transports: ["websocket"], reconnectionDelay: 20, reconnectionDelayMax: 50
    })
    closing.push(() => client.disconnect())
    return { server, joined, client }
  }

  it("routes the events, and calls onReconnect on each connect after a drop but not on the first", async () => {
    const { server, joined, client } = await start()
    const heard: Array<[string, unknown]> = []
    let reconnects = 0
    listenLive<unknown>(client, ["ws-xiyuan-paotuiOrderAdd", "paotuiOrderRobbinged"], (event, payload) => heard.push([event, payload]), () => reconnects++)

    await until(() => client.connected && joined.length === 1, "the first connect")
    server.emit("paotuiOrderRobbinged", { _id: "o-1" })
    server.emit("unrelated", { _id: "o-2" })
    server.emit("ws-xiyuan-paotuiOrderAdd", { _id: "o-3" })
    await until(() => heard.length === 2, "two events")
    expect(heard).toEqual([["paotuiOrderRobbinged", { _id: "o-1" }], ["ws-xiyuan-paotuiOrderAdd", { _id: "o-3" }]])
    expect(reconnects).toBe(0)

    // the transport drops (as when the phone goes offline): the client reconnects by itself, twice over
    for (const round of [1, 2]) {
      joined.at(-1)!.conn.close()
      await until(() => joined.length === round + 1 && client.connected, `reconnect ${round}`)
      await until(() => reconnects === round, `onReconnect ${round}`)
    }
    expect(reconnects).toBe(2)

    // after the reconnect the events still arrive, once each
    server.emit("paotuiOrderRobbinged", { _id: "o-4" })
    await until(() => heard.length === 3, "the event after reconnecting")
    expect(heard.at(-1)).toEqual(["paotuiOrderRobbinged", { _id: "o-4" }])
  })

  it("a socket the page closes itself is not reconnected and reloads nothing", async () => {
    const { joined, client } = await start()
    let reconnects = 0
    listenLive(client, ["x"], () => undefined, () => reconnects++)
    await until(() => client.connected && joined.length === 1, "the first connect")
    client.disconnect()
    await new Promise((r) => setTimeout(r, 200))
    expect(client.connected).toBe(false)
    expect(joined).toHaveLength(1)
    expect(reconnects).toBe(0)
  })
})
