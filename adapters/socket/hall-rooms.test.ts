/** The errand hall rooms a socket joins: joined runners and pickupAble users of a worksite, by sex too. */
import { describe, expect, it } from "vitest"
import type { ErrandPerson } from "#src/errand/errand-parties"
import { hallRooms, roomOf } from "./socket-server"

const person = (over: Partial<ErrandPerson>): ErrandPerson => ({
  id: "u", openid: "o", name: "n", phone: "p", sex: 1, authStatus: 1, paotuiStatus: 1, isPaotuiLeader: false, pickupAble: false, worksiteId: "w1", ...over
})

describe("hallRooms", () => {
  it("a joined runner hears the hall and the hall of their sex, the rooms the hall events are sent to", () => {
    expect(hallRooms(person({ sex: 2 }))).toEqual([roomOf({ hall: "w1" }), roomOf({ hall: "w1", sex: 2 })])
    expect(hallRooms(person({ sex: 0 }))).toEqual(["hall:w1"])
  })
  it("a pickupAble user hears the hall too (they listen for the pickup orders); anyone else, or without a worksite, none", () => {
    expect(hallRooms(person({ paotuiStatus: 0, pickupAble: true, sex: 1 }))).toEqual(["hall:w1", "hall:w1:sex:1"])
    expect(hallRooms(person({ paotuiStatus: 0 }))).toEqual([])
    expect(hallRooms(person({ paotuiStatus: 2 }))).toEqual([])
    expect(hallRooms(person({ worksiteId: null }))).toEqual([])
    expect(hallRooms(undefined)).toEqual([])
  })
})
