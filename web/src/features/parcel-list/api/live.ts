/** The receiver's live parcel events on one socket. */
import { useEffect, useRef } from "react"
import { SAFEKEEP_PAID_EVENT } from "#src/payment/calls"
import { connectSocket } from "../../../lib/socket"

/** Everything that changes a receiver's (or their friend's) parcels; a paid safekeeping fee brings the code. */
export const PARCEL_EVENTS = ["expressTotakeAdd", "takeawaySuccess", "agentAdd", "agentRefuse", "agentCancel", "expressTosendPaotuiSign", SAFEKEEP_PAID_EVENT] as const
export type ParcelEvent = (typeof PARCEL_EVENTS)[number]

export const useParcelEvents = (token: string | undefined, onEvent: (event: ParcelEvent, payload: { _id?: string; status?: number } | undefined) => void) => {
  const handler = useRef(onEvent)
  handler.current = onEvent
  useEffect(() => {
    if (!token) return
    const socket = connectSocket(token)
    for (const event of PARCEL_EVENTS) socket.on(event, (payload: { _id?: string; status?: number } | undefined) => handler.current(event, payload))
    return () => {
      socket.disconnect()
    }
  }, [token])
}
