/**
 * The suggestion's picture slots (spec 001 §5, §9): jpg/png/gif of ≤ 4 MB ('请上传正确格式的图片', '请上传不超过4M的图片'),
 * compressed to 1600×1600 at 0.8 and uploaded in field fileVal; at most 3 ('最多只能上传3张图片'), the count shown as 0/3;
 * removing one asks first.
 */
import { Dialog, ImageUploader, Toast, type ImageUploadItem } from "antd-mobile"
import { FeedbackLimits, feedbackMessages } from "#src/feedback/suggestion"
import { chosenImageRefusal, UploadField } from "#src/upload/image-upload"
import { uploadFailureMessage, uploadImage } from "../../../lib/upload"
import type { FeedbackPic } from "../state/suggestion-form"

export const FeedbackPicUploader = (props: { readonly value: ReadonlyArray<FeedbackPic>; readonly onChange: (pics: ReadonlyArray<FeedbackPic>) => void }) => {
  const items: ImageUploadItem[] = props.value.map((p) => ({ key: p._id, url: p.url, extra: p }))
  return (
    <div className="feedback-uploader" data-testid="suggestion-pics">
      <ImageUploader
        value={items}
        maxCount={FeedbackLimits.pics}
        multiple
        accept="image/jpeg,image/png,image/gif"
        onCountExceed={() => Toast.show({ content: feedbackMessages.tooManyPictures })}
        beforeUpload={(file) => {
          const refused = chosenImageRefusal(file)
          if (refused) {
            Toast.show({ content: refused.message })
            return null
          }
          return file
        }}
        upload={async (file) => {
          try {
            const uploaded = await uploadImage(UploadField.other, file, "large")
            const pic: FeedbackPic = { _id: uploaded._id, url: uploaded.url }
            return { key: pic._id, url: pic.url, extra: pic }
          } catch (error) {
            Toast.show({ content: uploadFailureMessage(error, "上传失败"), icon: "fail" })
            throw error
          }
        }}
        onDelete={() => Dialog.confirm({ content: "确定删除这张图片吗？" })}
        onChange={(next) => props.onChange(next.map((item) => item.extra as FeedbackPic | undefined).filter((p): p is FeedbackPic => p !== undefined))}
        showFailed={false}
        imageFit="cover"
      >
        <div className="feedback-uploader__add">
          <span className="feedback-uploader__plus" aria-hidden>＋</span>
          <span className="feedback-uploader__count" data-testid="suggestion-pics-count">{props.value.length}/{FeedbackLimits.pics}</span>
        </div>
      </ImageUploader>
    </div>
  )
}
