import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

// Canned authority servers for the transport tests: on an ephemeral loopback
// port (tests only talk to loopback), closed with their keep-alive sockets so
// the authority agents' pooled connections do not hold the run open.

/** Starts listening on 127.0.0.1 and gives the port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

export function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}
