/** The receiver's live parcel events on one socket. */
import { SAFEKEEP_PAID_EVENT } from "#src/payment/calls"
import { useSocketEvents } from "./socket"

/** Everything that changes a receiver's (or their friend's) parcels; a paid safekeeping fee brings the code. */
export const PARCEL_EVENTS = ["expressTotakeAdd", "takeawaySuccess", "agentAdd", "agentRefuse", "agentCancel", "expressTosendPaotuiSign", SAFEKEEP_PAID_EVENT] as const
export type ParcelEvent = (typeof PARCEL_EVENTS)[number]

/** `onReconnect`: what to read again when the socket comes back after a drop (the events missed meanwhile are lost). */
export const useParcelEvents = (
  token: string | undefined,
  onEvent: (event: ParcelEvent, payload: { _id?: string; status?: number } | undefined) => void,
  onReconnect?: () => void
) =>
  useSocketEvents(token, PARCEL_EVENTS, (event, payload: { _id?: string; status?: number } | undefined) => onEvent(event as ParcelEvent, payload), onReconnect)
