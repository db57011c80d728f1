/**
 * Personal info: avatar, worksite, nickname, sex, main and vice phone, real name, ID number and the two photos
 * (tap to preview), each row leading to its edit page; unbind main or vice phone; cancel real-name verification.
 */
import { Avatar, Button, Dialog, Image, ImageViewer, List, Tag, Toast } from "antd-mobile"
import { useLocation } from "wouter"
import { Sex } from "#src/profile/personal-info"
import { unbindVicePhone } from "#src/profile/phone"
import { RuleViolation } from "#src/shared/errors"
import { AuthStatus, verificationBadge } from "#src/profile/verification"
import { failureMessage } from "../../../lib/api-client"
import { imageSrc, thumbnailSrc } from "../../../lib/format"
import { tokenPath } from "../../../lib/session"
import type { UserInfo } from "../../../lib/user-info"
import { useUnbindPhoneMain, useUnbindPhoneVice } from "../api/unbind-phone"
import { useUnverifySelf } from "../api/unverify"

const sexNames: Record<number, string> = { [Sex.male]: "男", [Sex.female]: "女" }

const badgeColors: Record<number, string> = { [-1]: "default", 0: "warning", 1: "success", 2: "danger" }

const Value = (props: { readonly text: string | null | undefined; readonly empty?: string; readonly testId?: string }) =>
  props.text ? <span className="value" data-testid={props.testId}>{props.text}</span>
    : <span className="placeholder" data-testid={props.testId}>{props.empty ?? "未填写"}</span>

const Photo = (props: { readonly url: string | null | undefined; readonly alt: string; readonly testId: string }) =>
  props.url ? (
    <Image
      data-testid={props.testId}
      className="info-photo"
      src={thumbnailSrc(props.url, 64)}
      alt={props.alt}
      fit="cover"
      width={64}
      height={44}
      onClick={(e) => {
        e.stopPropagation()
        ImageViewer.show({ image: props.url ?? "" })
      }}
    />
  ) : <span className="placeholder" data-testid={props.testId}>未上传</span>

export const PersonalInfo = (props: { readonly user: UserInfo; readonly token: string; readonly platform: string; readonly reload: () => void }) => {
  const [, navigate] = useLocation()
  const { user } = props
  const token = tokenPath(props.token)
  const authStatus = user.authStatus ?? AuthStatus.notSubmitted
  const unbindMain = useUnbindPhoneMain()
  const unbindVice = useUnbindPhoneVice()
  const unverify = useUnverifySelf()
  const worksite = user.worksite ? [user.worksite.shortName, user.worksite.schoolCampus].filter(Boolean).join(" · ") : undefined

  const onUnbindMain = async () => {
    if (!(await Dialog.confirm({ content: user.phoneVice ? `解绑后副手机 ${user.phoneVice} 将成为主手机，确定解绑主手机？` : "解绑后需重新绑定手机号码才能继续使用，确定解绑主手机？" }))) return
    try {
      const newMain = await unbindMain.run()
      Toast.show({ content: "解绑成功", icon: "success" })
      if (newMain === null) navigate(`/addUserInfo/my/${token}`)
      else props.reload()
    } catch (error) {
      Toast.show({ content: failureMessage(error, "操作失败"), icon: "fail" })
    }
  }

  const onUnbindVice = async () => {
    const refused = unbindVicePhone({ phoneMain: user.phoneMain ?? null, phoneVice: user.phoneVice ?? null })
    if (refused instanceof RuleViolation) {
      Toast.show({ content: refused.message })
      return
    }
    if (!(await Dialog.confirm({ content: "确定解绑副手机？" }))) return
    try {
      await unbindVice.run()
      Toast.show({ content: "解绑成功", icon: "success" })
      props.reload()
    } catch (error) {
      Toast.show({ content: failureMessage(error, "操作失败"), icon: "fail" })
    }
  }

  const onUnverify = async () => {
    if (!(await Dialog.confirm({ content: "取消实名认证后，身份证和学生证照片将被清除，确定取消？" }))) return
    try {
      const said = await unverify.run()
      Toast.show({ content: said || "操作成功", icon: "success" })
      props.reload()
    } catch (error) {
      Toast.show({ content: failureMessage(error, "操作失败"), icon: "fail" })
    }
  }

  return (
    <div className="personal-info">
      <List mode="card">
        <List.Item extra={<Avatar className="info-avatar" src={thumbnailSrc(imageSrc(user.headimgBase64), 44)} />}>头像</List.Item>
        <List.Item
          data-testid="info-worksite"
          onClick={() => navigate(`/worksiteList?from=userInfo&platform=${encodeURIComponent(props.platform)}&token=${token}`)}
          extra={<Value text={worksite} empty="请选择网点" />}
        >
          所在网点
        </List.Item>
        <List.Item data-testid="info-nickname" onClick={() => navigate("/nicknameEdit")} extra={<Value text={user.nickname} />}>昵称</List.Item>
        <List.Item data-testid="info-sex" onClick={() => navigate("/sexEdit")} extra={<Value text={sexNames[user.sex ?? 0]} empty="未登记" />}>性别</List.Item>
      </List>

      <List mode="card" header="手机号码">
        <List.Item data-testid="info-phone-main" onClick={() => navigate("/phoneEdit?type=main")} extra={<Value text={user.phoneMain} empty="未绑定" testId="info-phone-main-value" />}>主手机</List.Item>
        <List.Item data-testid="info-phone-vice" onClick={() => navigate("/phoneEdit?type=vice")} extra={<Value text={user.phoneVice} empty="未绑定" testId="info-phone-vice-value" />}>副手机</List.Item>
      </List>

      <List mode="card" header={<span className="info-auth-header">实名信息 <Tag data-testid="info-auth-badge" color={badgeColors[authStatus]} fill="outline">{verificationBadge(authStatus)}</Tag></span>}>
        <List.Item data-testid="info-realname" onClick={() => navigate("/realnameEdit")} extra={<Value text={user.realname} />}>真实姓名</List.Item>
        <List.Item data-testid="info-id-card-no" onClick={() => navigate(`/idCardNoEdit/${token}`)} extra={<Value text={user.idCardNo} testId="info-id-card-no-value" />}>身份证号</List.Item>
        <List.Item data-testid="info-id-card" arrowIcon={false} extra={<Photo url={user.idCardUrl} alt="身份证照片" testId="info-id-card-photo" />}>身份证照片</List.Item>
        <List.Item data-testid="info-student-card" onClick={() => navigate(`/studentCardEdit/${token}`)} extra={<Photo url={user.studentCardUrl} alt="学生证照片" testId="info-student-card-photo" />}>学生证照片</List.Item>
      </List>

      <div className="info-actions">
        <Button data-testid="unbind-main" block fill="outline" color="danger" loading={unbindMain.pending} disabled={!user.phoneMain} onClick={() => void onUnbindMain()}>解绑主手机</Button>
        <Button
          data-testid="unbind-vice"
          block
          fill="outline"
          color={user.phoneVice ? "danger" : "default"}
          aria-disabled={!user.phoneVice}
          className={user.phoneVice ? "" : "button--inactive"}
          loading={unbindVice.pending}
          onClick={() => void onUnbindVice()}
        >
          解绑副手机
        </Button>
        <Button data-testid="unverify" block fill="outline" color="danger" loading={unverify.pending} disabled={authStatus === AuthStatus.notSubmitted} onClick={() => void onUnverify()}>取消实名认证</Button>
      </div>
    </div>
  )
}
