/** Worksite chooser use cases: nearby list, index list, detail and the phone that answers now. */
import { Effect } from "effect"
import { NotFound, RuleViolation } from "../shared/errors"
import { Clock } from "../shared/ports"
import { byDistance, groupForIndex, isGeoPoint, messages, servicePhoneAt } from "./directory"
import { Worksites } from "./worksite-store"

const missing = () => new NotFound({ message: messages.notFound })

/** Worksites nearest first from the given point; a missing or impossible point is refused. */
export const worksitesNear = Effect.fn("worksitesNear")(function* (point: { readonly lon: number; readonly lat: number }) {
  if (!isGeoPoint(point)) return yield* new RuleViolation({ message: messages.locationWrong })
  return byDistance(yield* (yield* Worksites).all(), point)
})

export const worksitesByGroup = Effect.fn("worksitesByGroup")(function* () {
  return groupForIndex(yield* (yield* Worksites).all())
})

export const worksiteDetail = Effect.fn("worksiteDetail")(function* (id: string) {
  const worksite = yield* (yield* Worksites).find(id)
  if (!worksite) return yield* missing()
  return worksite
})

export const servicePhoneNow = Effect.fn("servicePhoneNow")(function* (id: string) {
  const worksite = yield* worksiteDetail(id)
  return servicePhoneAt(worksite, yield* (yield* Clock).now)
})
