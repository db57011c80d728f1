/** Who reads a circle page: a signed-in follower (with the session) or a visitor who came by openid and has none. */
export interface CircleViewer {
  readonly openid: string
  readonly visitor: boolean
  /** The session token of a follower (raw; `tokenPath` puts it in a link); "" for a visitor. */
  readonly token: string
}

export const memberViewer = (openid: string, token: string): CircleViewer => ({ openid, visitor: false, token })
export const visitorViewer = (openid: string): CircleViewer => ({ openid, visitor: true, token: "" })
