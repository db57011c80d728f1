/** The receiver-phone keypad: digits 0-9, clear and backspace. */
const rows = [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"]] as const

export const PhoneKeypad = (props: {
  readonly disabled?: boolean
  readonly onDigit: (digit: string) => void
  readonly onClear: () => void
  readonly onBackspace: () => void
}) => (
  <div className="keypad" role="group" aria-label="收件电话键盘">
    {rows.flat().map((digit) => (
      <button key={digit} type="button" className="keypad__key" data-testid={`key-${digit}`} disabled={props.disabled} onClick={() => props.onDigit(digit)}>
        {digit}
      </button>
    ))}
    <button type="button" className="keypad__key keypad__key--action" data-testid="key-clear" disabled={props.disabled} onClick={props.onClear}>
      清空
    </button>
    <button type="button" className="keypad__key" data-testid="key-0" disabled={props.disabled} onClick={() => props.onDigit("0")}>
      0
    </button>
    <button type="button" className="keypad__key keypad__key--action" data-testid="key-backspace" aria-label="退格" disabled={props.disabled} onClick={props.onBackspace}>
      ⌫
    </button>
  </div>
)
