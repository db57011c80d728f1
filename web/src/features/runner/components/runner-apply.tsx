/**
 * Applying to run errands: where the application stands, the worksite's switches (no errands, or no online
 * applications: the service phone instead), the errand verification it needs, the invitation code and the agreement.
 */
import { useSignals } from "@preact/signals-react/runtime"
import { Button, Checkbox, Form, Input, List, Result, Steps, Tag, Toast } from "antd-mobile"
import { useState } from "react"
import { Link, useLocation } from "wouter"
import {
  INVITATION_MAX, mayApplyAsRunner, messages, PaotuiStatus, runnerApplicationRefusal, runnerStatusLabel
} from "#src/profile/runner-application"
import { AuthStatus } from "#src/profile/verification"
import { failureMessage } from "../../../lib/api-client"
import { tokenPath } from "../../../lib/session"
import { isOn, type UserInfo } from "../../../lib/user-info"
import { useApplyPaotui } from "../api/apply-paotui"
import { createRunnerForm } from "../state/runner-form"

const statusColors: Record<number, string> = { [-1]: "default", 0: "warning", 1: "success", 2: "danger" }

export const RunnerApply = (props: { readonly user: UserInfo; readonly token: string; readonly reload: () => void }) => {
  useSignals()
  const [form] = useState(createRunnerForm)
  const { run, pending } = useApplyPaotui()
  const [, navigate] = useLocation()
  const { user } = props
  const token = tokenPath(props.token)
  const status = user.paotuiStatus ?? PaotuiStatus.notApplied
  const authStatus = user.authStatus ?? AuthStatus.notSubmitted
  const worksite = {
    paotuiAble: isOn(user.worksite?.paotuiAble),
    paotuiApplyAble: isOn(user.worksite?.paotuiApplyAble),
    paotuiApplyNeedInvitation: isOn(user.worksite?.paotuiApplyNeedInvitation)
  }
  const verified = authStatus === AuthStatus.passed && (user.studentCardUrl ?? "") !== ""

  const header = (
    <div className="runner-header">
      <div className="runner-header__title">校园跑腿</div>
      <div className="runner-header__desc">帮同学代取快递、跑腿送达，赚取赏金</div>
      <Tag data-testid="runner-status" color={statusColors[status]} fill="solid">{runnerStatusLabel(status, worksite.paotuiAble)}</Tag>
    </div>
  )

  if (!worksite.paotuiAble || !worksite.paotuiApplyAble) {
    const phone = user.worksite?.servicePhone
    return (
      <div className="runner">
        {header}
        <Result
          data-testid="runner-unavailable"
          status="info"
          title={worksite.paotuiAble ? "线上跑腿申请未开通" : messages.errandsClosed}
          description={worksite.paotuiAble ? messages.applicationsClosed : "如有疑问请咨询网点客服"}
        />
        {phone ? <div className="page__actions"><Button block data-testid="runner-service-phone" onClick={() => { window.location.href = `tel:${phone}` }}>联系客服 {phone}</Button></div> : null}
      </div>
    )
  }

  if (!mayApplyAsRunner(status)) {
    const joined = status === PaotuiStatus.joined
    return (
      <div className="runner">
        {header}
        <Result
          data-testid="runner-state"
          status={joined ? "success" : "waiting"}
          title={joined ? messages.alreadyJoined : "申请已提交"}
          description={joined ? "快去跑腿大厅接单吧" : messages.reviewing}
        />
        <div className="page__actions runner-actions">
          {joined ? <Button block color="primary" onClick={() => navigate(`/robbing/${token}`)}>去接单</Button> : null}
          <Button block onClick={() => navigate(`/my/${token}`)}>返回个人中心</Button>
        </div>
      </div>
    )
  }

  const submit = async () => {
    if (pending) return
    const invitation = form.invitation.value
    const refused = runnerApplicationRefusal({
      applicant: { paotuiStatus: status, authStatus, studentCardUrl: user.studentCardUrl ?? null, sex: user.sex ?? 0 },
      worksite,
      invitation,
      agreed: form.agreed.value,
      // only the server knows whose code this is; a typed code is taken as possibly right here
      invitingLeaderId: invitation === "" ? undefined : invitation
    })
    if (refused) {
      Toast.show({ content: refused.message })

      return
    }
    try {
      const said = await run({ needInvitation: worksite.paotuiApplyNeedInvitation, invitation, agree: form.agreed.value })
      Toast.show({ content: said || messages.applied, icon: "success" })
      props.reload()
    } catch (error) {
      Toast.show({ content: failureMessage(error, messages.failed), icon: "fail" })
    }
  }

  return (
    <div className="runner">
      {header}
      {status === PaotuiStatus.rejected ? <p className="runner-rejected" data-testid="runner-rejected">您的跑腿申请未通过，可修改后重新申请</p> : null}
      <List mode="card" header="申请条件">
        <List.Item
          data-testid="runner-verify"
          onClick={verified ? undefined : () => navigate(`/authApply/1/paotuiApply/${token}`)}
          extra={verified ? <span className="text-ok">已完成</span> : <span className="nav-link">去认证</span>}
          arrowIcon={!verified}
          description="须上传身份证和学生证"
        >
          跑腿实名认证
        </List.Item>
        <List.Item
          data-testid="runner-sex"
          onClick={user.sex === 1 || user.sex === 2 ? undefined : () => navigate("/sexEdit")}
          extra={user.sex === 1 || user.sex === 2 ? <span className="text-ok">已登记</span> : <span className="nav-link">去登记</span>}
          arrowIcon={!(user.sex === 1 || user.sex === 2)}
        >
          登记性别
        </List.Item>
      </List>
      {worksite.paotuiApplyNeedInvitation ? (
        <Form layout="horizontal" mode="card">
          <Form.Item label="邀请码">
            <Input data-testid="runner-invitation" placeholder="请填入跑腿邀请码" maxLength={INVITATION_MAX} value={form.invitation.value} onChange={form.typeInvitation} clearable />
          </Form.Item>
        </Form>
      ) : null}
      <Steps direction="vertical" className="runner-steps" current={verified ? 1 : 0}>
        <Steps.Step title="完成跑腿实名认证" description="身份证 + 学生证" />
        <Steps.Step title="提交跑腿申请" description="阅读并同意服务协议" />
        <Steps.Step title="等待审核" description="审核通过后即可接单" />
      </Steps>
      <div className="runner-agree">
        <Checkbox data-testid="runner-agree" checked={form.agreed.value} onChange={(on) => { form.agreed.value = on }}>
          我已阅读并同意
        </Checkbox>
        <Link href="/paotuiAgreement" className="nav-link">《校园跑腿服务协议》</Link>
      </div>
      <div className="page__actions">
        <Button data-testid="runner-submit" block color="primary" size="large" loading={pending} onClick={() => void submit()}>
          申请加入跑腿团队
        </Button>
      </div>
    </div>
  )
}
