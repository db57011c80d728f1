/**
 * The errand static pages (spec 001 §2): the runner agreement with its terms (uninsured compensation capped
 * at 1000 yuan per order; insurance 0.5% of the declared value, at least 1 yuan; delivered means the recipient
 * confirmed receipt), the fee rules and how runners earn. Numbers come from the cores that apply them.
 */
import { creditDelta, INITIAL_CREDIT } from "#src/errand/credit"
import { MAX_FLOOR, OTHER_SPECIAL_GOOD_NAME } from "#src/errand/fee"
import { TIP_OPTIONS_FEN, TIP_MAX_FEN } from "#src/errand/rating"
import { INSURANCE_CAP, INSURANCE_MIN_FEE, INSURANCE_RATE_BP } from "#src/sending/freight"
import { withdrawalFeeRate } from "#src/wallet/withdrawal"
import { yuan } from "../../../lib/format"
import "../errand-team.css"

/** Compensation for a lost or damaged uninsured item, per order (spec 001 §2 agreement). */
const UNINSURED_CAP_YUAN = yuan(INSURANCE_CAP)

const rate = `${INSURANCE_RATE_BP / 100}%`
const minFee = `${yuan(INSURANCE_MIN_FEE)}元`

export const AgreementText = () => (
  <article className="static-text" data-testid="static-agreement">
    <p>欢迎加入校园跑腿。申请成为跑腿员前，请仔细阅读本协议；提交申请即表示你已阅读并同意以下条款。</p>
    <h2>一、服务内容</h2>
    <p>跑腿员在本网点的跑腿大厅接单，按订单要求到驿站取件并送到下单同学指定的楼栋、楼层和宿舍，或上门取件寄出。接单须本人完成，不得转交他人；确需转单的，只能转给同一队长下的队友，且只限尚未取件的订单。</p>
    <h2>二、送达与签收</h2>
    <p><strong>收件人确认收货即视为送达完成。</strong>跑腿员标记送达后，由下单同学（或其指定的代收朋友）确认收货；跑腿费在订单完成时计入跑腿员钱包。</p>
    <h2>三、保价与赔付</h2>
    <p>寄件可选择保价，<strong>保价费为声明价值的{rate}，最低{minFee}</strong>。物品在跑腿途中丢失或损坏的，保价物品按声明价值赔付；<strong>未保价物品每单最高赔付{UNINSURED_CAP_YUAN}元</strong>。</p>
    <h2>四、取消与信用</h2>
    <p>跑腿员因个人原因取消已接订单，信用分{creditDelta({ kind: "personalCancel" })}分；评价为1星{creditDelta({ kind: "rated", stars: 1 })}分、2星{creditDelta({ kind: "rated", stars: 2 })}分、5星+{creditDelta({ kind: "rated", stars: 5 })}分。信用分初始为{INITIAL_CREDIT}分，最高100分；低于60分显示为信用较差。</p>
    <h2>五、行为规范</h2>
    <p>跑腿员应文明礼貌、准时送达，不得查看、调换或私自拆开他人物品，不得泄露同学的电话、宿舍等个人信息。</p>
  </article>
)

export const FeeTipsText = () => (
  <article className="static-text" data-testid="static-fee-tips">
    <h2>跑腿费怎么算</h2>
    <p>跑腿费由网点按物品大小和楼层设定：有电梯的楼栋按电梯价；无电梯时，3楼及以下（含负1楼）按一档价，4楼至{MAX_FLOOR}楼按二档价。</p>
    <p>物品分小件（0.5公斤以下）、中件（0.5–2公斤）、大件（2公斤以上）。大件按所选的大件分类计价，选“{OTHER_SPECIAL_GOOD_NAME}”按大件价格计。楼栋单独设了价格的，以楼栋价格为准。</p>
    <h2>优惠</h2>
    <p>有优惠活动时，按折扣（如8折）或活动价计费，应付金额精确到分，每天名额有限，约满即止。</p>
    <h2>支付与退款</h2>
    <p>下单后请在30分钟内完成支付，超时订单自动取消。到了要求送达时间仍无人接单的订单会自动取消并退还已付跑腿费。</p>
    <h2>打赏</h2>
    <p>订单完成后可在评价时打赏跑腿员{TIP_OPTIONS_FEN.map((f) => `${yuan(f)}元`).join("、")}或自定义金额（最多{yuan(TIP_MAX_FEN)}元），赏金全部归跑腿员。</p>
  </article>
)

export const MakeMoneyText = () => (
  <article className="static-text" data-testid="static-make-money">
    <h2>跑腿赚钱</h2>
    <p>完成实名认证并上传学生证后即可申请成为跑腿员，审核通过后在跑腿大厅接单。</p>
    <h2>收入</h2>
    <p>每完成一单，订单的跑腿费在同学确认收货后计入你的钱包；同学打赏的赏金支付成功后立即到账。钱包余额可申请提现，提现手续费为{withdrawalFeeRate}。</p>
    <h2>团队</h2>
    <p>加入队长的团队后，可以把暂时送不了的订单转给队友；队长可以为每栋楼设置楼长，并查看各楼栋的跑腿情况。</p>
    <h2>信用分</h2>
    <p>好评加分、差评和个人原因取消扣分。保持高信用分，让更多同学放心下单。</p>
  </article>
)
