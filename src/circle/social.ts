/**
 * The three social kinds of post (spec 002 §3, §5; issue 19): a teammate for sale (20), a confession (30) and a
 * message (40). A post is kept as its checked draft — trimmed text, tags, the poster's own image paths — at its
 * poster's worksite. Teammates and confessions never show who posted them (only `mine` to the poster); a message
 * shows its poster. A teammate's chat account never leaves the server in an answer (`hu` sends it).
 */
import { Schema } from "effect"
import { PostKind, type ReactionType, type SocialKind } from "./codes"
import { tagsOf, type ConfessionForm, type MessageForm, type TeammateForm } from "./forms"
import type { PostStatus } from "./status-machine"

/** What a social post says, as checked and kept (and as `addSocialPost` is logged and replayed). */
export const SocialDraft = Schema.Struct({
  kind: Schema.Literals([PostKind.teammate, PostKind.confession, PostKind.message]),
  nickname: Schema.NullOr(Schema.String),
  sex: Schema.NullOr(Schema.Number),
  wxNo: Schema.NullOr(Schema.String),
  motto: Schema.NullOr(Schema.String),
  flags: Schema.Array(Schema.String),
  header: Schema.NullOr(Schema.String),
  word: Schema.NullOr(Schema.String),
  pics: Schema.Array(Schema.String)
})
export type SocialDraft = typeof SocialDraft.Type

/** Any of the three forms as typed; `header` and `pics` are image URLs. */
export type SocialForm = Omit<TeammateForm & ConfessionForm & MessageForm, "header" | "pics"> & {
  readonly header?: string | undefined
  readonly pics?: ReadonlyArray<string> | undefined
}

const trimmed = (text: string | null | undefined): string | null => {
  const t = (text ?? "").trim()
  return t === "" ? null : t
}

/** The draft of a checked form, with its images already turned into the poster's own upload paths. */
export const draftOf = (kind: SocialKind, form: SocialForm, header: string | null, pics: ReadonlyArray<string>): SocialDraft => {
  const teammate = kind === PostKind.teammate
  const message = kind === PostKind.message
  return {
    kind,
    nickname: message ? null : trimmed(form.nickname),
    sex: message ? null : (form.sex ?? null),
    wxNo: teammate ? trimmed(form.wxNo) : null,
    motto: teammate || message ? trimmed(form.motto) : null,
    flags: teammate ? tagsOf(form.flags) : [],
    header: message ? null : header,
    word: teammate ? null : trimmed(form.word),
    pics
  }
}

export interface SocialPost extends SocialDraft {
  readonly id: string
  readonly kind: SocialKind
  readonly ownerId: string
  readonly worksiteId: string
  readonly status: PostStatus
  readonly zan: number
  readonly cai: number
  /** Call reactions to a teammate. */
  readonly calls: number
  /** Chat accounts of a teammate sent through `hu`. */
  readonly interest: number
  readonly flower: number
  readonly createdAt: Date
}

/** Who posted a message, as the message board shows them. */
export interface Poster {
  readonly nickname: string
  readonly sex: number
  readonly motto: string
  readonly headimgBase64: string | null
}

/** A post as a list shows it to one viewer: with the viewer's own reactions, and its poster for a message. */
export interface SocialCard {
  readonly post: SocialPost
  readonly poster: Poster
  readonly myReactions: ReadonlyArray<ReactionType>
  readonly mine: boolean
}

const common = (c: SocialCard) => ({
  _id: c.post.id, pics: c.post.pics, zan: c.post.zan, cai: c.post.cai, createdAt: c.post.createdAt, myReactions: c.myReactions, mine: c.mine
})

export const teammateView = (c: SocialCard) => ({
  ...common(c), nickname: c.post.nickname ?? "", sex: c.post.sex ?? -1, motto: c.post.motto ?? "", flags: c.post.flags, header: c.post.header ?? "",
  calls: c.post.calls, interest: c.post.interest
})

export const confessionView = (c: SocialCard) => ({
  ...common(c), nickname: c.post.nickname ?? "", sex: c.post.sex ?? -1, header: c.post.header ?? "", word: c.post.word ?? "", flower: c.post.flower
})

export const messageView = (c: SocialCard) => ({ ...common(c), user: c.poster, motto: c.post.motto ?? "", word: c.post.word ?? "" })

/** The template message `hu` sends the caller: the teammate's nickname and chat account. */
export const teammateContactMessage = (post: Pick<SocialPost, "nickname" | "wxNo">, to: string) => ({
  channel: "template" as const, to, template: "circleTeammateContact", params: { nickname: post.nickname ?? "", wxNo: post.wxNo ?? "" }
})
