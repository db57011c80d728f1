/** The review page: submissions decided here (hidden at once) and the rejection being written. */
import { signal } from "@preact/signals-react"
import { REJECT_COMMENT_MAX } from "#src/profile/profile"

export const createReview = () => {
  const decided = signal<ReadonlySet<string>>(new Set())
  const rejecting = signal<string | undefined>(undefined)
  const comment = signal("")
  return {
    decided,
    rejecting,
    comment,
    typeComment: (text: string) => { comment.value = Array.from(text).slice(0, REJECT_COMMENT_MAX).join("") },
    startRejecting: (userId: string) => {
      rejecting.value = userId
      comment.value = ""
    },
    stopRejecting: () => { rejecting.value = undefined },
    done: (userId: string) => {
      decided.value = new Set([...decided.value, userId])
      rejecting.value = undefined
    }
  }
}
export type Review = ReturnType<typeof createReview>
