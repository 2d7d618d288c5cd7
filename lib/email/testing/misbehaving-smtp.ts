import net from "node:net";

// Test-only SMTP servers on 127.0.0.1 that hold a client without ever breaking nodemailer's own
// timeouts (issue 49, finding 2): `trickle` greets, then answers EHLO one byte at a time, never
// ending the line; `flood` greets with a line that never ends. Both stop writing when closed.

export type MisbehavingSmtp = { port: number; connections: number; close(): Promise<void> };

export async function startMisbehavingSmtp(kind: "trickle" | "flood", port: number, everyMs = 200): Promise<MisbehavingSmtp> {
  const sockets = new Set<net.Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const state = { connections: 0 };
  const server = net.createServer((socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
    const drip = (text: () => string) => {
      const timer = setInterval(() => (socket.writable ? socket.write(text()) : clearInterval(timer)), everyMs);
      timers.add(timer);
      socket.on("close", () => clearInterval(timer));
    };
    if (kind === "flood") {
      socket.write("220-");
      drip(() => "x".repeat(16 * 1024));
      return;
    }
    socket.write("220 trickle.test ESMTP\r\n");
    socket.once("data", () => drip(() => "2"));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port,
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        timers.forEach(clearInterval);
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}
