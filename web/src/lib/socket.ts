/** The live channel: socket.io on the same origin, authenticated with the session token. */
import { useEffect, useRef } from "react"
import { io, type Socket } from "socket.io-client"

export const connectSocket = (token: string): Socket => io({ auth: { token }, transports: ["websocket", "polling"] })

/** Listens to one server event while the component is mounted. */
export const useSocketEvent = <P>(token: string | undefined, event: string, onEvent: (payload: P) => void): void => {
  const handler = useRef(onEvent)
  handler.current = onEvent
  useEffect(() => {
    if (!token) return
    const socket = connectSocket(token)
    const listener = (payload: P) => handler.current(payload)
    socket.on(event, listener)
    return () => {
      socket.off(event, listener)
      socket.disconnect()
    }
  }, [token, event])
}
