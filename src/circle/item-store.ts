/** The market items' port: items with their owner, the lists, the daily count, and the viewer's reactions. */
import { Context, Effect } from "effect"
import type { Page } from "../wallet/wallet-store"
import type { CircleItem, ItemContent } from "./item"
import type { PostStatus } from "./status-machine"

export interface NewItem {
  readonly id: string
  readonly ownerId: string
  readonly worksiteId: string
  readonly content: ItemContent
  readonly createdAt: Date
}

/** Which listed items a list shows: one worksite's, of a form category and a kind when given. */
export interface ListedFilter {
  readonly worksiteId: string
  readonly goodsType?: number | undefined
  readonly bizType?: number | undefined
}

export class ItemStore extends Context.Service<ItemStore, {
  add(item: NewItem): Effect.Effect<void>
  find(id: string): Effect.Effect<CircleItem | undefined>
  /** Reads the item and holds it against other changes until the transaction ends. */
  lock(id: string): Effect.Effect<CircleItem | undefined>
  edit(id: string, content: ItemContent, at: Date): Effect.Effect<void>
  setStatus(id: string, status: PostStatus, at: Date): Effect.Effect<void>
  /** Adds one view in one statement; the new count. */
  countView(id: string): Effect.Effect<number>
  /** How many items the user posted from this instant on, whatever became of them. */
  postedSince(ownerId: string, since: Date): Effect.Effect<number>
  /** Listed items, newest first; pages from 1. */
  listed(filter: ListedFilter, page: number): Effect.Effect<Page<CircleItem>>
  /** The newest listed items of a worksite. */
  latest(worksiteId: string, count: number): Effect.Effect<ReadonlyArray<CircleItem>>
  /** The owner's items but the deleted ones, newest first; pages from 1. */
  mine(ownerId: string, page: number): Effect.Effect<Page<CircleItem>>
  /** The reaction types this person gave each of the items. */
  reactionsOf(openid: string, itemIds: ReadonlyArray<string>): Effect.Effect<ReadonlyMap<string, ReadonlyArray<number>>>
}>()("station/ItemStore") {}
