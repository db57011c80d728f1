/** The sending pages' live events, on one socket: the send order's changes (spec 001 §7) and dispatch counts. */
import type { SendEventPayload } from "#src/sending/calls"
import { useSocketEvents } from "../../../lib/socket"

/** Every event that changes a send order as its sender or the outbound screen sees it. */
export const SEND_EVENTS = [
  "freightUpdated", "freightUpdate", "freightPaySuccess", "freightPaySuccessDaofu", "expressSended", "expressTakeinArrived",
  "expressTakeinSended", "paotuiOrderCancelToWait", "paotuiOrderRobbinged", "paotuiOrderCancel", "paotuiPickupOrderAdd",
  "paotuiHaveGettedExpress", "paotuiConfirmHaveGettedExpress"
] as const

/** `onReconnect`: what to read again when the socket comes back after a drop. */
export const useSendEvents = (
  token: string | undefined,
  onEvent: (event: string, payload: Partial<SendEventPayload> | undefined) => void,
  onReconnect?: () => void
) => useSocketEvents(token, SEND_EVENTS, onEvent, onReconnect)
