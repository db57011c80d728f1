/** A provider's stand-in on a random loopback port: its address, and a close that also ends the answers it holds back (a timeout's). */
import type { Server, ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

export const listenStandIn = async (server: Server, hanging: Set<ServerResponse>) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      server.close(() => resolve())
    })
  }
}
