/**
 * The social forms (spec 002 §2, §5): `/circleSfEdit` sell a teammate, `/circleBBEdit` confess to TA, `/circleJyEdit`
 * leave a message. Each checks with the core's form check before sending and keeps everything when refused; each
 * has two views, editing and success, with no way back but navigating.
 */
import { useSignals } from "@preact/signals-react/runtime"
import { Button, Input, List, Result, Selector, TextArea, Toast } from "antd-mobile"
import { CloseOutline, EditSOutline } from "antd-mobile-icons"
import { useState } from "react"
import { useLocation } from "wouter"
import { Sex } from "#src/circle/codes"
import { circleFailures, circleImageMessages, confessionSuccess } from "#src/circle/display"
import { CircleLimits, circleMessages, confessionFormRefusal, messageFormRefusal, newTagRefusal, teammateFormRefusal } from "#src/circle/forms"
import { failureMessage, newIdempotencyKey } from "../../../lib/api-client"
import { tokenPath } from "../../../lib/session"
import { useAction } from "../../../lib/use-action"
import { addConfession, addMessage, addTeammate } from "../api/social"
import {
  confessionFormOf, confessionInput, createConfessionForm, createMessageForm, createTeammateForm, messageFormOf, messageInput, teammateFormOf,
  teammateInput
} from "../state/social-forms"
import { PicUploader } from "./pic-uploader"

const SEXES = [{ label: "男生", value: Sex.male }, { label: "女生", value: Sex.female }]

const SexField = (props: { readonly value: number; readonly onChange: (sex: number) => void; readonly testId: string }) => (
  <List.Item title="TA的性别">
    <Selector data-testid={props.testId} columns={2} value={props.value === Sex.unchosen ? [] : [props.value]} options={SEXES}
      onChange={(v) => props.onChange(v[0] ?? Sex.unchosen)} />
  </List.Item>
)

const Success = (props: { readonly testId: string; readonly title: string; readonly description: string; readonly children: React.ReactNode }) => (
  <div className="circle-success" data-testid={props.testId}>
    <Result status="success" title={props.title} description={props.description} />
    <div className="circle-form__actions">{props.children}</div>
  </div>
)

const discoveryPath = (token: string) => `/circleDiscovery/${tokenPath(token)}`

/** Sell a teammate: nickname, sex, chat account, motto, tags with 添加, one avatar and up to 9 photos. */
const TeammateEditor = (props: { readonly token: string; readonly onSold: () => void }) => {
  useSignals()
  const [f] = useState(createTeammateForm)
  const addTag = () => {
    const refused = newTagRefusal(f.flags.value, f.tag.value)
    if (refused) return void Toast.show({ content: refused.message })
    f.flags.value = [...f.flags.value, f.tag.value.trim()]
    f.tag.value = ""
  }
  const submit = useAction(async () => {
    const refused = teammateFormRefusal(teammateFormOf(f))
    if (refused) return void Toast.show({ content: refused.message })
    try {
      await addTeammate(teammateInput(f), newIdempotencyKey())
      Toast.clear()
      props.onSold()
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, circleFailures.submit) })
    }
  })
  return (
    <div className="circle-form" data-testid="teammate-form">
      <List header="TA的资料" className="circle-form__group">
        <List.Item title="TA的昵称">
          <Input data-testid="teammate-nickname-input" maxLength={CircleLimits.nickname} value={f.nickname.value} onChange={(v) => { f.nickname.value = v }} placeholder="给TA起个好听的名字" clearable />
        </List.Item>
        <SexField value={f.sex.value} onChange={(s) => { f.sex.value = s }} testId="teammate-sex" />
        <List.Item title="微信号">
          <Input data-testid="teammate-wxno" maxLength={CircleLimits.wxNo} value={f.wxNo.value} onChange={(v) => { f.wxNo.value = v }} placeholder="只发给呼TA的同学，不公开" clearable />
        </List.Item>
        <List.Item title="座右铭">
          <TextArea data-testid="teammate-motto" maxLength={CircleLimits.motto} rows={2} showCount value={f.motto.value} onChange={(v) => { f.motto.value = v }} placeholder="TA的座右铭（至少2个字）" />
        </List.Item>
        <List.Item title="TA的标签" description={`至少${CircleLimits.minTags}个，每个不超过${CircleLimits.tag}个字`}>
          <div className="circle-tags-edit" data-testid="teammate-tags">
            {f.flags.value.map((tag) => (
              <span key={tag} className="circle-flag circle-flag--edit">
                {tag}
                <button type="button" aria-label={`删除标签${tag}`} onClick={() => { f.flags.value = f.flags.value.filter((t) => t !== tag) }}><CloseOutline /></button>
              </span>
            ))}
          </div>
          <div className="circle-tag-add">
            <Input data-testid="teammate-tag-input" maxLength={CircleLimits.tag} value={f.tag.value} onChange={(v) => { f.tag.value = v }}
              onEnterPress={addTag} placeholder="如：学霸、会做饭" />
            <Button size="small" color="primary" fill="outline" data-testid="teammate-tag-add" onClick={addTag}>添加标签</Button>
          </div>
        </List.Item>
      </List>
      <List header="照片" className="circle-form__group">
        <List.Item title="TA的头像" description="1张">
          <PicUploader value={f.header.value} max={1} tooMany={circleImageMessages.onlyOne} testId="teammate-header" onChange={(p) => { f.header.value = p }} />
        </List.Item>
        <List.Item title="生活照" description="至少1张，最多9张">
          <PicUploader value={f.pics.value} max={CircleLimits.pics} tooMany={circleMessages.tooManyPictures} testId="teammate-pics" onChange={(p) => { f.pics.value = p }} />
        </List.Item>
      </List>
      <div className="circle-form__actions">
        <Button block color="danger" size="large" shape="rounded" data-testid="teammate-submit" loading={submit.pending} disabled={submit.pending} onClick={() => void submit.run()}>卖了TA</Button>
      </div>
    </div>
  )
}

export const TeammateFormPage = (props: { readonly token: string }) => {
  const [, navigate] = useLocation()
  const [round, setRound] = useState(0)
  const [sold, setSold] = useState(false)
  if (sold) {
    return (
      <Success testId="teammate-success" title="卖出成功" description="快分享到朋友圈，让更多人认识TA">
        <Button block color="danger" shape="rounded" data-testid="teammate-again" onClick={() => { setSold(false); setRound((r) => r + 1) }}>继续卖室友</Button>
        <Button block fill="outline" data-testid="teammate-view-home" onClick={() => navigate(discoveryPath(props.token))}>去首页看看</Button>
      </Success>
    )
  }
  return <TeammateEditor key={round} token={props.token} onSold={() => { setSold(true); window.scrollTo(0, 0) }} />
}

/** Confess to TA: nickname, sex, declaration, TA's avatar and optional joint photos. */
export const ConfessionFormPage = (props: { readonly token: string }) => {
  useSignals()
  const [, navigate] = useLocation()
  const [f] = useState(createConfessionForm)
  const [doneSex, setDoneSex] = useState<number | undefined>(undefined)
  const submit = useAction(async () => {
    const refused = confessionFormRefusal(confessionFormOf(f))
    if (refused) return void Toast.show({ content: refused.message })
    try {
      await addConfession(confessionInput(f), newIdempotencyKey())
      Toast.clear()
      setDoneSex(f.sex.value)
      window.scrollTo(0, 0)
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, circleFailures.confession) })
    }
  })
  if (doneSex !== undefined) {
    return (
      <Success testId="confession-success" title="表白成功" description={confessionSuccess(doneSex)}>
        <Button block color="danger" shape="rounded" data-testid="confession-view-home" onClick={() => navigate(discoveryPath(props.token))}>去首页看看</Button>
      </Success>
    )
  }
  return (
    <div className="circle-form" data-testid="confession-form">
      <div className="circle-form__hero circle-form__hero--confession">向TA表白</div>
      <List className="circle-form__group">
        <List.Item title="TA的昵称">
          <Input data-testid="confession-nickname-input" maxLength={CircleLimits.nickname} value={f.nickname.value} onChange={(v) => { f.nickname.value = v }} placeholder="TA的昵称" clearable />
        </List.Item>
        <SexField value={f.sex.value} onChange={(s) => { f.sex.value = s }} testId="confession-sex" />
        <List.Item title="表白宣言">
          <TextArea data-testid="confession-word-input" maxLength={CircleLimits.word} rows={4} showCount value={f.word.value} onChange={(v) => { f.word.value = v }} placeholder="写下你想对TA说的话（至少2个字）" />
        </List.Item>
        <List.Item title="TA的头像" description="1张">
          <PicUploader value={f.header.value} max={1} tooMany={circleImageMessages.onlyOne} testId="confession-header" onChange={(p) => { f.header.value = p }} />
        </List.Item>
        <List.Item title="合照（选填）" description="最多9张">
          <PicUploader value={f.pics.value} max={CircleLimits.pics} tooMany={circleMessages.tooManyPictures} testId="confession-pics" onChange={(p) => { f.pics.value = p }} />
        </List.Item>
      </List>
      <div className="circle-form__actions">
        <Button block color="danger" size="large" shape="rounded" data-testid="confession-submit" loading={submit.pending} disabled={submit.pending} onClick={() => void submit.run()}>表白</Button>
      </div>
    </div>
  )
}

/** Leave a message: the motto (read-only with an edit icon when known), the message and optional photos. */
export const MessageFormPage = (props: { readonly token: string; readonly knownMotto: string }) => {
  useSignals()
  const [, navigate] = useLocation()
  const [f] = useState(() => createMessageForm(props.knownMotto))
  const [done, setDone] = useState(false)
  const submit = useAction(async () => {
    const refused = messageFormRefusal(messageFormOf(f))
    if (refused) return void Toast.show({ content: refused.message })
    try {
      await addMessage(messageInput(f), newIdempotencyKey())
      Toast.clear()
      setDone(true)
      window.scrollTo(0, 0)
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, circleFailures.message) })
    }
  })
  if (done) {
    return (
      <Success testId="message-success" title="留言成功" description="你的座右铭也已更新">
        <Button block color="primary" shape="rounded" data-testid="message-view-list" onClick={() => navigate(`/circleJiyuList/${tokenPath(props.token)}`)}>查看留言板</Button>
        <Button block fill="outline" data-testid="message-view-home" onClick={() => navigate(discoveryPath(props.token))}>去首页看看</Button>
      </Success>
    )
  }
  return (
    <div className="circle-form" data-testid="message-form">
      <List className="circle-form__group">
        <List.Item title="我的座右铭" extra={f.editingMotto.value ? null : (
          <button type="button" className="circle-icon-button" aria-label="修改座右铭" data-testid="message-motto-edit" onClick={() => { f.editingMotto.value = true }}>
            <EditSOutline />
          </button>
        )}>
          {f.editingMotto.value
            ? <Input data-testid="message-motto-input" maxLength={CircleLimits.motto} value={f.motto.value} onChange={(v) => { f.motto.value = v }} placeholder="写一句你的座右铭（至少2个字）" clearable />
            : <span className="circle-motto" data-testid="message-motto">{f.motto.value}</span>}
        </List.Item>
        <List.Item title="留言">
          <TextArea data-testid="message-word-input" maxLength={CircleLimits.word} rows={4} showCount value={f.word.value} onChange={(v) => { f.word.value = v }} placeholder="说点什么吧（至少2个字）" />
        </List.Item>
        <List.Item title="图片（选填）" description="最多9张">
          <PicUploader value={f.pics.value} max={CircleLimits.pics} tooMany={circleMessages.tooManyPictures} testId="message-pics" onChange={(p) => { f.pics.value = p }} />
        </List.Item>
      </List>
      <div className="circle-form__actions">
        <Button block color="primary" size="large" shape="rounded" data-testid="message-submit" loading={submit.pending} disabled={submit.pending} onClick={() => void submit.run()}>留言</Button>
      </div>
    </div>
  )
}
