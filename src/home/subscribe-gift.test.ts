import { Effect } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { People, QrSigner, type Person } from "../parcel/parcel-store"
import { actor, outcome, recordingPorts, refused } from "../shared/ports.testkit"
import { EmployeeStore } from "../staff/staff-store"
import { clerk, staff, worksite } from "../parcel/parcel-store.testkit"
import { exchangeRefusal, giftSignedText, giftStatusText, shortNickname, type SubscribeGift, type UnsignedGiftQr } from "./subscribe-gift"
import { SubscribeGiftStore } from "./subscribe-gift-store"
import { exchangeGift, followGift, grantGift, redeemGift } from "./subscribe-gift-use-cases"

describe("the follow gift's words", () => {
  it("status 0 is 未兑换, 1 已兑换, anything else --", () => {
    fc.assert(fc.property(fc.integer(), (status) => {
      expect(giftStatusText(status)).toBe(status === 0 ? "未兑换" : status === 1 ? "已兑换" : "--")
    }))
  })

  it("the nickname is cut to its first six characters, a character outside the BMP counting once", () => {
    fc.assert(fc.property(fc.array(fc.constantFrom("a", "李", "😀", "明", " "), { maxLength: 12 }), (chars) => {
      expect(shortNickname(chars.join(""))).toBe(chars.slice(0, 6).join(""))
    }))
    expect(shortNickname(null)).toBe("")
  })

  it("only an unredeemed gift may be redeemed: 1 is final", () => {
    expect(exchangeRefusal(0)).toBeUndefined()
    expect(exchangeRefusal(1)).toMatchObject({ _tag: "StateConflict", message: "该礼品已兑换" })
  })
})

const NOW = new Date("2026-12-01T04:00:00Z")
const follower: Person = { id: "u1", openid: "o1", phoneMain: "13900139000", phoneVice: null, realname: null, nickname: "一二三四五六七八", subscribe: true, worksiteId: worksite.id }
const visitor: Person = { ...follower, id: "u2", openid: "o2", subscribe: false }
const homeless: Person = { ...follower, id: "u3", openid: "o3", worksiteId: null }

const setup = (gifts: Array<SubscribeGift> = [], options: { readonly lostRace?: boolean } = {}) => {
  const ports = recordingPorts(NOW, ["g-new"])
  const run = <A, E>(effect: Effect.Effect<A, E, any>) => outcome(ports.provide(effect).pipe(
    Effect.provideService(People, {
      findById: (id) => Effect.succeed([follower, visitor, homeless].find((p) => p.id === id)),
      findByPhone: () => Effect.succeed(undefined),
      byPhoneSuffix: () => Effect.succeed([])
    }),
    Effect.provideService(QrSigner, {
      sign: (text) => Effect.succeed(`sig(${text})`),
      verify: (text, signature) => Effect.succeed(signature === `sig(${text})`),
      image: (content) => Effect.succeed(`png(${content})`)
    }),
    Effect.provideService(EmployeeStore, {
      findByOpenid: (openid) => Effect.succeed(openid === staff.openid ? staff : openid === "dy-staff" ? { ...staff, id: "e2", worksite: { ...worksite, id: "w2" } } : undefined),
      findByPhone: () => Effect.succeed(undefined),
      bind: () => Effect.void
    }),
    Effect.provideService(SubscribeGiftStore, {
      find: (id) => Effect.sync(() => gifts.find((g) => g.id === id)),
      findByUser: (userId) => Effect.sync(() => gifts.find((g) => g.userId === userId)),
      grant: (gift) => Effect.sync(() => {
        const held = gifts.find((g) => g.userId === gift.userId)
        if (held) return { gift: held, granted: false }
        gifts.push(gift)
        return { gift, granted: true }
      }),
      exchange: (id) => Effect.sync(() => {
        const i = gifts.findIndex((g) => g.id === id && g.status === 0)
        if (i < 0 || options.lostRace) return false
        gifts[i] = { ...gifts[i]!, status: 1 }
        return true
      })
    })
  ) as Effect.Effect<A, E, never>)
  return { gifts, ports, run }
}

const held: SubscribeGift = { id: "g1", userId: "u1", worksiteId: worksite.id, status: 0, createdAt: NOW }
const giftQr = (over: Partial<UnsignedGiftQr> = {}) => {
  const unsigned: UnsignedGiftQr = { k: "g", gid: "g1", ts: NOW.getTime() - 60_000, ...over }
  return JSON.stringify({ ...unsigned, sig: `sig(${giftSignedText(unsigned)})` })
}

describe("the follower's gift", () => {
  it("is granted on first opening at their worksite, once, the grant logged; its QR holds the id and issue time, not the phone", async () => {
    const s = setup()
    const first = await s.run(followGift(actor({ userId: "u1", openid: "o1" })))
    expect(first).toMatchObject({ ok: true, value: { gift: { id: "g-new", userId: "u1", worksiteId: worksite.id, status: 0 } } })
    const qr = first.ok ? JSON.parse(first.value.qrImage.slice(4, -1)) : undefined
    expect(qr).toEqual({ k: "g", gid: "g-new", ts: NOW.getTime(), sig: `sig(gift\ng-new\n${NOW.getTime()})` })
    expect(JSON.stringify(qr)).not.toContain(follower.phoneMain)
    await s.run(followGift(actor({ userId: "u1", openid: "o1" })))
    expect(s.gifts).toHaveLength(1)
    expect(s.ports.ops.map((o) => [o.op, o.actorOpenid, o.outcome])).toEqual([["grantGift", "o1", { id: "g-new", worksiteId: worksite.id }]])
  })

  it("asks a non-follower to follow and someone without a worksite to choose one; a held gift stays theirs either way", async () => {
    expect(await setup().run(grantGift(actor({ userId: "u2", openid: "o2" })))).toMatchObject(refused("StateConflict", "请先关注公众号"))
    expect(await setup().run(grantGift(actor({ userId: "u3", openid: "o3" })))).toMatchObject(refused("StateConflict", "请先选择网点"))
    const kept = setup([{ ...held, userId: "u2" }])
    expect(await kept.run(grantGift(actor({ userId: "u2", openid: "o2" })))).toMatchObject({ ok: true, value: { gift: { id: "g1" } } })
    expect(kept.ports.ops).toEqual([])
  })
})

describe("redeeming a gift", () => {
  it("moves it 0 → 1 for its worksite's staff, tells its holder live and logs the operation", async () => {
    const s = setup([held])
    expect(await s.run(exchangeGift(clerk, giftQr()))).toMatchObject({ ok: true, value: { id: "g1", status: 1 } })
    expect(s.gifts[0]!.status).toBe(1)
    expect(s.ports.events).toEqual([{ room: { user: "u1" }, name: "subscribeGiftExchanged", payload: { _id: "g1", status: 1 } }])
    expect(s.ports.ops.map((o) => [o.op, o.actorOpenid, o.input, o.outcome])).toEqual([["exchangeGift", staff.openid, { id: "g1" }, { id: "g1", status: 1 }]])
  })

  it.each([
    ["a redeemed gift", [{ ...held, status: 1 }], giftQr(), clerk, "StateConflict", "该礼品已兑换"],
    ["another worksite's staff", [held], giftQr(), actor({ openid: "dy-staff" }), "NotAllowed", "只能兑换本网点的礼品"],
    ["someone who is no staff", [held], giftQr(), actor({ openid: "nobody" }), "NotAllowed", "请先绑定后台操作用户"],
    ["a forged QR", [held], JSON.stringify({ ...JSON.parse(giftQr()), gid: "g2" }), clerk, "RuleViolation", "二维码校验失败"],
    ["text that is no QR", [held], "hello", clerk, "RuleViolation", "二维码校验失败"],
    ["a parcel's or a personal QR", [held], JSON.stringify({ k: "p", uid: "u1" }), clerk, "RuleViolation", "二维码校验失败"],
    ["a QR older than ten minutes", [held], giftQr({ ts: NOW.getTime() - 10 * 60_000 - 1 }), clerk, "RuleViolation", "兑换码已过期，请刷新后重新扫码"],
    ["an unknown gift", [], giftQr(), clerk, "NotFound", "礼品不存在"]
  ])("refuses %s and changes nothing", async (_, gifts, qr, who, tag, message) => {
    const s = setup(gifts)
    expect(await s.run(exchangeGift(who, qr))).toMatchObject(refused(tag, message))
    expect(s.ports.events).toEqual([])
    expect(s.ports.ops).toEqual([])
  })

  it("a redemption lost to another staff's at the same moment is '该礼品已兑换', nothing told or logged", async () => {
    const s = setup([held], { lostRace: true })
    expect(await s.run(redeemGift(clerk, "g1"))).toMatchObject(refused("StateConflict", "该礼品已兑换"))
    expect(s.ports.events).toEqual([])
    expect(s.ports.ops).toEqual([])
  })
})
