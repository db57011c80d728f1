/** The caller's follow gift (`GET /api/sa/getByOpenid`): fetched again every minute while unredeemed, so its QR stays fresh. */
import { useEffect } from "react"
import { FollowGift } from "#src/home/calls"
import { GiftStatus } from "#src/home/subscribe-gift"
import { send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export const REFRESH_MS = 60_000

export const useFollowGift = (token: string | undefined) => {
  const gift = useLoad(token ? () => send(FollowGift, "/api/sa/getByOpenid") : undefined, [token])
  const { reload } = gift
  const open = gift.data?.status === GiftStatus.unexchanged
  useEffect(() => {
    if (!open) return
    const timer = setInterval(reload, REFRESH_MS)
    return () => clearInterval(timer)
  }, [open, reload])
  return gift
}
