/** The nickname edit page. */
import { messages, NICKNAME_MAX, nicknameRefusal } from "#src/profile/personal-info"
import type { UserInfo } from "../../../lib/user-info"
import { useUpdateNickname } from "../api/update-nickname"
import { FieldEditForm } from "./field-edit-form"

export const NicknameEdit = (props: { readonly user: UserInfo; readonly onSaved: () => void }) => {
  const { run, pending } = useUpdateNickname()
  return (
    <FieldEditForm
      label="昵称"
      placeholder="请输入昵称"
      initial={props.user.nickname ?? ""}
      testId="nickname"
      maxLength={NICKNAME_MAX}
      refusal={nicknameRefusal}
      save={run}
      saving={pending}
      messages={messages}
      onSaved={props.onSaved}
    />
  )
}
