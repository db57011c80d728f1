/** The edit-phone page (main or vice): the new number, a 4-digit code by SMS with the 90 s resend countdown, save. */
import { useSignals } from "@preact/signals-react/runtime"
import { Button, Form, Input, Toast } from "antd-mobile"
import { useState } from "react"
import { PHONE_LENGTH } from "#src/shared/phone-number"
import { CAPTCHA_LENGTH, CAPTCHA_RULES, messages, newPhoneRefusal, phoneEditRefusal, type PhoneType } from "#src/profile/phone"
import { failureMessage } from "../../../lib/api-client"
import type { UserInfo } from "../../../lib/user-info"
import { useUpdatePhone } from "../api/update-phone"
import { createPhoneForm } from "../state/phone-form"
import { CaptchaButton } from "./captcha-button"

export const PhoneEdit = (props: { readonly type: PhoneType; readonly user: UserInfo; readonly onSaved: () => void }) => {
  useSignals()
  const [form] = useState(createPhoneForm)
  const { run, pending } = useUpdatePhone()
  const bound = { phoneMain: props.user.phoneMain ?? null, phoneVice: props.user.phoneVice ?? null }
  const current = props.type === "main" ? bound.phoneMain : bound.phoneVice
  const name = props.type === "main" ? "主手机" : "副手机"

  const submit = async () => {
    if (pending) return
    const refused = phoneEditRefusal({ phone: form.phone.value, captcha: form.captcha.value, bound })
    if (refused) {
      Toast.show({ content: refused.message })
      return
    }
    try {
      const said = await run(props.type, form.phone.value, form.captcha.value)
      Toast.show({ content: said || messages.saved, icon: "success", duration: 1000 })
      props.onSaved()
    } catch (error) {
      Toast.show({ content: failureMessage(error, messages.saveFailed), icon: "fail" })
    }
  }

  return (
    <div className="edit-form">
      <p className="edit-form__hint" data-testid="phone-current">{current ? `当前${name}：${current}` : `还没绑定${name}`}</p>
      <Form layout="horizontal" className="edit-form__fields">
        <Form.Item label={`新${name}`}>
          <Input
            data-testid="phone-new"
            type="tel"
            inputMode="numeric"
            maxLength={PHONE_LENGTH}
            placeholder="请输入新的手机号码"
            value={form.phone.value}
            onChange={form.typePhone}
            clearable
          />
        </Form.Item>
        <Form.Item
          label="验证码"
          extra={
            <CaptchaButton
              testId="phone-captcha-send"
              gapSeconds={CAPTCHA_RULES.resendSeconds.editPhone}
              check={() => {
                const refused = newPhoneRefusal(form.phone.value, bound)
                return refused ? { refused } : { phone: form.phone.value }

              }}
            />
          }
        >
          <Input
            data-testid="phone-captcha"
            inputMode="numeric"
            maxLength={CAPTCHA_LENGTH}
            placeholder="4位验证码"
            value={form.captcha.value}
            onChange={form.typeCaptcha}
            onEnterPress={() => void submit()}
          />
        </Form.Item>
      </Form>
      <div className="page__actions">
        <Button data-testid="phone-submit" block color="primary" size="large" loading={pending} onClick={() => void submit()}>
          保存
        </Button>
      </div>
    </div>
  )
}
