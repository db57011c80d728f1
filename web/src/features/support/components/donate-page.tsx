/** `/donate`: one button that gives 1 fen (priced on the server); a thank-you once paid. */
import { Button, Toast } from "antd-mobile"
import { HeartFill } from "antd-mobile-icons"
import { DONATION_FEN, donationMessages } from "#src/support/donation"
import { requestPayment } from "../../../components/pay-sheet"
import { yuan } from "../../../lib/format"
import { useAction } from "../../../lib/use-action"
import { donate } from "../api/support"
import "../support.css"

export const DonatePage = () => {
  const give = useAction(async () => {
    let sign
    try {
      sign = await donate()
    } catch {
      Toast.show({ icon: "fail", content: donationMessages.failed })
      return
    }
    const outcome = await requestPayment(sign, yuan(DONATION_FEN))
    if (outcome.paid) Toast.show({ icon: "success", content: donationMessages.thanks, duration: 2000 })
    else if (outcome.message) Toast.show({ icon: "fail", content: outcome.message })
  })
  return (
    <div className="donate">
      <HeartFill className="donate__heart" />
      <h2>支持校园快递</h2>
      <p>捐赠 ¥{yuan(DONATION_FEN)}，帮助我们把驿站服务做得更好。</p>
      <Button block color="primary" data-testid="donate" loading={give.pending} disabled={give.pending} onClick={() => void give.run()}>
        捐赠 ¥{yuan(DONATION_FEN)}
      </Button>
    </div>
  )
}
