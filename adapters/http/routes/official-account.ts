/**
 * The official account's server callback URL (服务器配置 → 服务器地址), called by the messaging app, not a person: every
 * call is signed with the account's token (timestamp and nonce in the query). `GET` is the app checking the URL when
 * it is registered: the `echostr` is answered back. `POST` is a message in XML: a follow (`subscribe`) signs the
 * person up or makes them a follower again from now, with the unionid the app tells; an unfollow (`unsubscribe`)
 * ends it. The app waits 5 s and sends an event up to three times, so a repeat changes nothing; "success" is the
 * answer it wants, and anything else makes it try again.
 */
import { Exit } from "effect"
import express, { Router, type Request } from "express"
import { follow, unfollow } from "#src/profile/use-cases"
import { parseAppEvent } from "../../messaging/app-event"
import type { Runtime } from "../../runtime"
import { logger } from "../logger"
import { GENERIC_FAILURE, sendFailure } from "../outcome"
import { queryText } from "./share"

export const CALLBACK_PATH = "/api/wx/event"
/** An event is a few hundred bytes. */
const EVENT_LIMIT = "16kb"

export const messages = { unsigned: "签名错误", notAnEvent: "请求格式不正确" } as const

export const officialAccountRoutes = (runtime: Runtime) => {
  const r = Router()
  const signed = (req: Request) =>
    runtime.messagingApp.signedByTheApp({ signature: queryText(req, "signature"), timestamp: queryText(req, "timestamp"), nonce: queryText(req, "nonce") }, runtime.now())

  r.get(CALLBACK_PATH, (req, res) => {
    if (!signed(req)) return sendFailure(res, 403, messages.unsigned)
    res.type("text/plain").send(queryText(req, "echostr"))
  })

  r.post(CALLBACK_PATH, express.text({ type: () => true, limit: EVENT_LIMIT }), async (req, res) => {
    if (!signed(req)) return sendFailure(res, 403, messages.unsigned)
    const event = parseAppEvent(typeof req.body === "string" ? req.body : "")
    if (event === undefined) return sendFailure(res, 400, messages.notAnEvent)
    if (event.kind !== "other") {
      const done = event.kind === "follow"
        ? await runtime.run(follow({ openid: event.openid, unionid: await unionidOf(runtime, event.openid), nickname: null, sex: 0 }))
        : await runtime.run(unfollow({ openid: event.openid }))
      if (Exit.isFailure(done)) {
        logger.error({ cause: String(done.cause), event: event.kind }, "follow event failed")
        return sendFailure(res, 500, GENERIC_FAILURE)
      }
    }
    res.type("text/plain").send("success")
  })
  return r
}

/** The unionid the app tells of a new follower; none when it cannot be asked now (the event is kept all the same). */
const unionidOf = async (runtime: Runtime, openid: string) => {
  try {
    return (await runtime.messagingApp.follower(openid)).unionid
  } catch (e) {
    logger.warn({ err: (e as Error).message }, "WeChat user/info failed")
    return null
  }
}
