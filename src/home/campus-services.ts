/**
 * Which campus services the caller's worksite runs (spec 001 §7 `GET /api/common/xyhAble`): sending, door delivery
 * by errand, runner applications and self-sign, as `/expressTotakein` and others read them.
 */
import { Effect } from "effect"
import { ParcelStore, People } from "../parcel/parcel-store"
import { StateConflict } from "../shared/errors"
import { SendStore } from "../sending/send-store"
import { messages as worksiteMessages } from "../worksite/directory"
import { Worksites } from "../worksite/worksite-store"

export interface CampusServices {
  readonly jijianAble: boolean
  readonly paotuiAble: boolean
  readonly paotuiApplyAble: boolean
  readonly selfSignAble: boolean
}

export const campusServices = Effect.fn("campusServices")(function* (userId: string) {
  const person = yield* (yield* People).findById(userId)
  const worksiteId = person?.worksiteId
  if (!worksiteId) return yield* new StateConflict({ message: worksiteMessages.required })
  const worksite = yield* (yield* Worksites).find(worksiteId)
  const rules = yield* (yield* ParcelStore).collectRules(worksiteId)
  const sending = yield* (yield* SendStore).settings(worksiteId)
  return {
    jijianAble: sending?.jijianAble ?? false,
    paotuiAble: worksite?.paotuiAble ?? false,
    paotuiApplyAble: worksite?.paotuiApplyAble ?? false,
    selfSignAble: rules.selfSignAble
  } satisfies CampusServices
})
