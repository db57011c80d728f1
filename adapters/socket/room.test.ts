/** Socket rooms of live events: a user's, a worksite's staff, and the errand halls (whole, or one sex's; the door-pickup hall apart). */
import { describe, expect, it } from "vitest"
import { roomOf } from "./socket-server"

describe("roomOf", () => {
  it("names each room kind", () => {
    expect(roomOf({ user: "u1" })).toBe("user:u1")
    expect(roomOf({ worksite: "ws-xiyuan" })).toBe("worksite:ws-xiyuan")
    expect(roomOf({ hall: "ws-xiyuan" })).toBe("hall:ws-xiyuan")
    expect(roomOf({ hall: "ws-xiyuan", sex: 1 })).toBe("hall:ws-xiyuan:sex:1")
    expect(roomOf({ hall: "ws-xiyuan", sex: 2 })).toBe("hall:ws-xiyuan:sex:2")
    expect(roomOf({ hall: "ws-xiyuan", pickup: true })).toBe("pickup:ws-xiyuan")
    expect(roomOf({ hall: "ws-xiyuan", pickup: true, sex: 1 })).toBe("pickup:ws-xiyuan:sex:1")
  })
})
