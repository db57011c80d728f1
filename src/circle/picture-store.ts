/** The port over the circle's pictures for the purge of deleted posts' images. */
import { Context, Effect } from "effect"

export class CirclePictures extends Context.Service<CirclePictures, {
  /** Posts of every kind deleted before the time whose pictures are not purged yet, oldest first. */
  deletedBefore(before: Date, limit: number): Effect.Effect<ReadonlyArray<string>>
  /**
   * The post's picture URLs (an item's pictures; a social post's photos and header) that no post other than a
   * deleted one uses; undefined when the post is not deleted or already purged. Locks the post.
   */
  onlyDeletedUse(postId: string): Effect.Effect<ReadonlyArray<string> | undefined>
  markPurged(postId: string, at: Date): Effect.Effect<void>
}>()("station/CirclePictures") {}
