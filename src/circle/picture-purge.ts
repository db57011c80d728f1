/**
 * The purge of deleted posts' pictures (issue 19, job `purge-deleted-circle-images`): seven days after a post was
 * deleted, the image files only deleted posts used are removed from disk, and the post is marked purged. A picture
 * another post still shows (the same upload on a listed post) is kept. Each post is one item of the job; the run
 * is logged under the system actor.
 */
import { Effect, Schema } from "effect"
import { SYSTEM_ACTOR } from "../parcel/returns"
import { logOperation, operationKind } from "../shared/operation"
import { Clock } from "../shared/ports"
import { storedPathOf } from "../upload/upload"
import { ImageFiles } from "../upload/upload-store"
import { CirclePictures } from "./picture-store"

export const PURGE_AFTER_MS = 7 * 24 * 60 * 60 * 1000
const DUE_LIMIT = 500

export type PurgeOutcome = "purged" | "skipped"
export const PURGE_OUTCOMES: ReadonlyArray<PurgeOutcome> = ["purged", "skipped"]

export const PurgePicturesOperation = operationKind("purgeCirclePictures", Schema.Struct({ id: Schema.String }), Schema.Struct({ files: Schema.Number }))

/** Deleted posts whose seven days are over, oldest first. */
export const duePicturePurges = Effect.fn("duePicturePurges")(function* () {
  const now = yield* (yield* Clock).now
  return yield* (yield* CirclePictures).deletedBefore(new Date(now.getTime() - PURGE_AFTER_MS), DUE_LIMIT)
})

/** Removes one deleted post's pictures that only deleted posts used, answering how many; skipped when it is not due (any more). */
export const purgePictures = Effect.fn("purgePictures")(function* (postId: string) {
  const pictures = yield* CirclePictures
  const urls = yield* pictures.onlyDeletedUse(postId)
  if (urls === undefined) return { outcome: "skipped" as PurgeOutcome, files: 0 }
  const files = yield* ImageFiles
  let removed = 0
  for (const url of new Set(urls)) {
    const path = storedPathOf(url)
    if (!path) continue
    yield* files.remove(path.dateFolder, path.fileName)
    removed++
  }
  const now = yield* (yield* Clock).now
  yield* pictures.markPurged(postId, now)
  yield* logOperation(PurgePicturesOperation, SYSTEM_ACTOR, now, { id: postId }, { files: removed })
  return { outcome: "purged" as PurgeOutcome, files: removed }
})

/** One item of the job. */
export const purgePostPictures = (postId: string) => Effect.map(purgePictures(postId), (r) => r.outcome)
