import { describe, expect, it } from "vitest"
import { sendRecord } from "./send-store.testkit"
import { SendStatus, sendTransitionNames, sendTransitionRoles } from "./status-machine"
import { sendNotice } from "./status-notice"

describe("a send order step's message to its sender", () => {
  it("says the freight due (freight and insurance), cash on delivery, the printed waybill and the dispatch with their numbers", () => {
    const priced = sendRecord({ status: SendStatus.awaitingFreightPayment, freight: 900, insureFreight: 250 })
    expect(sendNotice(priced, "setFreight")).toEqual({ orderNo: priced.orderNo, status: "待支付运费", remark: "运费已算好，共 ¥11.50，请尽快支付" })
    expect(sendNotice(sendRecord({ status: SendStatus.awaitingNumber }), "setFreightDaofu")?.remark).toBe("运费到付，等待打印面单")
    expect(sendNotice(sendRecord({ status: SendStatus.awaitingOutOfStock, expressNo: "SF9" }), "assignNumber"))
      .toMatchObject({ status: "待出库", remark: "面单已打印，运单号 SF9，等待出库" })
    expect(sendNotice(sendRecord({ status: SendStatus.outOfStock, expressNo: "SF9" }), "sendOut")).toMatchObject({ status: "已出库", remark: "已交给快递公司，运单号 SF9" })
    // no number known: the line leaves it out rather than print an empty one
    expect(sendNotice(sendRecord({ status: SendStatus.outOfStock }), "sendOut")?.remark).toBe("已交给快递公司")
    expect(sendNotice(sendRecord({ status: SendStatus.awaitingOutOfStock }), "assignNumber")?.remark).toBe("面单已打印，等待出库")
  })

  it("is none for the sender's own steps, and some for every step only staff or the runner take", () => {
    for (const step of sendTransitionNames) {
      const bySenderOnly = sendTransitionRoles[step].every((r) => r === "sender")
      expect(sendNotice(sendRecord(), step) === undefined, step).toBe(bySenderOnly)
    }
  })
})
