/** Which messaging app the station serves: `MESSAGING_APP=fake` (the default, with the development sign-in) or `wechat`. */
import type { Kysely } from "kysely"
import type { DB } from "../postgres/schema"
import type { FakeMessagingApp } from "./fake-messaging-app"
import type { MessagingApp } from "./messaging-app"
import { tokenCache } from "./token-cache"
import { wechatMessagingApp, wechatSettings } from "./wechat-messaging-app"

const choices = ["fake", "wechat"] as const
export type MessagingChoice = (typeof choices)[number]

export const messagingChoice = (env: NodeJS.ProcessEnv): MessagingChoice => {
  const choice = env.MESSAGING_APP?.trim() || "fake"
  if (!(choices as ReadonlyArray<string>).includes(choice)) throw new Error(`MESSAGING_APP=${choice} is not one of ${choices.join(", ")}`)
  return choice as MessagingChoice
}

/** The app the settings ask for; an unknown `MESSAGING_APP` or a missing setting stops the start with its name. */
export const chooseMessagingApp = (env: NodeJS.ProcessEnv, fake: FakeMessagingApp, db: Kysely<DB>): MessagingApp => {
  if (messagingChoice(env) === "fake") return fake
  try {
    const settings = wechatSettings(env)
    return wechatMessagingApp(settings, tokenCache(db, settings.appId))
  } catch (e) {
    throw new Error(`MESSAGING_APP=wechat: ${(e as Error).message}`)
  }
}
