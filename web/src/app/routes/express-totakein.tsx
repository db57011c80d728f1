/** `/expressTotakein/:token`: book a sending (tab one) or see the worksite's price table (tab two). */
import { ErrorBlock, Tabs, Toast } from "antd-mobile"
import { useEffect, useRef, useState } from "react"
import { useLocation } from "wouter"
import { messages } from "#src/sending/booking"
import { LoadFailed, Loading } from "../../components/load-state"
import { useAddresses } from "../../features/address/api/addresses"
import { postBooking, useSetup, type BookingRequest } from "../../features/sending/api/sending"
import { BookingForm } from "../../features/sending/components/booking-form"
import { PriceTable } from "../../features/sending/components/price-table"
import { newIdempotencyKey } from "../../lib/api-client"
import { Page } from "../../components/page"
import { adoptRouteToken, tokenPath } from "../../lib/session"
import "../../features/sending/sending.css"

export const ExpressTotakeinRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  const setup = useSetup(token)
  const addresses = useAddresses()
  const [, navigate] = useLocation()
  const [tab, setTab] = useState("book")
  const key = useRef(newIdempotencyKey())
  const t = tokenPath(token ?? "")
  const s = setup.data

  // the real-name gate: its message, then on to verification for sending
  useEffect(() => {
    if (!s || s.open || !s.redirect) return
    Toast.show({ content: s.message ?? messages.senderNotVerified })
    navigate(s.redirect, { replace: true })
  }, [s, navigate])

  const submit = async (request: BookingRequest) => {
    const order = await postBooking(request, key.current)
    key.current = newIdempotencyKey()
    if (order.requiredDoorService) {
      navigate(`/orderSuccess/${encodeURIComponent(order._id)}/${t}?kind=send&pay=1`)
      return
    }
    Toast.show({ icon: "success", content: messages.booked })
    navigate(`/expressSendList/ing/${t}`)
  }

  const body = () => {
    if (!token) return <LoadFailed error={undefined} fallback="请从公众号菜单进入" />
    if (setup.error) return <LoadFailed error={setup.error} fallback="获取校园号业务状态出错" onRetry={setup.reload} />
    if (!s) return <Loading />
    if (!s.open) {
      return s.redirect ? <Loading text={s.message ?? messages.senderNotVerified} /> : (
        <ErrorBlock data-testid="sending-closed" status="disconnected" title={s.message ?? messages.notOpen} description="请留意驿站通知" />
      )
    }
    return (
      <Tabs activeKey={tab} onChange={setTab} className="sending-tabs">
        <Tabs.Tab title="寄快递" key="book">
          {addresses.error ? <LoadFailed error={addresses.error} fallback="获取地址列表失败" onRetry={addresses.reload} />
            : !addresses.data ? <Loading />
            : <BookingForm setup={s} addresses={addresses.data} onAddressBook={() => navigate(`/address/${t}`)} submit={submit} />}
        </Tabs.Tab>
        <Tabs.Tab title="价格表" key="price">
          {tab === "price" ? <PriceTable yunfeiPic={s.yunfeiPic} /> : null}
        </Tabs.Tab>
      </Tabs>
    )
  }

  return (
    <Page title="寄快递" right={token ? <a className="nav-link" data-testid="send-records" href={`/expressSendList/ing/${t}`} onClick={(e) => { e.preventDefault(); navigate(`/expressSendList/ing/${t}`) }}>寄件记录</a> : undefined}>
      {body()}
    </Page>
  )
}
