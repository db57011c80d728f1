/**
 * A button that opens a bottom sheet. The sheet's body is made only while it is open (so it loads afresh
 * each time) and gets `close`; `canOpen` may refuse the opening (it says why itself).
 */
import { Button, Popup } from "antd-mobile"
import { useState, type ReactNode } from "react"

const SHEET = { borderTopLeftRadius: 12, borderTopRightRadius: 12 }
const TALL_SHEET = { ...SHEET, maxHeight: "90vh", overflowY: "auto" } as const

export const SheetButton = (props: {
  readonly label: string
  readonly testId: string
  readonly color?: "primary" | "default"
  readonly size?: "small" | "middle"
  /** The body may be taller than the screen: it scrolls within 90 % of it. */
  readonly tall?: boolean
  readonly canOpen?: () => boolean
  readonly children: (close: () => void) => ReactNode
}) => {
  const [open, setOpen] = useState(false)
  const close = () => setOpen(false)
  return (
    <>
      <Button size={props.size ?? "small"} color={props.color ?? "default"} data-testid={props.testId}
        onClick={() => { if (props.canOpen?.() ?? true) setOpen(true) }}>{props.label}</Button>
      <Popup visible={open} onMaskClick={close} bodyStyle={props.tall ? TALL_SHEET : SHEET}>
        {open ? props.children(close) : null}
      </Popup>
    </>
  )
}
