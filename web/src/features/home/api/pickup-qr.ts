/** The caller's personal pick-up QR (`GET /api/user/pickupQrcode`), fetched again every minute while it is shown. */
import { useEffect } from "react"
import { PersonalPickupQr } from "#src/parcel/calls"
import { send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

/** How often a shown QR is replaced by a fresh one: well inside its ten minutes. */
export const REFRESH_MS = 60_000

export const usePersonalPickupQr = (shown: boolean) => {
  const qr = useLoad(shown ? () => send(PersonalPickupQr, "/api/user/pickupQrcode") : undefined, [shown])
  const { reload } = qr
  useEffect(() => {
    if (!shown) return
    const timer = setInterval(reload, REFRESH_MS)
    return () => clearInterval(timer)
  }, [shown, reload])
  return qr
}
