/** `/paotuiQrcode`: the team's recruiting QR (the application page with the leader's invitation code) and the worksite's area. */
import QRCode from "qrcode"
import { useEffect, useState } from "react"
import { LoadFailed, Loading } from "../../../components/load-state"
import { useArea, useRecruitCard } from "../api/team"
import "../errand-team.css"

export const RecruitCard = (props: { readonly token: string | undefined }) => {
  const card = useRecruitCard(props.token)
  const area = useArea(card.data?.worksiteId)
  const [image, setImage] = useState<string>()
  const invitation = card.data?.invitation
  useEffect(() => {
    if (!invitation) return
    void QRCode.toDataURL(`${window.location.origin}/?invitation=${encodeURIComponent(invitation)}`, { margin: 1, width: 440 }).then(setImage)
  }, [invitation])
  if (card.loading) return <Loading />
  if (card.error || !card.data) return <LoadFailed error={card.error} fallback="获取团队成员列表失败" onRetry={card.reload} />
  return (
    <div className="recruit-card" data-testid="recruit-card">
      <h3>{area.data ? area.data.name : "跑腿团队"}</h3>
      {card.data.leaderName ? <p>队长：{card.data.leaderName}</p> : null}
      {invitation ? (
        <>
          {image ? <img src={image} alt="跑腿招募二维码" data-testid="recruit-qr" /> : null}
          <div className="recruit-card__code" data-testid="recruit-code">{invitation}</div>
          <p className="placeholder">同学扫码或在申请跑腿时填写邀请码即可加入团队</p>
        </>
      ) : <p className="placeholder">你的队长还没有邀请码</p>}
    </div>
  )
}
