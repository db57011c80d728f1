/** The address list: each saved address (the default marked, and not deletable), add, and the ways on to sending and Me. */
import { Button, Dialog, Empty, List, Tag, Toast } from "antd-mobile"
import { useState } from "react"
import { useLocation } from "wouter"
import { deleteRefusal, messages } from "#src/address/address"
import { addressLine } from "#src/address/region"
import { LoadFailed, Loading } from "../../../components/load-state"
import { failureMessage } from "../../../lib/api-client"
import { tokenPath } from "../../../lib/session"
import { useAddresses, type SavedAddress } from "../api/addresses"
import { useDeleteAddress } from "../api/delete-address"
import { AddressForm } from "./address-form"

export const AddressBook = (props: { readonly token: string }) => {
  const addresses = useAddresses()
  const remove = useDeleteAddress()
  const [adding, setAdding] = useState(false)
  const [, navigate] = useLocation()
  const token = tokenPath(props.token)

  const onDelete = async (address: SavedAddress) => {
    const refused = deleteRefusal(address)
    if (refused) {
      Toast.show({ content: refused.message })

      return
    }
    if (!(await Dialog.confirm({ content: `确定删除 ${address.name} 的地址？` }))) return
    try {
      const said = await remove.run(address._id)
      Toast.show({ content: said || messages.deleted, icon: "success" })
      addresses.reload()
    } catch (error) {
      Toast.show({ content: failureMessage(error, messages.deleteFailed), icon: "fail" })
    }
  }

  if (adding) {
    return (
      <AddressForm
        onAdded={() => {
          setAdding(false)
          addresses.reload()
        }}
        onCancel={() => setAdding(false)}
      />
    )
  }

  return (
    <div className="address-book">
      {addresses.error ? <LoadFailed error={addresses.error} fallback={messages.listFailed} onRetry={addresses.reload} />
        : !addresses.data ? <Loading />
        : addresses.data.length === 0 ? <Empty className="address-book__empty" description="还没有收件地址" />
        : (
          <List mode="card">
            {addresses.data.map((a) => (
              <List.Item
                key={a._id}
                data-testid="address-item"
                arrowIcon={false}
                description={<span data-testid="address-line">{addressLine(a)}</span>}
                extra={
                  <Button
                    data-testid="address-delete"
                    size="mini"
                    fill="outline"
                    color="danger"
                    disabled={deleteRefusal(a) !== undefined}
                    onClick={() => void onDelete(a)}
                  >
                    删除
                  </Button>
                }
              >
                <span className="address-book__who">{a.name}</span>
                <span className="address-book__phone">{a.phone}</span>
                {a.isDefault ? <Tag data-testid="address-default" color="primary" fill="outline" className="address-book__default">默认</Tag> : null}
              </List.Item>
            ))}
          </List>
        )}
      <div className="page__actions address-book__actions">
        <Button data-testid="address-add" block color="primary" size="large" onClick={() => setAdding(true)}>新增收件地址</Button>
        <div className="address-book__links">
          <Button fill="outline" onClick={() => navigate(`/expressTotakein/${token}`)}>去寄件</Button>
          <Button fill="outline" onClick={() => navigate(`/my/${token}`)}>个人中心</Button>
        </div>
      </div>
    </div>
  )
}
