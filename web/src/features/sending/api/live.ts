/** The sending pages' live events, on one socket: the send order's changes (spec 001 §7) and dispatch counts. */
import { useEffect, useRef } from "react"
import type { SendEventPayload } from "#src/sending/calls"
import { connectSocket } from "../../../lib/socket"

/** Every event that changes a send order as its sender or the outbound screen sees it. */
export const SEND_EVENTS = [
  "freightUpdated", "freightUpdate", "freightPaySuccess", "freightPaySuccessDaofu", "expressSended", "expressTakeinArrived",
  "expressTakeinSended", "paotuiOrderCancelToWait", "paotuiOrderRobbinged", "paotuiOrderCancel", "paotuiPickupOrderAdd",
  "paotuiHaveGettedExpress", "paotuiConfirmHaveGettedExpress"
] as const
export type SendEvent = (typeof SEND_EVENTS)[number]

/** Listens to these events on one socket while mounted (the names may change: a new list reconnects). */
export const useLiveEvents = <P>(token: string | undefined, events: ReadonlyArray<string>, onEvent: (event: string, payload: P) => void) => {
  const handler = useRef(onEvent)
  handler.current = onEvent
  const names = events.join("\u0000")
  useEffect(() => {
    if (!token || names === "") return
    const socket = connectSocket(token)
    for (const event of names.split("\u0000")) socket.on(event, (payload: P) => handler.current(event, payload))
    return () => {
      socket.disconnect()
    }
  }, [token, names])
}

export const useSendEvents = (token: string | undefined, onEvent: (event: string, payload: Partial<SendEventPayload> | undefined) => void) =>
  useLiveEvents(token, SEND_EVENTS, onEvent)
