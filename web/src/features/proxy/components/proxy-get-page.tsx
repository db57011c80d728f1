/** Proxy pickup: find a friend by phone (their masked name only), confirm, and they pick the parcel up with their own QR. */
import { Button, Form, Input, Result, Toast } from "antd-mobile"
import { useState } from "react"
import { useLocation } from "wouter"
import { friendPhoneRefusal, messages } from "#src/parcel/collect"
import { failureMessage } from "../../../lib/api-client"
import { tokenPath } from "../../../lib/session"
import { useAction } from "../../../lib/use-action"
import { chooseFriend, findFriend } from "../api/proxy"

export const ProxyGetPage = (props: { readonly toTakeId: string; readonly token: string }) => {
  const [, navigate] = useLocation()
  const [phone, setPhone] = useState("")
  const [found, setFound] = useState<{ name: string; phone: string } | undefined>(undefined)
  const find = useAction(findFriend)
  const choose = useAction(chooseFriend)

  const search = async () => {
    setFound(undefined)
    // the search box answers an empty phone as a wrong one; 'find the friend first' is for choosing without a search
    const refused = friendPhoneRefusal(phone.trim())
    if (refused) return Toast.show({ content: refused.message === messages.findFirst ? messages.phoneWrong : refused.message })

    try {
      setFound(await find.run(phone.trim()))
    } catch (error) {
      Toast.show({ content: failureMessage(error, "获取用户信息失败"), icon: "fail" })
    }
  }

  const confirm = async () => {
    if (!found) return Toast.show({ content: messages.findFirst })
    try {
      await choose.run(props.toTakeId, found.phone)
      Toast.show({ content: messages.agentChosen, icon: "success" })
      navigate(`/expressTotakeList/ing/${tokenPath(props.token)}`, { replace: true })
    } catch (error) {
      Toast.show({ content: failureMessage(error, "操作失败"), icon: "fail" })
    }
  }

  return (
    <div className="proxy">
      <p className="proxy__tip">输入好友的手机号码查找好友，确认后好友可凭自己的取件码代您取件。</p>
      <Form layout="horizontal" mode="card">
        <Form.Item label="手机号" extra={<Button size="small" color="primary" loading={find.pending} data-testid="proxy-find" onClick={() => void search()}>查找</Button>}>
          <Input data-testid="proxy-phone" type="tel" maxLength={11} placeholder="请输入好友的手机号码" value={phone} onChange={(v) => { setPhone(v); setFound(undefined) }} />
        </Form.Item>
      </Form>
      {found ? (
        <Result data-testid="proxy-found" status="info" title={found.name} description={`手机号 ${found.phone}`} />
      ) : null}
      <div className="proxy__submit">
        <Button block color="primary" size="large" loading={choose.pending} data-testid="proxy-confirm" onClick={() => void confirm()}>确认代取</Button>
      </div>
    </div>
  )
}
