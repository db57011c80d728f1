/**
 * The WeChat official account's API as a local stand-in: /cgi-bin/token (the app id and secret checked; each
 * token issued voids the one before, as the real app's does), /cgi-bin/ticket/getticket, /sns/oauth2/access_token
 * (a code is good once), /cgi-bin/message/template/send (the token, the template id and a follower checked).
 * Errors as the app answers them: HTTP 200 with {errcode, errmsg}. It counts the tokens it issued, can void the
 * current one (40001 next) and can hang.
 */
import { createServer, type ServerResponse } from "node:http"
import { listenStandIn } from "../sms/stand-in-server"

export interface WechatStandInOptions {
  readonly appId: string
  readonly secret: string
  readonly templates: ReadonlyArray<string>
  readonly followers: ReadonlyArray<string>
  /** Authorisation codes → the openid each stands for. */
  readonly codes?: Readonly<Record<string, string>>
}

export const startWechatStandIn = async (options: WechatStandInOptions) => {
  const state = {
    tokensIssued: 0, ticketsIssued: 0, token: "", hang: false,
    codes: new Map(Object.entries(options.codes ?? {})),
    sent: [] as Array<{ touser: string; template_id: string; data: Record<string, { value: string }> }>
  }
  const hanging = new Set<ServerResponse>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      if (state.hang) return void hanging.add(res)
      const url = new URL(req.url ?? "/", "http://stand-in")
      const q = Object.fromEntries(url.searchParams)
      const answer = (body: Record<string, unknown>) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body))
      const error = (errcode: number, errmsg: string) => answer({ errcode, errmsg })
      const tokenOk = () => q.access_token === state.token && state.token !== ""
      switch (url.pathname) {
        case "/cgi-bin/token":
          if (q.grant_type !== "client_credential") return error(40002, "invalid grant_type")
          if (q.appid !== options.appId) return error(40013, "invalid appid")
          if (q.secret !== options.secret) return error(40125, "invalid appsecret")
          state.token = `token-${++state.tokensIssued}`
          return answer({ access_token: state.token, expires_in: 7200 })
        case "/cgi-bin/ticket/getticket":
          if (!tokenOk()) return error(40001, "invalid credential, access_token is invalid or not latest")
          if (q.type !== "jsapi") return error(40097, "invalid args")
          return answer({ errcode: 0, errmsg: "ok", ticket: `ticket-${++state.ticketsIssued}`, expires_in: 7200 })
        case "/sns/oauth2/access_token": {
          if (q.appid !== options.appId || q.secret !== options.secret) return error(40125, "invalid appsecret")
          const openid = state.codes.get(q.code ?? "")
          if (openid === undefined) return error(40029, "invalid code")
          state.codes.delete(q.code!)
          return answer({ access_token: "web-token", expires_in: 7200, refresh_token: "web-refresh", openid, scope: "snsapi_base" })
        }
        case "/cgi-bin/message/template/send": {
          if (req.method !== "POST") return error(43002, "require POST method")
          if (!tokenOk()) return error(40001, "invalid credential, access_token is invalid or not latest")
          let message: (typeof state.sent)[number]
          try {
            message = JSON.parse(Buffer.concat(chunks).toString("utf8"))
          } catch {
            return error(47001, "data format error")
          }
          if (!options.templates.includes(message.template_id)) return error(40037, "invalid template_id")
          if (!options.followers.includes(message.touser)) return error(43004, "require subscribe")
          if (Object.values(message.data ?? {}).some((v) => typeof v?.value !== "string")) return error(47003, "argument invalid! data.value invalid")
          state.sent.push(message)
          return answer({ errcode: 0, errmsg: "ok", msgid: state.sent.length })
        }
        default:
          return error(-1, "system error")
      }
    })
  })
  const { endpoint, close } = await listenStandIn(server, hanging)
  return { endpoint, close, state, voidToken: () => { state.token = "voided" } }
}
