/**
 * The WeChat official account's API as a local stand-in: /cgi-bin/token (the app id and secret checked; each
 * token issued voids the one before, as the real app's does), /cgi-bin/ticket/getticket, /sns/oauth2/access_token
 * (a code is good once; a snsapi_userinfo code also opens /sns/userinfo with the web token it gave),
 * /cgi-bin/user/info (who follows, with the unionid), /cgi-bin/message/template/send (the token, the template id and
 * a follower checked). Errors as the app answers them: HTTP 200 with {errcode, errmsg}. It counts the tokens it
 * issued, can void the current one (40001 next) and can hang. And it calls the server's callback URL as the app
 * does: an event in XML, signed with the account's token (`sendEvent`).
 */
import { randomBytes } from "node:crypto"
import { createServer, type ServerResponse } from "node:http"
import { callbackSignature, type PersonInfo } from "./messaging-app"
import { listenStandIn } from "../sms/stand-in-server"

export interface WechatStandInOptions {
  readonly appId: string
  readonly secret: string
  readonly templates: ReadonlyArray<string>
  readonly followers: ReadonlyArray<string>
  /** Authorisation codes → the openid each stands for (snsapi_base). */
  readonly codes?: Readonly<Record<string, string>>
  /** Authorisation codes given with snsapi_userinfo → the openid each stands for. */
  readonly userinfoCodes?: Readonly<Record<string, string>>
  /** What /sns/userinfo gives of a person (openid → profile), and the unionid /cgi-bin/user/info tells. */
  readonly people?: Readonly<Record<string, PersonInfo>>
}

/** An event the app posts to the server's callback URL. */
export interface AppEvent {
  readonly openid: string
  readonly event: "subscribe" | "unsubscribe"
  /** The official account's own id (ToUserName). */
  readonly account?: string
  /** Seconds since 1970; now by default. */
  readonly createTime?: number
}

/** The event as the app writes it: XML with CDATA text. */
export const eventXml = (e: AppEvent) =>
  `<xml><ToUserName><![CDATA[${e.account ?? "gh_0123456789ab"}]]></ToUserName><FromUserName><![CDATA[${e.openid}]]></FromUserName>` +
  `<CreateTime>${e.createTime ?? Math.floor(Date.now() / 1000)}</CreateTime><MsgType><![CDATA[event]]></MsgType>` +
  `<Event><![CDATA[${e.event}]]></Event>${e.event === "subscribe" ? "<EventKey><![CDATA[]]></EventKey>" : ""}</xml>`

/** The query the app signs a call to the callback URL with: timestamp, nonce and the SHA-1 over them and the token. */
export const signedCallbackQuery = (token: string, timestamp = Math.floor(Date.now() / 1000)) => {
  const nonce = String(randomBytes(4).readUInt32BE())
  return { signature: callbackSignature(token, String(timestamp), nonce), timestamp: String(timestamp), nonce }
}

/** Posts an event to the server's callback URL as the app does; the answer's status and body. */
export const sendEvent = async (callbackUrl: string, token: string, event: AppEvent, body = eventXml(event)) => {
  const res = await fetch(`${callbackUrl}?${new URLSearchParams(signedCallbackQuery(token))}`, {
    method: "POST", headers: { "content-type": "text/xml" }, body
  })
  return { status: res.status, body: await res.text() }
}

export const startWechatStandIn = async (options: WechatStandInOptions) => {
  const state = {
    tokensIssued: 0, ticketsIssued: 0, token: "", hang: false,
    codes: new Map<string, { readonly openid: string; readonly scope: string }>([
      ...Object.entries(options.codes ?? {}).map(([code, openid]) => [code, { openid, scope: "snsapi_base" }] as const),
      ...Object.entries(options.userinfoCodes ?? {}).map(([code, openid]) => [code, { openid, scope: "snsapi_userinfo" }] as const)
    ]),
    webTokens: new Map<string, string>(),
    followers: new Set(options.followers),
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
          const given = state.codes.get(q.code ?? "")
          if (given === undefined) return error(40029, "invalid code")
          state.codes.delete(q.code!)
          const webToken = `web-token-${state.webTokens.size + 1}`
          state.webTokens.set(webToken, given.openid)
          const unionid = given.scope === "snsapi_userinfo" ? options.people?.[given.openid]?.unionid : undefined
          return answer({ access_token: webToken, expires_in: 7200, refresh_token: "web-refresh", openid: given.openid, scope: given.scope, ...(unionid ? { unionid } : {}) })
        }
        case "/sns/userinfo": {
          const openid = state.webTokens.get(q.access_token ?? "")
          if (openid === undefined || openid !== q.openid) return error(40001, "invalid credential, access_token is invalid or not latest")
          const person = options.people?.[openid]
          return answer({
            openid, nickname: person?.nickname ?? "", sex: person?.sex ?? 0, province: "", city: "", country: "", headimgurl: "", privilege: [],
            ...(person?.unionid ? { unionid: person.unionid } : {})
          })
        }
        case "/cgi-bin/user/info": {
          if (!tokenOk()) return error(40001, "invalid credential, access_token is invalid or not latest")
          if (!/^[A-Za-z0-9_-]{1,64}$/.test(q.openid ?? "")) return error(40003, "invalid openid")
          if (!state.followers.has(q.openid!)) return answer({ subscribe: 0, openid: q.openid })
          const unionid = options.people?.[q.openid!]?.unionid
          return answer({ subscribe: 1, openid: q.openid, language: "zh_CN", subscribe_time: 1_700_000_000, remark: "", groupid: 0, tagid_list: [],
            subscribe_scene: "ADD_SCENE_QR_CODE", qr_scene: 0, qr_scene_str: "", ...(unionid ? { unionid } : {}) })
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
          if (!state.followers.has(message.touser)) return error(43004, "require subscribe")
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
  /** The person authorised on the app's page: the code it sends back to the callback with. */
  const authorize = (openid: string, scope: "snsapi_base" | "snsapi_userinfo") => {
    const code = randomBytes(12).toString("hex")
    state.codes.set(code, { openid, scope })
    return code
  }
  return { endpoint, close, state, authorize, voidToken: () => { state.token = "voided" } }
}
