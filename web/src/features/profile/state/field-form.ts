/** A one-field edit page: the text as typed, starting from the saved value, shaped by the field's own input rule. */
import { signal } from "@preact/signals-react"

export const createFieldForm = (initial: string, shape: (typed: string) => string = (typed) => typed) => {
  const text = signal(shape(initial))
  return {
    text,
    type: (typed: string) => { text.value = shape(typed) }
  }
}
