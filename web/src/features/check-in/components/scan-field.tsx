/** A field filled by scanning a code (the comma rule applies) or by typing. */
import { Button, Input } from "antd-mobile"
import { scanned } from "#src/parcel/check-in"
import { scanQRCode } from "../../../lib/wx"

export const ScanField = (props: {
  readonly testId: string
  readonly value: string
  readonly placeholder: string
  readonly scanTitle: string
  readonly onChange: (value: string) => void
}) => {
  const scan = async () => {
    const text = await scanQRCode(props.scanTitle)
    if (text !== undefined) props.onChange(scanned(text))
  }
  return (
    <div className="scan-field">
      <Input
        data-testid={props.testId}
        className="scan-field__input"
        value={props.value}
        placeholder={props.placeholder}
        onChange={props.onChange}
        clearable
      />
      <Button
        data-testid={`${props.testId}-scan`}
        className="scan-field__button"
        size="small"
        color="primary"
        fill="outline"
        onClick={() => void scan()}
      >
        扫码
      </Button>
    </div>
  )
}
