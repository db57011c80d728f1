/** The sex edit page: male or female, then save. */
import { useSignals } from "@preact/signals-react/runtime"
import { signal } from "@preact/signals-react"
import { Button, List, Radio, Toast } from "antd-mobile"
import { useState } from "react"
import { messages, Sex, sexRefusal } from "#src/profile/personal-info"
import { failureMessage } from "../../../lib/api-client"
import type { UserInfo } from "../../../lib/user-info"
import { useUpdateSex } from "../api/update-sex"

const choices = [
  { value: Sex.male, label: "男" },
  { value: Sex.female, label: "女" }
] as const

export const SexEdit = (props: { readonly user: UserInfo; readonly onSaved: () => void }) => {
  useSignals()
  const [sex] = useState(() => signal<number>(props.user.sex ?? Sex.unknown))
  const { run, pending } = useUpdateSex()

  const submit = async () => {
    if (pending) return
    const refused = sexRefusal(sex.value)
    if (refused) {
      Toast.show({ content: refused.message })
      return
    }
    try {
      const said = await run(sex.value as 1 | 2)
      Toast.show({ content: said || messages.saved, icon: "success", duration: 1000 })
      props.onSaved()
    } catch (error) {
      Toast.show({ content: failureMessage(error, messages.saveFailed), icon: "fail" })
    }
  }

  return (
    <div className="edit-form">
      <Radio.Group value={sex.value} onChange={(value) => { sex.value = Number(value) }}>
        <List mode="card" header="性别">
          {choices.map((c) => (
            <List.Item key={c.value} data-testid={`sex-${c.value}`} onClick={() => { sex.value = c.value }} extra={<Radio value={c.value} />}>
              {c.label}
            </List.Item>
          ))}
        </List>
      </Radio.Group>
      <div className="page__actions">
        <Button data-testid="sex-submit" block color="primary" size="large" loading={pending} onClick={() => void submit()}>
          保存
        </Button>
      </div>
    </div>
  )
}
