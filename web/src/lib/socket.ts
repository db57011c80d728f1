/** The live channel: socket.io on the same origin, authenticated with the session token. */
import { useEffect, useRef } from "react"
import { io, type Socket } from "socket.io-client"

export const connectSocket = (token: string): Socket => io({ auth: { token }, transports: ["websocket", "polling"] })

/** Listens to these server events on one socket while the component is mounted (a new list of names reconnects). */
export const useSocketEvents = <P>(token: string | undefined, events: ReadonlyArray<string>, onEvent: (event: string, payload: P) => void): void => {
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

/** Listens to one server event while the component is mounted. */
export const useSocketEvent = <P>(token: string | undefined, event: string, onEvent: (payload: P) => void): void =>
  useSocketEvents<P>(token, [event], (_event, payload) => onEvent(payload))
