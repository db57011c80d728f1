/** The errand hall rooms a socket joins: joined runners both halls, pickupAble users the door-pickup hall, by sex too. */
import { describe, expect, it } from "vitest"
import type { ErrandPerson } from "#src/errand/errand-parties"
import { hallRoom } from "#src/errand/hall-room"
import { hallRooms, roomOf } from "./socket-server"

const person = (over: Partial<ErrandPerson>): ErrandPerson => ({
  id: "u", openid: "o", name: "n", phone: "p", sex: 1, authStatus: 1, paotuiStatus: 1, isPaotuiLeader: false, pickupAble: false, worksiteId: "w1", ...over
})

describe("hallRooms", () => {
  it("a joined runner hears the hall and the door-pickup hall, each with the room of their sex: the rooms the hall events go to", () => {
    const rooms = hallRooms(person({ sex: 2 }))
    expect(rooms).toEqual(["hall:w1", "hall:w1:sex:2", "pickup:w1", "pickup:w1:sex:2"])
    for (const type of [1, 2, 3, 4] as const) {
      for (const sexLimit of [-1, 2] as const) expect(rooms).toContain(roomOf(hallRoom({ worksiteId: "w1", type, sexLimit })))
      expect(rooms).not.toContain(roomOf(hallRoom({ worksiteId: "w1", type, sexLimit: 1 })))
    }
    expect(hallRooms(person({ sex: 0 }))).toEqual(["hall:w1", "pickup:w1"])
  })

  it("a pickupAble user who is no runner hears the door pickups only; anyone else, or without a worksite, nothing", () => {
    const rooms = hallRooms(person({ paotuiStatus: 0, pickupAble: true, sex: 1 }))
    expect(rooms).toEqual(["pickup:w1", "pickup:w1:sex:1"])
    expect(rooms).toContain(roomOf(hallRoom({ worksiteId: "w1", type: 2, sexLimit: -1 })))
    expect(rooms).not.toContain(roomOf(hallRoom({ worksiteId: "w1", type: 1, sexLimit: -1 })))
    expect(hallRooms(person({ paotuiStatus: 0 }))).toEqual([])
    expect(hallRooms(person({ paotuiStatus: 2 }))).toEqual([])
    expect(hallRooms(person({ worksiteId: null }))).toEqual([])
    expect(hallRooms(undefined)).toEqual([])
  })
})
