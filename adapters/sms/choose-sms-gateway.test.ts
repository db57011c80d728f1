import { describe, expect, it } from "vitest"
import { Ocr } from "#src/upload/ocr"
import { ports } from "../runtime/ports"
import { chosenAdapter } from "../runtime/wiring"
import { chooseSmsGateway } from "./choose-sms-gateway"
import { FakeSmsGateway } from "./fake-sms-gateway"

const tencent = {
  SMS: "tencent", TENCENT_SMS_SECRET_ID: "id", TENCENT_SMS_SECRET_KEY: "key", TENCENT_SMS_SDK_APP_ID: "1400000001", TENCENT_SMS_SIGN_NAME: "站",
  TENCENT_SMS_TEMPLATE_CAPTCHA: "1", TENCENT_SMS_TEMPLATE_PARCEL_ARRIVED: "2"
}

describe("choosing the SMS gateway and the OCR by configuration", () => {
  it("SMS is the local fake unless it names a provider", () => {
    const fake = new FakeSmsGateway()
    expect(chooseSmsGateway({}, fake)).toBe(fake)
    expect(chooseSmsGateway({ SMS: "fake" }, fake)).toBe(fake)
    expect(chooseSmsGateway(tencent, fake)).not.toBe(fake)
    expect(chooseSmsGateway({ SMS: "aliyun", ALIYUN_SMS_ACCESS_KEY_ID: "id", ALIYUN_SMS_ACCESS_KEY_SECRET: "s", ALIYUN_SMS_SIGN_NAME: "站", ALIYUN_SMS_TEMPLATE_CAPTCHA: "SMS_1", ALIYUN_SMS_TEMPLATE_PARCEL_ARRIVED: "SMS_2" }, fake)).not.toBe(fake)
  })

  it("an unknown SMS or a missing setting stops the start with its name, never a secret", () => {
    const fake = new FakeSmsGateway()
    expect(() => chooseSmsGateway({ SMS: "twilio" }, fake)).toThrow("SMS=twilio is not one of fake, tencent, aliyun")
    expect(() => chooseSmsGateway({ ...tencent, TENCENT_SMS_SIGN_NAME: "" }, fake)).toThrow("SMS=tencent: TENCENT_SMS_SIGN_NAME is not set")
    expect(() => chooseSmsGateway({ SMS: "aliyun", ALIYUN_SMS_ACCESS_KEY_ID: "id", ALIYUN_SMS_ACCESS_KEY_SECRET: "very-secret" }, fake)).toThrow(/^SMS=aliyun: ALIYUN_SMS_SIGN_NAME is not set$/)
  })

  it("the OCR port is the Tencent one with OCR=tencent, else the fake; another OCR value stops the start", () => {
    const ocr = ports.find((p) => p.port.key === Ocr.key)!
    expect(chosenAdapter(ocr, {})).toBe("fake")
    expect(chosenAdapter(ocr, { OCR: "tencent" })).toBe("live")
    expect(() => chosenAdapter(ocr, { OCR: "baidu" })).toThrow("OCR=baidu")
  })
})
