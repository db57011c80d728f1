/**
 * Storage codes: a 4-digit tag per worksite, shown as shelf-tag. Which tag a check-in gets (the next one
 * after the last issued that no active parcel holds, wrapping 9999 → 1) is decided in one place, the
 * SQL function `station_check_in` (migrations/2026-11-23T1100-check-in-statement.ts), with these bounds.
 */
export const TAG_MIN = 1
export const TAG_MAX = 9999

export const formatTag = (tag: number): string => String(tag).padStart(4, "0")

export const storageCode = (storageNo: string, tag: number): string => `${storageNo}-${formatTag(tag)}`
