/** A one-field edit page (real name, nickname, ID number): the field, the spec's check, save, then back to personal info. */
import { useSignals } from "@preact/signals-react/runtime"
import { Button, Form, Input, Toast } from "antd-mobile"
import { useState } from "react"
import { failureMessage } from "../../../lib/api-client"
import { createFieldForm } from "../state/field-form"

export interface FieldEditProps {
  readonly label: string
  readonly placeholder: string
  readonly initial: string
  readonly testId: string
  readonly maxLength?: number
  readonly shape?: (typed: string) => string
  /** The core's refusal of what was typed (its message is the spec's), or undefined when it may be saved. */
  readonly refusal: (text: string) => { readonly message: string } | undefined
  readonly save: (text: string) => Promise<string>
  readonly saving: boolean
  readonly messages: { readonly saved: string; readonly saveFailed: string }
  readonly onSaved: () => void
  readonly hint?: string
}

export const FieldEditForm = (props: FieldEditProps) => {
  useSignals()
  const [form] = useState(() => createFieldForm(props.initial, props.shape))

  const submit = async () => {
    if (props.saving) return
    const text = form.text.value.trim()
    const refused = props.refusal(text)
    if (refused) {
      Toast.show({ content: refused.message })

      return
    }
    try {
      const said = await props.save(text)
      Toast.show({ content: said || props.messages.saved, icon: "success", duration: 1000 })
      props.onSaved()
    } catch (error) {
      Toast.show({ content: failureMessage(error, props.messages.saveFailed), icon: "fail" })
    }
  }

  return (
    <div className="edit-form">
      <Form layout="horizontal" className="edit-form__fields">
        <Form.Item label={props.label}>
          <Input
            data-testid={props.testId}
            placeholder={props.placeholder}
            value={form.text.value}
            onChange={form.type}
            onEnterPress={() => void submit()}
            maxLength={props.maxLength}
            clearable
            autoFocus
          />
        </Form.Item>
      </Form>
      {props.hint ? <p className="edit-form__hint">{props.hint}</p> : null}
      <div className="page__actions">
        <Button data-testid={`${props.testId}-submit`} block color="primary" size="large" loading={props.saving} onClick={() => void submit()}>
          保存
        </Button>
      </div>
    </div>
  )
}
