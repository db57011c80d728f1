/**
 * The circle's picture slots (spec 002 §4, §5): jpg/png/gif of ≤ 4 MB ('请上传正确格式的图片（jpg/png/gif）',
 * '请上传不超过4M的图片'); at most `max` (the item's 9, the avatar's 1, with their messages).
 */
import { circleImageRefusal } from "#src/circle/display"
import { PicUploader as Slots } from "../../../components/pic-uploader"
import type { Pic } from "../api/items"

export const PicUploader = (props: {
  readonly value: ReadonlyArray<Pic>
  readonly max: number
  /** What exceeding `max` says. */
  readonly tooMany: string
  readonly testId: string
  readonly onChange: (pics: ReadonlyArray<Pic>) => void
}) => <Slots {...props} refusal={circleImageRefusal} className="circle-uploader" />
