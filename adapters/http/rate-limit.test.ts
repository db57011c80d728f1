import { describe, expect, it } from "vitest"
import { rateLimiter } from "./rate-limit"

describe("the rate limiter", () => {
  const clock = () => {
    let now = 1_000_000
    return { now: () => now, advance: (ms: number) => { now += ms } }
  }

  it("lets max hits through per window and key, then answers the wait until the window ends", () => {
    const c = clock()
    const limiter = rateLimiter({ max: 3, windowMs: 60_000 }, c.now)
    expect([limiter.take("a"), limiter.take("a"), limiter.take("a")]).toEqual([0, 0, 0])
    expect(limiter.take("a")).toBe(60_000)
    c.advance(45_000)
    expect(limiter.take("a")).toBe(15_000)
    expect(limiter.take("b")).toBe(0)
  })

  it("opens a fresh window once the old one has passed", () => {
    const c = clock()
    const limiter = rateLimiter({ max: 2, windowMs: 1000 }, c.now)
    limiter.take("a")
    limiter.take("a")
    expect(limiter.take("a")).toBeGreaterThan(0)
    c.advance(999)
    expect(limiter.take("a")).toBe(1)
    c.advance(1)
    expect(limiter.take("a")).toBe(0)
    expect(limiter.take("a")).toBe(0)
    expect(limiter.take("a")).toBe(1000)
  })

  it("refused hits do not extend the window", () => {
    const c = clock()
    const limiter = rateLimiter({ max: 1, windowMs: 1000 }, c.now)
    limiter.take("a")
    for (let i = 0; i < 9; i++) {
      c.advance(100)
      expect(limiter.take("a")).toBe(1000 - (i + 1) * 100)
    }
    c.advance(100)
    expect(limiter.take("a")).toBe(0)
  })

  it("a clock that goes back starts a fresh window instead of refusing for ever", () => {
    const c = clock()
    const limiter = rateLimiter({ max: 1, windowMs: 1000 }, c.now)
    limiter.take("a")
    c.advance(-5000)
    expect(limiter.take("a")).toBe(0)
  })
})
