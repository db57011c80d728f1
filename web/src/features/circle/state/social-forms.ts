/** The social forms' fields as typed, in signals, so a refused submit keeps everything typed and uploaded. */
import { signal } from "@preact/signals-react"
import { Sex } from "#src/circle/codes"
import type { ConfessionForm, MessageForm, TeammateForm } from "#src/circle/forms"
import type { Pic } from "../api/items"
import type { ConfessionInput, MessageInput, TeammateInput } from "../api/social"

const urls = (pics: ReadonlyArray<Pic>) => pics.map((p) => p.url)

export const createTeammateForm = () => ({
  nickname: signal(""),
  sex: signal<number>(Sex.unchosen),
  wxNo: signal(""),
  motto: signal(""),
  flags: signal<ReadonlyArray<string>>([]),
  tag: signal(""),
  header: signal<ReadonlyArray<Pic>>([]),
  pics: signal<ReadonlyArray<Pic>>([])
})
export type TeammateFormState = ReturnType<typeof createTeammateForm>

export const teammateFormOf = (f: TeammateFormState): TeammateForm => ({
  nickname: f.nickname.value, sex: f.sex.value, wxNo: f.wxNo.value, motto: f.motto.value, flags: f.flags.value,
  header: f.header.value[0]?.url, pics: f.pics.value
})

export const teammateInput = (f: TeammateFormState): TeammateInput => ({
  nickname: f.nickname.value.trim(), sex: f.sex.value, wxNo: f.wxNo.value.trim(), motto: f.motto.value.trim(),
  flags: f.flags.value.map((t) => t.trim()), header: f.header.value[0]?.url ?? "", pics: urls(f.pics.value)
})

export const createConfessionForm = () => ({
  nickname: signal(""),
  sex: signal<number>(Sex.unchosen),
  word: signal(""),
  header: signal<ReadonlyArray<Pic>>([]),
  pics: signal<ReadonlyArray<Pic>>([])
})
export type ConfessionFormState = ReturnType<typeof createConfessionForm>

export const confessionFormOf = (f: ConfessionFormState): ConfessionForm => ({
  nickname: f.nickname.value, sex: f.sex.value, word: f.word.value, header: f.header.value[0]?.url, pics: f.pics.value
})

export const confessionInput = (f: ConfessionFormState): ConfessionInput => ({
  nickname: f.nickname.value.trim(), sex: f.sex.value, word: f.word.value.trim(), header: f.header.value[0]?.url ?? "", pics: urls(f.pics.value)
})

/** The motto starts as the one kept from the poster's last message, read-only until the edit icon is tapped. */
export const createMessageForm = (knownMotto: string) => ({
  motto: signal(knownMotto),
  editingMotto: signal(knownMotto.trim() === ""),
  word: signal(""),
  pics: signal<ReadonlyArray<Pic>>([])
})
export type MessageFormState = ReturnType<typeof createMessageForm>

export const messageFormOf = (f: MessageFormState): MessageForm => ({ motto: f.motto.value, word: f.word.value, pics: f.pics.value })

export const messageInput = (f: MessageFormState): MessageInput => ({ motto: f.motto.value.trim(), word: f.word.value.trim(), pics: urls(f.pics.value) })
