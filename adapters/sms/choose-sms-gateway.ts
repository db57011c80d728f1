/** Which SMS gateway the station sends through: `SMS=fake` (the default), `tencent` or `aliyun`, each with its settings. */
import { providerChoice, settingsFor } from "../provider-settings"
import { aliyunSmsGateway, aliyunSmsSettings } from "./aliyun-sms"
import type { FakeSmsGateway, SmsGateway } from "./fake-sms-gateway"
import { tencentSmsGateway, tencentSmsSettings } from "./tencent-sms"

const gateways = {
  fake: (_env: NodeJS.ProcessEnv, fake: FakeSmsGateway): SmsGateway => fake,
  tencent: (env: NodeJS.ProcessEnv) => tencentSmsGateway(tencentSmsSettings(env)),
  aliyun: (env: NodeJS.ProcessEnv) => aliyunSmsGateway(aliyunSmsSettings(env))
}

/** The gateway the settings ask for; an unknown `SMS` or a missing setting stops the start with its name. */
export const chooseSmsGateway = (env: NodeJS.ProcessEnv, fake: FakeSmsGateway): SmsGateway => {
  const choice = providerChoice(env, "SMS", ["fake", "tencent", "aliyun"])
  return settingsFor(`SMS=${choice}`, () => gateways[choice](env, fake))
}
