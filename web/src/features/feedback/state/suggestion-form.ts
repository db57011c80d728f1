/**
 * The suggestion as typed (`/suggestion`), kept in signals so a refused or failed submit loses nothing; what the core's
 * check reads and what `POST /api/suggestion` sends are both made from it.
 */
import { signal } from "@preact/signals-react"
import type { SuggestionForm } from "#src/feedback/suggestion"
import type { SuggestionInput } from "../api/suggestions"

/** An uploaded picture: its upload id (the uploader's key) and the URL the suggestion keeps. */
export interface FeedbackPic {
  readonly _id: string
  readonly url: string
}

export const createSuggestionForm = () => ({
  type: signal<number | null>(null),
  title: signal(""),
  content: signal(""),
  pics: signal<ReadonlyArray<FeedbackPic>>([])
})
export type SuggestionFormState = ReturnType<typeof createSuggestionForm>

export const suggestionFormOf = (f: SuggestionFormState): SuggestionForm => ({
  type: f.type.value, title: f.title.value, content: f.content.value, pics: f.pics.value
})

export const suggestionInput = (f: SuggestionFormState): SuggestionInput => ({
  type: f.type.value ?? 0, title: f.title.value.trim(), content: f.content.value.trim(), pics: f.pics.value.map((p) => p.url)
})
