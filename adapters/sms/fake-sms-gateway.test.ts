import { FakeSmsGateway } from "./fake-sms-gateway"
import { smsGatewayContract } from "./sms-gateway.contract"

smsGatewayContract("the local fake", async () => {
  const gateway = new FakeSmsGateway()
  return { gateway, delivered: () => gateway.sent.map(({ to, text }) => ({ to, text })) }
})
