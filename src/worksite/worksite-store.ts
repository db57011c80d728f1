/** The worksite port: the chooser's view of every worksite. */
import { Context, Effect } from "effect"
import type { WorksiteProfile } from "./directory"

export class Worksites extends Context.Service<Worksites, {
  all(): Effect.Effect<ReadonlyArray<WorksiteProfile>>
  find(id: string): Effect.Effect<WorksiteProfile | undefined>
}>()("station/Worksites") {}
