/** `station token <openid>`: a fresh session token for that user, with the link that opens the app signed in. */
import { shanghaiDateTime } from "#src/shared/time"
import { issueTokenFor, landingPage } from "#adapters/ops/actors"
import { serveConfig } from "./config"
import { withDatabase } from "./database"
import { Refusal, render, UsageError, type Options } from "./outcome"
import { pairs } from "./table"

/** PUBLIC_URL; else the URL of the running server whose database this is; else localhost on PORT. */
const baseUrl = (server: string | undefined) => {
  try {
    const config = serveConfig()
    return config.publicUrl ?? server ?? `http://localhost:${config.port}`
  } catch (e) {
    throw new UsageError((e as Error).message)
  }
}

export const token = async (openid: string, options: Options) => {
  baseUrl(undefined)
  return withDatabase(async ({ db, attachedTo }) => {
    const base = baseUrl(attachedTo?.url)
    const issued = await issueTokenFor(db, openid, new Date())
    if (!issued) throw new Refusal("NotFound", "获取用户信息失败")
    const link = `${base.replace(/\/$/, "")}/${landingPage(issued.role)}/${encodeURIComponent(issued.token)}`
    render(options, { ...issued, link }, () => pairs([
      ["token", issued.token],
      ["user", `${issued.openid} (${issued.role})`],
      ["expires", shanghaiDateTime(issued.expiresAt)],
      ["link", link]
    ]))
  })
}
