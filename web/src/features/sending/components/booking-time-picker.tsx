/** The door-pickup time: a day, then a 10-minute slot from 9:00 to 22:50, the choices the core offers now. */
import { CascadePicker, List } from "antd-mobile"
import { useMemo, useState } from "react"
import type { BookingDay } from "#src/sending/booking-time"
import { bookingTimeLabel, bookingTimeOptions } from "../state/booking-time"

export const BookingTimePicker = (props: {
  readonly days?: ReadonlyArray<BookingDay> | undefined
  readonly value: Date | undefined
  readonly onChange: (at: Date) => void
}) => {
  const [open, setOpen] = useState(false)
  const [now, setNow] = useState(() => new Date())
  const options = useMemo(() => bookingTimeOptions(now, props.days && props.days.length > 0 ? props.days : undefined), [now, props.days])
  return (
    <>
      <List.Item
        title="上门时间"
        data-testid="booking-time"
        onClick={() => {
          setNow(new Date())
          setOpen(true)
        }}
        extra={props.value ? <span className="value" data-testid="booking-time-value">{bookingTimeLabel(props.value, now)}</span> : <span className="placeholder">请选择预约时间</span>}
      />
      <CascadePicker
        title="预约上门时间"
        options={options as never}
        visible={open}
        onClose={() => setOpen(false)}
        onConfirm={(value) => {
          const at = value[1]
          if (typeof at === "string") props.onChange(new Date(Number(at)))
        }}
      />
    </>
  )
}
