/** '获取验证码' with its countdown: inert while counting down or sending; the page decides whether a code may be asked for. */
import { useSignals } from "@preact/signals-react/runtime"
import { Button, Toast } from "antd-mobile"
import { useEffect, useState } from "react"
import { messages } from "#src/profile/phone"
import { failureMessage } from "../../../lib/api-client"
import { usePhoneCaptcha } from "../api/phone-captcha"
import { createCaptchaTimer } from "../state/captcha"

export const CaptchaButton = (props: {
  readonly gapSeconds: number
  /** The core's refusal that stops the request (its message shown as it is), or the phone to send the code to. */
  readonly check: () => { readonly refused: { readonly message: string } } | { readonly phone: string }
  readonly testId: string
}) => {
  useSignals()
  const [timer] = useState(() => createCaptchaTimer(props.gapSeconds))
  const { run: send, pending } = usePhoneCaptcha()
  useEffect(() => timer.dispose, [timer])
  const left = timer.secondsLeft.value

  const ask = async () => {
    if (pending || left > 0) return
    const checked = props.check()
    if ("refused" in checked) {
      Toast.show({ content: checked.refused.message })

      return
    }
    try {
      const said = await send(checked.phone)
      timer.sent()
      Toast.show({ content: said || messages.captchaSent, icon: "success" })
    } catch (error) {
      Toast.show({ content: failureMessage(error, messages.captchaFailed), icon: "fail" })
    }
  }

  return (
    <Button
      data-testid={props.testId}
      className="captcha-button"
      size="small"
      color="primary"
      fill="outline"
      disabled={left > 0}
      loading={pending}
      onClick={() => void ask()}
    >
      {left > 0 ? `${left}秒后重发` : "获取验证码"}
    </Button>
  )
}
