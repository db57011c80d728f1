/**
 * How long a user's text is, as the forms' counters and limits count it: in characters a person sees as one (Unicode
 * code points: 汉 is one, an emoji one, not two UTF-16 units), after trimming the spaces around it; nothing is 0.
 */
export const textLength = (text: string | null | undefined): number => [...(text ?? "").trim()].length
