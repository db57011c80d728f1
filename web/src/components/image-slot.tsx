/** One image to upload (ID card, student card): pick, check, compress, upload, preview on tap, remove. */
import { ImageUploader, Toast, type ImageUploadItem } from "antd-mobile"
import { chosenImageRefusal, IMAGE_RULES, messages, type UploadField } from "#src/upload/image-upload"
import { uploadFailureMessage, uploadImage, type CompressionPreset, type Uploaded } from "../lib/upload"

export const ImageSlot = (props: {
  readonly field: UploadField
  readonly preset: CompressionPreset
  readonly url: string | undefined
  readonly label: string
  readonly testId: string
  readonly onUploaded: (uploaded: Uploaded) => void
  readonly onRemoved: () => void
  readonly disabled?: boolean
}) => {
  const value: ImageUploadItem[] = props.url ? [{ key: props.url, url: props.url }] : []
  return (
    <div className="image-slot" data-testid={props.testId}>
      <ImageUploader
        value={value}
        maxCount={IMAGE_RULES.perUploader}
        accept="image/jpeg,image/png,image/gif"
        disableUpload={props.disabled}
        deletable={!props.disabled}
        onCountExceed={() => Toast.show({ content: messages.onlyOne })}
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
            const uploaded = await uploadImage(props.field, file, props.preset)
            return { key: uploaded.url, url: uploaded.url, extra: uploaded }
          } catch (error) {
            Toast.show({ content: uploadFailureMessage(error, "上传失败"), icon: "fail" })
            throw error
          }
        }}
        onChange={(items) => {
          const added = items.find((item) => item.url !== props.url)
          if (added) props.onUploaded(added.extra as Uploaded)
          else if (items.length === 0) props.onRemoved()
        }}
        showFailed={false}
        imageFit="cover"
        className="image-slot__uploader"
      >
        <div className="image-slot__add">
          <span className="image-slot__plus" aria-hidden>＋</span>
          <span className="image-slot__label">{props.label}</span>
        </div>
      </ImageUploader>
    </div>
  )
}
