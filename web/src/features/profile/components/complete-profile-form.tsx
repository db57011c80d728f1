/**
 * Complete profile: choose the worksite (the chooser keeps the choice in the session), bind the main phone with
 * a code (60 s resend), optionally a vice phone with its code; then on to {redirect}, or first to real-name
 * verification when coming from parcel sending without an ID number.
 */
import { useSignals } from "@preact/signals-react/runtime"
import { Button, Dialog, Form, Input, List, Switch, Toast } from "antd-mobile"
import { useState } from "react"
import { useLocation } from "wouter"
import {
  afterProfileCompleted, completeProfileCaptchaRefusal, completeProfileRefusal, messages, RESEND_SECONDS
} from "#src/profile/complete-profile"
import { PHONE_LENGTH } from "#src/shared/phone-number"
import { CAPTCHA_LENGTH } from "#src/profile/phone"
import { AuthStatus } from "#src/profile/verification"
import { failureMessage } from "../../../lib/api-client"
import { chosenWorksite, forgetChosenWorksite, tokenPath } from "../../../lib/session"
import { fetchUserInfo, type UserInfo } from "../../../lib/user-info"
import { useCompleteProfile } from "../api/complete-profile"
import { createCompleteProfileForm } from "../state/complete-profile-form"
import { CaptchaButton } from "./captcha-button"

const worksiteName = (w: NonNullable<UserInfo["worksite"]>) => [w.shortName, w.schoolCampus].filter(Boolean).join(" · ") || w._id

export const CompleteProfileForm = (props: { readonly user: UserInfo; readonly token: string; readonly redirect: string }) => {
  useSignals()
  const [form] = useState(() =>
    createCompleteProfileForm({
      worksite: chosenWorksite() ?? (props.user.worksite ? { id: props.user.worksite._id, name: worksiteName(props.user.worksite) } : undefined),
      existingMain: props.user.phoneMain ?? null
    })
  )
  const { run, pending } = useCompleteProfile()
  const [, navigate] = useLocation()

  const codeFor = (type: "main" | "vice") => () => {
    const phone = type === "main" ? form.phoneMain.value : form.phoneVice.value
    const refused = completeProfileCaptchaRefusal({ worksite: form.worksite.value?.id, phone, type })
    return refused ? { refused } : { phone }
  }

  const submit = async () => {
    if (pending) return
    const f = form.fields.value
    const refused = completeProfileRefusal(f)
    if (refused || !f.worksite) {
      Toast.show({ content: refused?.message ?? messages.worksiteRequired })

      return
    }
    try {
      const said = await run({
        worksite: f.worksite,
        phoneMain: form.keepMain ? props.user.phoneMain ?? undefined : f.phoneMain,
        phoneMainCaptcha: form.keepMain ? undefined : f.phoneMainCaptcha,
        ...(f.viceEnabled ? { phoneVice: f.phoneVice, phoneViceCaptcha: f.phoneViceCaptcha } : {})
      })
      forgetChosenWorksite()
      Toast.show({ content: said || messages.saved, icon: "success", duration: 1000 })
      const fresh = await fetchUserInfo().catch(() => props.user)
      const next = afterProfileCompleted({
        redirect: props.redirect,
        token: props.token,
        idCardNo: fresh.idCardNo ?? null,
        authStatus: fresh.authStatus ?? AuthStatus.notSubmitted
      })
      if (next.notice) await Dialog.alert({ content: next.notice })
      navigate(next.to, { replace: true })
    } catch (error) {
      Toast.show({ content: failureMessage(error, messages.saveFailed), icon: "fail" })
    }
  }

  const chooser = `/worksiteList?from=addUserInfo&redirect=${encodeURIComponent(props.redirect)}&token=${tokenPath(props.token)}`
  return (
    <div className="complete-profile">
      <div className="complete-profile__intro">
        <h2>完善个人信息</h2>
        <p>选择您所在的网点并绑定手机号码，以便接收取件通知</p>
      </div>
      <List mode="card">
        <List.Item data-testid="complete-worksite" onClick={() => navigate(chooser)} extra={form.worksite.value ? <span className="value">{form.worksite.value.name}</span> : <span className="placeholder">请选择</span>}>
          所在网点
        </List.Item>
      </List>
      <Form layout="horizontal" mode="card" className="complete-profile__form">
        <Form.Header>主手机</Form.Header>
        {form.keepMain ? (
          <Form.Item label="手机号码">
            <span className="value" data-testid="complete-phone-main-kept">{props.user.phoneMain}</span>
          </Form.Item>
        ) : (
          <>
            <Form.Item label="手机号码">
              <Input data-testid="complete-phone-main" type="tel" inputMode="numeric" maxLength={PHONE_LENGTH} placeholder="请输入手机号码" value={form.phoneMain.value} onChange={form.typePhoneMain} clearable />
            </Form.Item>
            <Form.Item label="验证码" extra={<CaptchaButton testId="complete-main-captcha-send" gapSeconds={RESEND_SECONDS} check={codeFor("main")} />}>
              <Input data-testid="complete-main-captcha" inputMode="numeric" maxLength={CAPTCHA_LENGTH} placeholder="4位验证码" value={form.phoneMainCaptcha.value} onChange={form.typePhoneMainCaptcha} />
            </Form.Item>
          </>
        )}
        <Form.Header>副手机（选填）</Form.Header>
        <Form.Item label="绑定副手机" extra={<Switch data-testid="complete-vice-switch" checked={form.viceEnabled.value} onChange={(on) => { form.viceEnabled.value = on }} />}>
          <span className="form-note">家人或室友可代收</span>
        </Form.Item>
        {form.viceEnabled.value ? (
          <>
            <Form.Item label="副手机">
              <Input data-testid="complete-phone-vice" type="tel" inputMode="numeric" maxLength={PHONE_LENGTH} placeholder="请输入副手机号码" value={form.phoneVice.value} onChange={form.typePhoneVice} clearable />
            </Form.Item>
            <Form.Item label="验证码" extra={<CaptchaButton testId="complete-vice-captcha-send" gapSeconds={RESEND_SECONDS} check={codeFor("vice")} />}>
              <Input data-testid="complete-vice-captcha" inputMode="numeric" maxLength={CAPTCHA_LENGTH} placeholder="4位验证码" value={form.phoneViceCaptcha.value} onChange={form.typePhoneViceCaptcha} />
            </Form.Item>
          </>
        ) : null}
      </Form>
      <div className="page__actions">
        <Button data-testid="complete-submit" block color="primary" size="large" loading={pending} onClick={() => void submit()}>
          提交
        </Button>
      </div>
    </div>
  )
}
