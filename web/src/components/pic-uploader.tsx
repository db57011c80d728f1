/**
 * Picture slots of a form (the circle's posts, a suggestion): pick jpg/png/gif, checked by the form's own rule
 * (`refusal`, its words), compressed to 1600×1600 at 0.8 and uploaded in field fileVal; at most `max` (exceeding says
 * `tooMany`); the count shows as 0/9; removing one asks first. `className` names the look (`<className>__add`, …).
 * The removal is ours, from the pictures as they are when the student confirms: antd-mobile's own removes from the
 * list as it was when the dialog opened, which drops a picture whose upload finished meanwhile.
 */
import { Dialog, ImageUploader, Toast, type ImageUploadItem } from "antd-mobile"
import { useRef } from "react"
import { UploadField } from "#src/upload/image-upload"
import { checkedFile, uploadTold } from "./upload-steps"

/** An uploaded picture: its file id and address. */
export interface Pic {
  readonly _id: string
  readonly url: string
}

export const PicUploader = (props: {
  readonly value: ReadonlyArray<Pic>
  readonly max: number
  readonly tooMany: string
  readonly refusal: (file: File) => { readonly message: string } | undefined
  readonly testId: string
  readonly className: string
  readonly onChange: (pics: ReadonlyArray<Pic>) => void
}) => {
  const items: ImageUploadItem[] = props.value.map((p) => ({ key: p._id, url: p.url, extra: p }))
  const current = useRef(props.value)
  current.current = props.value
  const look = props.className
  return (
    <div className={look} data-testid={props.testId}>
      <ImageUploader
        value={items}
        maxCount={props.max}
        multiple={props.max > 1}
        accept="image/jpeg,image/png,image/gif"
        onCountExceed={() => Toast.show({ content: props.tooMany })}
        beforeUpload={checkedFile(props.refusal)}
        upload={async (file) => {
          const uploaded = await uploadTold(UploadField.other, file, "large")
          const pic: Pic = { _id: uploaded._id, url: uploaded.url }
          return { key: pic._id, url: pic.url, extra: pic }
        }}
        onDelete={async (item) => {
          if (await Dialog.confirm({ content: "确定删除这张图片吗？" })) props.onChange(current.current.filter((p) => p._id !== item.key))
          return false
        }}
        onChange={(next) => props.onChange(next.map((item) => item.extra as Pic | undefined).filter((p): p is Pic => p !== undefined))}
        showFailed={false}
        imageFit="cover"
      >
        <div className={`${look}__add`}>
          <span className={`${look}__plus`} aria-hidden>＋</span>
          <span className={`${look}__count`} data-testid={`${props.testId}-count`}>{props.value.length}/{props.max}</span>
        </div>
      </ImageUploader>
    </div>
  )
}
