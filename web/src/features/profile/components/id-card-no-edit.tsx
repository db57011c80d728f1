/** The ID number edit page: at most 18 characters, 15 or 18 with the national check character. */
import { capIdCardNoInput, ID_CARD_NO_MAX_LENGTH, idCardNoRefusal, normalizeIdCardNo } from "#src/profile/id-card"
import { messages } from "#src/profile/personal-info"
import { useUpdateIdCardNo } from "../api/update-id-card-no"
import { FieldEditForm } from "./field-edit-form"

export const IdCardNoEdit = (props: { readonly masked: string | null | undefined; readonly onSaved: () => void }) => {
  const { run, pending } = useUpdateIdCardNo()
  return (
    <FieldEditForm
      label="身份证号"
      placeholder="请输入15或18位身份证号码"
      initial=""
      testId="id-card-no"
      maxLength={ID_CARD_NO_MAX_LENGTH}
      shape={capIdCardNoInput}
      refusal={(text) => idCardNoRefusal(text, new Date())}
      save={(text) => run(normalizeIdCardNo(text))}
      saving={pending}
      messages={{ saved: messages.saved, saveFailed: messages.saveFailed }}
      onSaved={props.onSaved}
      hint={props.masked ? `当前：${props.masked}` : undefined}
    />
  )
}
