/**
 * Real-name verification: the ID card photo (recognition fills name and number), the student card photo (required
 * for errand verification), submit for review; a pending, passed or rejected verification shows where it stands.
 */
import { useSignals } from "@preact/signals-react/runtime"
import { Button, List, NoticeBar, Result, Toast } from "antd-mobile"
import { useEffect, useState } from "react"
import { Link, useLocation } from "wouter"
import { UploadField } from "#src/upload/image-upload"
import {
  AuthStatus, mayApplyForVerification, messages, submissionRefusal, verificationBadge, verificationTip, VerificationType
} from "#src/profile/verification"
import { ImageSlot } from "../../../components/image-slot"
import { failureMessage } from "../../../lib/api-client"
import { tokenPath } from "../../../lib/session"
import type { UserInfo } from "../../../lib/user-info"
import { useApplyAuth } from "../api/apply-auth"
import { createAuthForm } from "../state/auth-form"

const Recognised = (props: { readonly text: string; readonly testId: string; readonly failed: boolean }) =>
  props.text ? <span className="value" data-testid={props.testId}>{props.text}</span>
    : <span className={props.failed ? "error-text" : "placeholder"} data-testid={props.testId}>{props.failed ? "未识别" : "上传身份证后自动识别"}</span>

export const AuthApplyForm = (props: {
  readonly user: UserInfo
  readonly type: VerificationType
  readonly redirect: string
  readonly token: string
}) => {
  useSignals()
  const [form] = useState(() => createAuthForm(props.type, props.user.studentCardUrl ?? undefined))
  const { run, pending } = useApplyAuth()
  const [, navigate] = useLocation()
  const authStatus = props.user.authStatus ?? AuthStatus.notSubmitted
  const token = tokenPath(props.token)
  const errand = props.type === VerificationType.errand
  const mayApply = mayApplyForVerification(authStatus)
  // the page that sent the user here may have said '用户还没通过实名认证' on its way out: the form's own tip says what to do
  useEffect(() => {
    if (mayApply) Toast.clear()
  }, [mayApply])

  if (!mayApply) {
    const passed = authStatus === AuthStatus.passed
    return (
      <div className="auth-state">
        <Result
          data-testid="auth-state"
          status={passed ? "success" : "waiting"}
          title={verificationBadge(authStatus)}
          description={passed ? messages.alreadyPassed : messages.underReview}
        />
        {passed && errand && !props.user.studentCardUrl ? (
          <div className="page__actions">
            <Button block color="primary" onClick={() => navigate(`/studentCardEdit/${token}`)}>上传学生证</Button>
          </div>
        ) : null}
        <div className="page__actions">
          <Button block onClick={() => navigate(`/${props.redirect}/${token}`)}>返回</Button>
        </div>
      </div>
    )
  }

  const submit = async () => {
    if (pending) return
    const refused = submissionRefusal(form.submission.value, new Date())
    if (refused) {
      Toast.show({ content: refused.message })
      return
    }
    try {
      const said = await run({
        idCardUrl: form.idCardUrl.value ?? "",
        realname: form.realname.value,
        idCardNo: form.idCardNo.value,
        sex: form.sex.value,
        studentCardUrl: form.studentCardUrl.value ?? "",
        type: props.type
      })
      Toast.show({ content: said || messages.submitted, icon: "success", duration: 1500 })
      navigate(`/${props.redirect}/${token}`, { replace: true })
    } catch (error) {
      Toast.show({ content: failureMessage(error, messages.submitFailed), icon: "fail" })
    }
  }

  return (
    <div className="auth-apply">
      <NoticeBar
        data-testid="auth-tip"
        wrap
        color={authStatus === AuthStatus.rejected ? "error" : "info"}
        content={verificationTip({ authStatus, rejectComment: props.user.rejectComment ?? null })}
      />
      <section className="form-card upload-card">
        <h2 className="upload-card__title">身份证人像面</h2>
        <p className="upload-card__hint">请上传本人身份证人像面照片，系统将自动识别姓名和身份证号码</p>
        <ImageSlot
          field={UploadField.idCard}
          preset="small"
          url={form.idCardUrl.value}
          label="上传身份证"
          testId="id-card-upload"
          onUploaded={(uploaded) => {
            form.idCardUploaded(uploaded)
            if (form.unrecognised.value) Toast.show({ content: messages.realIdCard })
          }}
          onRemoved={form.idCardRemoved}
        />
      </section>
      <List mode="card" header="识别结果">
        <List.Item extra={<Recognised text={form.realname.value} testId="auth-realname" failed={form.unrecognised.value} />}>姓名</List.Item>
        <List.Item extra={<Recognised text={form.idCardNo.value} testId="auth-id-card-no" failed={form.unrecognised.value} />}>身份证号</List.Item>
        {form.unrecognised.value ? (
          <List.Item data-testid="auth-ocr-failed" className="auth-apply__unrecognised">
            未识别出姓名和身份证号，{messages.realIdCard}
          </List.Item>
        ) : null}
      </List>
      <section className="form-card upload-card">
        <h2 className="upload-card__title">学生证{errand ? <span className="required">（必填）</span> : <span className="optional">（选填）</span>}</h2>
        <p className="upload-card__hint">{errand ? "跑腿实名认证须上传学生证个人信息页" : "上传学生证可用于跑腿认证"}</p>
        <ImageSlot
          field={UploadField.studentCard}
          preset="small"
          url={form.studentCardUrl.value}
          label="上传学生证"
          testId="student-card-upload"
          onUploaded={(uploaded) => { form.studentCardUrl.value = uploaded.url }}
          onRemoved={() => { form.studentCardUrl.value = undefined }}
        />
      </section>
      <p className="auth-apply__privacy">您的证件信息仅用于实名认证，平台将严格保密。</p>
      <div className="page__actions">
        <Button data-testid="auth-submit" block color="primary" size="large" loading={pending} onClick={() => void submit()}>
          提交认证
        </Button>
        <Link href={`/${props.redirect}/${token}`} className="auth-apply__later">暂不认证</Link>
      </div>
    </div>
  )
}
