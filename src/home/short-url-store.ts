/** The short URLs' port. */
import { Context, Effect } from "effect"

export class ShortUrls extends Context.Service<ShortUrls, {
  /** The path's code: the one it has, or this candidate recorded now (`created`). A code taken by another path is not reused. */
  codeFor(path: string, candidate: string, at: Date): Effect.Effect<{ readonly code: string; readonly created: boolean }>
  pathOf(code: string): Effect.Effect<string | undefined>
}>()("station/ShortUrls") {}
