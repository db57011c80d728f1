import { Effect, Exit, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { IdStatus, logOperation, operationKind } from "./operation"
import { recordingPorts } from "./ports.testkit"
import { Text } from "./wire"

const Scan = Schema.Struct({ code: Text(8) })
const ScanOperation = operationKind("sendOut", Scan, IdStatus)
const at = new Date("2026-11-26T01:30:00Z")

describe("an operation kind", () => {
  it("decodes a logged line by its Schemas' type side: the call's lenient wire reading does not apply", () => {
    // the call reads a number as its digits and a wrong value as absent
    expect(Schema.decodeUnknownSync(Scan)({ code: 42 })).toEqual({ code: "42" })
    expect(Schema.decodeUnknownSync(Scan)({ code: {} })).toEqual({ code: undefined })
    // the log's line must hold what the use case wrote
    expect(Schema.decodeUnknownSync(ScanOperation.input)({ code: "A-1" })).toEqual({ code: "A-1" })
    expect(Schema.decodeUnknownSync(ScanOperation.input)({})).toEqual({})
    for (const wrong of [{ code: 42 }, { code: {} }, { code: "too long a code" }, "A-1"]) {
      expect(Exit.isFailure(Schema.decodeUnknownExit(ScanOperation.input)(wrong)), JSON.stringify(wrong)).toBe(true)
    }
    expect(Exit.isFailure(Schema.decodeUnknownExit(ScanOperation.outcome)({ id: "s1", status: "5" }))).toBe(true)
  })

  it("appends the use case's input and outcome under the kind's name, as given", async () => {
    const ports = recordingPorts(at)
    await Effect.runPromise(ports.provide(logOperation(ScanOperation, "o-staff", at, { code: "A-1" }, { id: "s1", status: 100 })))
    expect(ports.ops).toEqual([{ op: "sendOut", actorOpenid: "o-staff", at, input: { code: "A-1" }, outcome: { id: "s1", status: 100 } }])
    expect(Schema.decodeUnknownSync(ScanOperation.outcome)(JSON.parse(JSON.stringify(ports.ops[0]!.outcome)))).toEqual({ id: "s1", status: 100 })
  })
})
