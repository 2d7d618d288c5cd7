import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// Test-only: a real HTTP receiver on 127.0.0.1 that records every request
// (headers and raw body) and answers as the test tells it to.

export type ReceivedRequest = { headers: http.IncomingHttpHeaders; body: string; receivedAt: number };
export type Reply = { status?: number; delayMs?: number; body?: string; headers?: Record<string, string>; destroy?: boolean };

export type Receiver = {
  url: string;
  port: number;
  received: ReceivedRequest[];
  /** Answer for the next requests: a fixed reply or a function of the request count (1-based). */
  reply: (next: Reply | ((count: number) => Reply)) => void;
  close: () => Promise<void>;
};

export async function startReceiver(path = "/hooks"): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  let replyFor: (count: number) => Reply = () => ({ status: 200, body: "ok" });
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), receivedAt: Date.now() });
      const reply = replyFor(received.length);
      const answer = () => {
        if (reply.destroy) return request.socket.destroy();
        response.writeHead(reply.status ?? 200, { "content-type": "text/plain", ...reply.headers });
        response.end(reply.body ?? "ok");
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs).unref();
      else answer();
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    received,
    reply: (next) => {
      replyFor = typeof next === "function" ? next : () => next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The receiver's side of api.md, Events → Signature, written independently of lib/webhooks/signature.ts. */
export function verifySignature(secret: string, header: string | undefined, rawBody: string): { valid: boolean; t: number } {
  const parts = Object.fromEntries((header ?? "").split(",").map((kv) => kv.split("=", 2) as [string, string]));
  const t = Number(parts.t);
  const expected = createHmac("sha256", secret).update(`${parts.t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return { valid: given.length === expected.length && timingSafeEqual(given, expected), t };
}
