/**
 * The events the messaging app posts to the server's callback URL (plaintext mode): XML whose `MsgType` is `event`,
 * `Event` names it and `FromUserName` is the person's openid. Only the follow events change anything here; every
 * other message is taken and ignored, as the app expects of a server that does not reply.
 */
import { XMLParser } from "fast-xml-parser"

export type AppEvent =
  | { readonly kind: "follow" | "unfollow"; readonly openid: string }
  | { readonly kind: "other" }

// text stays text (an openid of digits is no number); entities are not expanded, so no DOCTYPE can grow the body
const parser = new XMLParser({ parseTagValue: false, processEntities: false, ignoreDeclaration: true, ignoreAttributes: true })

const OPENID = /^[A-Za-z0-9_-]{1,64}$/

/** The event a callback body holds; undefined when it is no message of the app (not XML, no `<xml>`, no sender). */
export const parseAppEvent = (body: string): AppEvent | undefined => {
  let message: unknown
  try {
    message = parser.parse(body, true)
  } catch {
    return undefined
  }
  const xml = (message as { xml?: unknown } | undefined)?.xml
  if (!xml || typeof xml !== "object") return undefined
  const field = (name: string) => {
    const value = (xml as Record<string, unknown>)[name]
    return typeof value === "string" ? value.trim() : ""
  }
  const openid = field("FromUserName")
  if (!OPENID.test(openid)) return undefined
  if (field("MsgType") !== "event") return { kind: "other" }
  const event = field("Event")
  return event === "subscribe" ? { kind: "follow", openid } : event === "unsubscribe" ? { kind: "unfollow", openid } : { kind: "other" }
}
