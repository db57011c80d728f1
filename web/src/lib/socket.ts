/** The live channel: socket.io on the same origin, authenticated with the session token. */
import { useEffect, useRef } from "react"
import { io, type Socket } from "socket.io-client"

export const connectSocket = (token: string): Socket => io({ auth: { token }, transports: ["websocket", "polling"] })

/**
 * Routes these events of one socket to `onEvent`, and every `connect` but its first — a reconnect after a drop —
 * to `onReconnect`: the server does not replay what was sent while the socket was away.
 */
export const listenLive = <P>(
  socket: Pick<Socket, "on">,
  events: ReadonlyArray<string>,
  onEvent: (event: string, payload: P) => void,
  onReconnect: () => void
): void => {
  let connects = 0
  socket.on("connect", () => { if (connects++ > 0) onReconnect() })
  for (const event of events) socket.on(event, (payload: P) => onEvent(event, payload))
}

/**
 * Listens to these server events on one socket while the component is mounted (a new list of names reconnects);
 * `onReconnect` runs each time the socket comes back after a drop.
 */
export const useSocketEvents = <P>(
  token: string | undefined,
  events: ReadonlyArray<string>,
  onEvent: (event: string, payload: P) => void,
  onReconnect?: () => void
): void => {
  const handler = useRef(onEvent)
  handler.current = onEvent
  const reconnected = useRef(onReconnect)
  reconnected.current = onReconnect
  const names = events.join("\u0000")
  useEffect(() => {
    if (!token || names === "") return
    const socket = connectSocket(token)
    listenLive<P>(socket, names.split("\u0000"), (event, payload) => handler.current(event, payload), () => reconnected.current?.())
    return () => {
      socket.disconnect()
    }
  }, [token, names])
}

/** Listens to one server event while the component is mounted. */
export const useSocketEvent = <P>(token: string | undefined, event: string, onEvent: (payload: P) => void, onReconnect?: () => void): void =>
  useSocketEvents<P>(token, [event], (_event, payload) => onEvent(payload), onReconnect)

/**
 * A screen's live list: read again on each of these events and each time the socket reconnects after a drop, so a
 * phone back from 30 s offline shows the list as it is now; `onEvent` sees each event before the reload.
 */
export const useLiveList = <P>(
  token: string | undefined,
  events: ReadonlyArray<string>,
  reload: () => void,
  onEvent?: (event: string, payload: P) => void
): void =>
  useSocketEvents<P>(token, events, (event, payload) => {
    onEvent?.(event, payload)
    reload()
  }, reload)
