/** The real-name edit page. */
import { messages, REALNAME_MAX, realnameRefusal } from "#src/profile/personal-info"
import type { UserInfo } from "../../../lib/user-info"
import { useUpdateRealname } from "../api/update-realname"
import { FieldEditForm } from "./field-edit-form"

export const RealnameEdit = (props: { readonly user: UserInfo; readonly onSaved: () => void }) => {
  const { run, pending } = useUpdateRealname()
  return (
    <FieldEditForm
      label="真实姓名"
      placeholder="请输入真实姓名"
      initial={props.user.realname ?? ""}
      testId="realname"
      maxLength={REALNAME_MAX}
      refusal={realnameRefusal}
      save={run}
      saving={pending}
      messages={messages}
      onSaved={props.onSaved}
    />
  )
}
