/** Binds the current messaging-app user to a back-office employee account, then opens the target page. */
import { useSignals } from "@preact/signals-react/runtime"
import { Button, Form, Input, Toast } from "antd-mobile"
import { useState } from "react"
import { useLocation } from "wouter"
import { PHONE_LENGTH } from "#src/shared/phone-number"
import { PASSWORD_MAX_LENGTH } from "#src/staff/calls"
import { bindRefusal, messages } from "#src/staff/employee"
import { failureMessage } from "../../../lib/api-client"
import { keepToken, rememberedPhone, rememberPhone, tokenPath } from "../../../lib/session"
import { useBindAccount } from "../api/wx-login"
import { createBindForm } from "../state/bind-form"

export const BindForm = (props: { readonly openid: string; readonly redirect: string }) => {
  useSignals()
  const [form] = useState(() => createBindForm(rememberedPhone()))
  const { bind, binding } = useBindAccount()
  const [, navigate] = useLocation()

  const submit = async () => {
    if (binding) return
    const input = { phone: form.phone.value, password: form.password.value }
    const refused = bindRefusal(input)
    if (refused) {
      Toast.show({ content: refused.message })
      return
    }
    rememberPhone(input.phone)
    try {
      const token = await bind({ ...input, openid: props.openid })
      keepToken(token)
      Toast.clear()
      navigate(`/${props.redirect}/${tokenPath(token)}`, { replace: true })
    } catch (error) {
      Toast.show({ content: failureMessage(error, messages.wrongCredentials), icon: "fail" })
    }
  }

  const onFocus = () => { form.focused.value = true }
  const onBlur = () => { form.focused.value = false }

  return (
    <div className="bind">
      <div className="bind__hero">
        <div className="bind__logo" aria-hidden>驿</div>
        <h1>绑定后台账号</h1>
        <p>首次使用请绑定驿站后台操作账号</p>
      </div>
      <Form layout="horizontal" className="bind__form">
        <Form.Item label="手机号">
          <Input
            data-testid="bind-phone"
            type="tel"
            inputMode="numeric"
            maxLength={PHONE_LENGTH}
            placeholder="请输入后台账号手机号"
            value={form.phone.value}
            onChange={form.typePhone}
            onFocus={onFocus}
            onBlur={onBlur}
            clearable
          />
        </Form.Item>
        <Form.Item label="密码">
          <Input
            data-testid="bind-password"
            type="password"
            maxLength={PASSWORD_MAX_LENGTH}
            placeholder="请输入密码"
            value={form.password.value}
            onChange={(value) => { form.password.value = value }}
            onEnterPress={() => void submit()}
            onFocus={onFocus}
            onBlur={onBlur}
            clearable
          />
        </Form.Item>
      </Form>
      <div className="bind__actions">
        <Button data-testid="bind-submit" block color="primary" size="large" loading={binding} onClick={() => void submit()}>
          绑定账号
        </Button>
      </div>
      {form.focused.value ? null : <footer className="bind__footer">校园快递驿站 · 员工端</footer>}
    </div>
  )
}
