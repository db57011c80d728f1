/** 消息提醒 on 我的: one switch per reminder kind, each on until the user turns it off (the SMS at arrival is the station's and stays). */
import { List, Switch, Toast } from "antd-mobile"
import { BellOutline } from "antd-mobile-icons"
import { useEffect, useState } from "react"
import { noticeLabels, NOTICE_KINDS, type NoticeKind, type NoticeSettings } from "#src/notice/notice"
import { failureMessage } from "../../../lib/api-client"
import { useNotices, useSetNotice } from "../api/notices"

const hints: Readonly<Record<NoticeKind, string>> = {
  arrival: "入库后推送取件码，驿站短信照发",
  returnReminder: "快递被退回前24小时提醒取件",
  errandStatus: "跑腿订单状态变化时通知",
  sendStatus: "寄件订单状态变化时通知"
}

export const NoticeSwitches = (props: { readonly token: string }) => {
  const loaded = useNotices(props.token || undefined)
  const setNotice = useSetNotice()
  const [settings, setSettings] = useState<NoticeSettings | undefined>(undefined)
  useEffect(() => { if (loaded.data) setSettings(loaded.data) }, [loaded.data])
  if (!settings) return null

  const toggle = async (kind: NoticeKind, on: boolean) => {
    setSettings({ ...settings, [kind]: on })
    try {
      setSettings(await setNotice.run(kind, on))
    } catch (error) {
      setSettings({ ...settings, [kind]: !on })
      Toast.show({ content: failureMessage(error, "更新设置出错"), icon: "fail" })
    }
  }

  return (
    <List mode="card" className="me-entries" header="消息提醒" data-testid="me-notices">
      {NOTICE_KINDS.map((kind) => (
        <List.Item
          key={kind}
          data-testid={`me-notice-${kind}`}
          prefix={<BellOutline />}
          arrowIcon={false}
          description={hints[kind]}
          extra={<Switch checked={settings[kind]} loading={setNotice.pending} onChange={(on) => void toggle(kind, on)} aria-label={noticeLabels[kind]} />}
        >
          {noticeLabels[kind]}
        </List.Item>
      ))}
    </List>
  )
}
