/**
 * The circle's picture slots (spec 002 §4, §5): pick jpg/png/gif of ≤ 4 MB ('请上传正确格式的图片（jpg/png/gif）',
 * '请上传不超过4M的图片'), compressed to 1600×1600 at 0.8 and uploaded in field fileVal; at most `max` (the item's 9,
 * the avatar's 1, with their messages); the count shows as 0/9; removing one asks first.
 */
import { Dialog, ImageUploader, Toast, type ImageUploadItem } from "antd-mobile"
import { circleImageRefusal } from "#src/circle/display"
import { UploadField } from "#src/upload/image-upload"
import { uploadFailureMessage, uploadImage } from "../../../lib/upload"
import type { Pic } from "../api/items"

export const PicUploader = (props: {
  readonly value: ReadonlyArray<Pic>
  readonly max: number
  /** What exceeding `max` says. */
  readonly tooMany: string
  readonly testId: string
  readonly onChange: (pics: ReadonlyArray<Pic>) => void
}) => {
  const items: ImageUploadItem[] = props.value.map((p) => ({ key: p._id, url: p.url, extra: p }))
  return (
    <div className="circle-uploader" data-testid={props.testId}>
      <ImageUploader
        value={items}
        maxCount={props.max}
        multiple={props.max > 1}
        accept="image/jpeg,image/png,image/gif"
        onCountExceed={() => Toast.show({ content: props.tooMany })}
        beforeUpload={(file) => {
          const refused = circleImageRefusal(file)
          if (refused) {
            Toast.show({ content: refused.message })
            return null
          }
          return file
        }}
        upload={async (file) => {
          try {
            const uploaded = await uploadImage(UploadField.other, file, "large")
            const pic: Pic = { _id: uploaded._id, url: uploaded.url }
            return { key: pic._id, url: pic.url, extra: pic }
          } catch (error) {
            Toast.show({ content: uploadFailureMessage(error, "上传失败"), icon: "fail" })
            throw error
          }
        }}
        onDelete={() => Dialog.confirm({ content: "确定删除这张图片吗？" })}
        onChange={(next) => props.onChange(next.map((item) => item.extra as Pic).filter((p): p is Pic => p !== undefined))}
        showFailed={false}
        imageFit="cover"
      >
        <div className="circle-uploader__add">
          <span className="circle-uploader__plus" aria-hidden>＋</span>
          <span className="circle-uploader__count" data-testid={`${props.testId}-count`}>{props.value.length}/{props.max}</span>
        </div>
      </ImageUploader>
    </div>
  )
}
