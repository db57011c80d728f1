/** Which messaging app the station serves: `MESSAGING_APP=fake` (the default, with the development sign-in) or `wechat`. */
import type { Kysely } from "kysely"
import type { DB } from "../postgres/schema"
import { providerChoice, settingsFor } from "../provider-settings"
import type { FakeMessagingApp, FollowerBook } from "./fake-messaging-app"
import type { MessagingApp } from "./messaging-app"
import { tokenCache } from "./token-cache"
import { wechatMessagingApp, wechatSettings } from "./wechat-messaging-app"

/** The app the settings ask for; an unknown `MESSAGING_APP` or a missing setting stops the start with its name. */
export const chooseMessagingApp = (env: NodeJS.ProcessEnv, fake: FakeMessagingApp, db: Kysely<DB>): MessagingApp => {
  if (providerChoice(env, "MESSAGING_APP", ["fake", "wechat"]) === "fake") return fake
  const settings = settingsFor("MESSAGING_APP=wechat", () => wechatSettings(env))
  return wechatMessagingApp(settings, tokenCache(db, settings.appId))
}

/** Who follows, as the station's own records have it (kept by the follow events): the fake's answer, and the menu entry's first look. */
export const followerBook = (db: Kysely<DB>): FollowerBook => async (openid) => {
  const user = await db.selectFrom("app_user").select(["subscribe", "unionid"]).where("openid", "=", openid).executeTakeFirst()
  return user && { following: user.subscribe, unionid: user.unionid }
}
