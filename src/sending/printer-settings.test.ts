import { fc, test } from "@fast-check/vitest"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { RuleViolation } from "../shared/errors"
import { outcome, recordingPorts, refused } from "../shared/ports.testkit"
import type { WorksiteProfile } from "../worksite/directory"
import { Worksites } from "../worksite/worksite-store"
import { printerAddress, printerSlot } from "./printer-settings"
import { memorySendStore, sendingSettings } from "./send-store.testkit"
import { SendStore } from "./send-store"
import { setPrinter } from "./use-cases"

describe("a printer as the operator types it", () => {
  it("takes a host or an IP address, the protocol's own port by default, and a path only for IPP (/ipp/print by default)", () => {
    expect(printerAddress({ host: " 10.0.0.15 " })).toEqual({ host: "10.0.0.15", port: 9100, protocol: "raw9100" })
    expect(printerAddress({ host: "label-1.station.lan", protocol: "tspl" })).toEqual({ host: "label-1.station.lan", port: 9100, protocol: "tspl" })
    expect(printerAddress({ host: "cups", protocol: "ipp" })).toEqual({ host: "cups", port: 631, protocol: "ipp", path: "/ipp/print" })
    expect(printerAddress({ host: "cups", protocol: "ipp", port: "8631", path: "/printers/label" })).toEqual({ host: "cups", port: 8631, protocol: "ipp", path: "/printers/label" })
    expect(printerAddress({ host: "[fd00::15]", port: "9101" })).toEqual({ host: "fd00::15", port: 9101, protocol: "raw9100" })
  })

  it("refuses each wrong part with its message", () => {
    const message = (r: unknown) => (r instanceof RuleViolation ? r.message : "taken")
    expect(message(printerAddress({ host: "" }))).toBe("打印机地址不正确")
    expect(message(printerAddress({ host: "http://10.0.0.1" }))).toBe("打印机地址不正确")
    expect(message(printerAddress({ host: "a b" }))).toBe("打印机地址不正确")
    expect(message(printerAddress({ host: "-x.lan" }))).toBe("打印机地址不正确")
    expect(message(printerAddress({ host: "p", port: "0" }))).toBe("打印机端口应为 1-65535")
    expect(message(printerAddress({ host: "p", port: "65536" }))).toBe("打印机端口应为 1-65535")
    expect(message(printerAddress({ host: "p", port: "91OO" }))).toBe("打印机端口应为 1-65535")
    expect(message(printerAddress({ host: "p", protocol: "lpd" }))).toBe("打印协议只能是 raw9100、ipp、tspl")
    expect(message(printerAddress({ host: "p", path: "/ipp/print" }))).toBe("只有 IPP 打印机有打印路径")
    expect(message(printerAddress({ host: "p", protocol: "ipp", path: "ipp/print" }))).toBe("IPP 打印路径应以 / 开头，不含空格")
    expect(message(printerAddress({ host: "p", protocol: "ipp", path: "/a b" }))).toBe("IPP 打印路径应以 / 开头，不含空格")
    expect(message(printerSlot("130"))).toBe("打印机只能是 150（短面单）或 180")
    expect([printerSlot("150"), printerSlot("180")]).toEqual([150, 180])
  })

  test.prop([fc.string(), fc.option(fc.string()), fc.option(fc.constantFrom("raw9100", "ipp", "tspl", "x"))])(
    "whatever is typed, a printer taken has a port in range and a path exactly when it speaks IPP",
    (host, port, protocol) => {
      const taken = printerAddress({ host, port: port ?? undefined, protocol: protocol ?? undefined })
      if (taken instanceof RuleViolation) return
      expect(taken.port).toBeGreaterThanOrEqual(1)
      expect(taken.port).toBeLessThanOrEqual(65535)
      expect(taken.path !== undefined).toBe(taken.protocol === "ipp")
      expect(taken.host).not.toMatch(/\s|\//)
    }
  )
})

describe("setting a worksite's printer", () => {
  const site = (id: string, siteCode: string) => ({ id, siteCode }) as WorksiteProfile
  const world = () => {
    const send = memorySendStore()
    send.settings.set("w1", sendingSettings("w1"))
    const ports = recordingPorts(new Date("2026-12-06T02:00:00Z"))
    const run = <A, E>(effect: Effect.Effect<A, E, any>) => outcome(ports.provide(effect).pipe(
      Effect.provideService(SendStore, send.store),
      Effect.provideService(Worksites, { all: () => Effect.succeed([site("w1", "XY01"), site("w2", "DY01")]), find: () => Effect.die("find") })
    ) as Effect.Effect<A, E, never>)
    return { send, ports, run }
  }

  it("sets one of the two by worksite id or site code, keeps the other, and logs it under the operator", async () => {
    const w = world()
    const before = w.send.settings.get("w1")!.printers[180]
    expect(await w.run(setPrinter("XY01", "150", { host: "10.0.0.15", protocol: "tspl" }))).toEqual({
      ok: true, value: { worksiteId: "w1", siteCode: "XY01", slot: 150, printer: { host: "10.0.0.15", port: 9100, protocol: "tspl" } }
    })
    expect(w.send.settings.get("w1")!.printers).toEqual({ 150: { host: "10.0.0.15", port: 9100, protocol: "tspl" }, 180: before })
    expect(w.ports.ops.map((o) => [o.op, o.actorOpenid, o.input, o.outcome])).toEqual([
      ["setPrinter", "station-operator", { worksiteId: "w1", slot: 150, printer: { host: "10.0.0.15", port: 9100, protocol: "tspl" } }, { worksiteId: "w1" }]
    ])
    expect(await w.run(setPrinter("w1", "180", null))).toMatchObject({ ok: true, value: { slot: 180, printer: null } })
    expect(w.send.settings.get("w1")!.printers).toEqual({ 150: { host: "10.0.0.15", port: 9100, protocol: "tspl" } })
    // a worksite without sending settings gets them, with only this printer
    expect(await w.run(setPrinter("DY01", "180", { host: "cups", protocol: "ipp" }))).toMatchObject({ ok: true })
    expect(w.send.settings.get("w2")!.printers).toEqual({ 180: { host: "cups", port: 631, protocol: "ipp", path: "/ipp/print" } })
  })

  it("a wrong printer, slot or worksite changes and logs nothing", async () => {
    const w = world()
    const before = w.send.settings.get("w1")
    expect(await w.run(setPrinter("w1", "150", { host: "p", port: "0" }))).toMatchObject(refused("RuleViolation", "打印机端口应为 1-65535"))
    expect(await w.run(setPrinter("w1", "200", null))).toMatchObject(refused("RuleViolation", "打印机只能是 150（短面单）或 180"))
    expect(await w.run(setPrinter("nowhere", "150", { host: "p" }))).toMatchObject(refused("NotFound", "驿站不存在"))
    expect([w.send.settings.get("w1"), w.ports.ops]).toEqual([before, []])
  })
})
