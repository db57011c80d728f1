/**
 * The social three's cards (spec 002 §2, §3): a teammate for sale (TA's avatar, nickname, sex, motto, tags, photos;
 * 赞, 踩, 呼TA), a confession (TA, the declaration, photos; 赞, 踩, 送花) and a message (its poster with the motto; 赞, 踩).
 * Teammates and confessions hide their poster; the author's own card offers delete, everyone else's a report.
 */
import type { ConfessionView, MessageView, TeammateView } from "#src/circle/calls"
import { PostKind, ReactionType, Sex } from "#src/circle/codes"
import { sexName } from "#src/circle/display"
import { dateTime } from "../../../lib/format"
import type { CircleViewer } from "../state/viewer"
import { Avatar, PicGrid } from "./bits"
import { PostMenu, ReactionButton, withReaction } from "./reactions"

const SexMark = (props: { readonly sex: number }) =>
  props.sex === Sex.male || props.sex === Sex.female
    ? <span className={`circle-sex circle-sex--${props.sex === Sex.male ? "male" : "female"}`} aria-label={sexName(props.sex)}>{props.sex === Sex.male ? "♂" : "♀"}</span>
    : null

/** A message's poster is an account, whose sex is numbered as the profile numbers it: 1 male, 2 female, 0 unknown. */
const PROFILE_FEMALE = 2
const posterSex = (sex: number) => (sex === Sex.male ? Sex.male : sex === PROFILE_FEMALE ? Sex.female : Sex.unchosen)

interface CardProps<P> {
  readonly post: P
  readonly viewer: CircleViewer
  readonly onChange: (post: P) => void
  readonly onDeleted: () => void
  /** Cards on the discovery home show at most three pictures. */
  readonly maxPics?: number
}

export const TeammateCard = (props: CardProps<TeammateView>) => {
  const t = props.post
  return (
    <article className="circle-card social-card social-card--teammate" data-testid="teammate-card" data-id={t._id}>
      <header className="social-card__head">
        <Avatar src={t.header} size={52} alt="TA的头像" />
        <div className="social-card__who">
          <b data-testid="teammate-nickname">{t.nickname}</b><SexMark sex={t.sex} />
          <p className="social-card__motto">{t.motto}</p>
        </div>
        <PostMenu viewer={props.viewer} postId={t._id} mine={t.mine} onDeleted={props.onDeleted} />
      </header>
      <div className="social-card__flags">{t.flags.map((flag) => <span key={flag} className="circle-flag">{flag}</span>)}</div>
      <PicGrid urls={t.pics} {...(props.maxPics === undefined ? {} : { max: props.maxPics })} />
      <footer className="social-card__foot">
        <time>{dateTime(t.createdAt)}</time>
        <div className="social-card__reactions">
          <ReactionButton viewer={props.viewer} kind={PostKind.teammate} post={t} type={ReactionType.like} count={t.zan}
            onCounted={(n) => props.onChange(withReaction(t, ReactionType.like, "zan", n))} />
          <ReactionButton viewer={props.viewer} kind={PostKind.teammate} post={t} type={ReactionType.dislike} count={t.cai}
            onCounted={(n) => props.onChange(withReaction(t, ReactionType.dislike, "cai", n))} />
          <ReactionButton viewer={props.viewer} kind={PostKind.teammate} post={t} type={ReactionType.call} count={t.calls}
            onCounted={(n) => props.onChange(withReaction(t, ReactionType.call, "calls", n))} />
        </div>
      </footer>
    </article>
  )
}

export const ConfessionCard = (props: CardProps<ConfessionView>) => {
  const c = props.post
  return (
    <article className="circle-card social-card social-card--confession" data-testid="confession-card" data-id={c._id}>
      <header className="social-card__head">
        <Avatar src={c.header} size={52} alt="TA的头像" />
        <div className="social-card__who">
          <span className="social-card__to">致</span> <b data-testid="confession-nickname">{c.nickname}</b><SexMark sex={c.sex} />
          <time className="social-card__time">{dateTime(c.createdAt)}</time>
        </div>
        <PostMenu viewer={props.viewer} postId={c._id} mine={c.mine} onDeleted={props.onDeleted} />
      </header>
      <p className="social-card__word" data-testid="confession-word">{c.word}</p>
      <PicGrid urls={c.pics} {...(props.maxPics === undefined ? {} : { max: props.maxPics })} />
      <footer className="social-card__foot social-card__foot--end">
        <div className="social-card__reactions">
          <ReactionButton viewer={props.viewer} kind={PostKind.confession} post={c} type={ReactionType.like} count={c.zan}
            onCounted={(n) => props.onChange(withReaction(c, ReactionType.like, "zan", n))} />
          <ReactionButton viewer={props.viewer} kind={PostKind.confession} post={c} type={ReactionType.dislike} count={c.cai}
            onCounted={(n) => props.onChange(withReaction(c, ReactionType.dislike, "cai", n))} />
          <ReactionButton viewer={props.viewer} kind={PostKind.confession} post={c} type={ReactionType.flower} count={c.flower}
            onCounted={(n) => props.onChange(withReaction(c, ReactionType.flower, "flower", n))} />
        </div>
      </footer>
    </article>
  )
}

export const MessageCard = (props: CardProps<MessageView>) => {
  const m = props.post
  return (
    <article className="circle-card social-card social-card--message" data-testid="message-card" data-id={m._id}>
      <header className="social-card__head">
        <Avatar src={m.user.headimgBase64} size={40} />
        <div className="social-card__who">
          <b>{m.user.nickname || "同学"}</b><SexMark sex={posterSex(m.user.sex)} />
          <p className="social-card__motto">{m.motto}</p>
        </div>
        <PostMenu viewer={props.viewer} postId={m._id} mine={m.mine} onDeleted={props.onDeleted} />
      </header>
      <p className="social-card__word" data-testid="message-word">{m.word}</p>
      <PicGrid urls={m.pics} {...(props.maxPics === undefined ? {} : { max: props.maxPics })} />
      <footer className="social-card__foot">
        <time>{dateTime(m.createdAt)}</time>
        <div className="social-card__reactions">
          <ReactionButton viewer={props.viewer} kind={PostKind.message} post={m} type={ReactionType.like} count={m.zan}
            onCounted={(n) => props.onChange(withReaction(m, ReactionType.like, "zan", n))} />
          <ReactionButton viewer={props.viewer} kind={PostKind.message} post={m} type={ReactionType.dislike} count={m.cai}
            onCounted={(n) => props.onChange(withReaction(m, ReactionType.dislike, "cai", n))} />
        </div>
      </footer>
    </article>
  )
}
