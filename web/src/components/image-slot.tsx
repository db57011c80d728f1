/** One image to upload (ID card, student card): pick, check, compress, upload, preview on tap, remove. */
import { ImageUploader, Toast, type ImageUploadItem } from "antd-mobile"
import { chosenImageRefusal, IMAGE_RULES, messages, type UploadField } from "#src/upload/image-upload"
import type { CompressionPreset, Uploaded } from "../lib/upload"
import { checkedFile, uploadTold } from "./upload-steps"

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
        beforeUpload={checkedFile(chosenImageRefusal)}
        upload={async (file) => {
          const uploaded = await uploadTold(props.field, file, props.preset)
          return { key: uploaded.url, url: uploaded.url, extra: uploaded }
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
