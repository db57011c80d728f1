/** Picks the sender or the receiver from the address book; with none saved, the way to add one. */
import { Button, Empty, List, Popup } from "antd-mobile"
import { useState } from "react"
import type { AddressView } from "#src/address/calls"
import { addressLine } from "#src/address/region"

export const ContactPicker = (props: {
  readonly role: "sender" | "receiver"
  readonly addresses: ReadonlyArray<AddressView>
  readonly value: string
  readonly onChange: (id: string) => void
  readonly onAddNew: () => void
}) => {
  const [open, setOpen] = useState(false)
  const chosen = props.addresses.find((a) => a._id === props.value)
  const label = props.role === "sender" ? "寄" : "收"
  return (
    <>
      <List.Item
        data-testid={`${props.role}-card`}
        prefix={<span className={`contact-badge contact-badge--${props.role}`}>{label}</span>}
        onClick={() => setOpen(true)}
        description={chosen ? <span data-testid={`${props.role}-address`}>{addressLine(chosen)}</span> : undefined}
      >
        {chosen ? (
          <span data-testid={`${props.role}-name`}><b>{chosen.name}</b> <span className="contact-phone">{chosen.phone}</span></span>
        ) : (
          <span className="placeholder">{props.role === "sender" ? "选择寄件人" : "选择收件人"}</span>
        )}
      </List.Item>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName="contact-popup" destroyOnClose>
        <div className="contact-popup__title">{props.role === "sender" ? "选择寄件人" : "选择收件人"}</div>
        {props.addresses.length === 0 ? <Empty description="地址簿还没有地址" /> : (
          <List>
            {props.addresses.map((a) => (
              <List.Item
                key={a._id}
                data-testid={`${props.role}-option`}
                data-name={a.name}
                description={addressLine(a)}
                onClick={() => {
                  props.onChange(a._id)
                  setOpen(false)
                }}
                extra={a._id === props.value ? "✓" : undefined}
              >
                {a.name} {a.phone}
              </List.Item>
            ))}
          </List>
        )}
        <div className="contact-popup__actions">
          <Button block fill="outline" color="primary" onClick={props.onAddNew}>管理地址簿</Button>
        </div>
      </Popup>
    </>
  )
}
