// A webhook receiver in its own process for bench:webhooks and bench:emit
// (BENCH_WEBHOOK_ENDPOINTS): answers 204 on 127.0.0.1 and remembers when each
// delivery (X-Webhook-Delivery) first arrived; GET /_receipts returns them.
//
// The receiver stands for the integrator's server, which in production runs on another machine:
// here it shares the two cores with emission, so every bit of CPU it spends is counted against
// the product. It therefore answers from the socket with the least work HTTP/1.1 allows (head up
// to the blank line, body skipped by Content-Length, keep-alive) instead of node:http's parser,
// request and response objects: about a third of node:http's CPU per request
// (docs/benchmarks.md). BENCH_RECEIVER=node keeps the node:http receiver, to compare.
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";

// BENCH_RECEIVER_DELAY_MS: answer this long after the request, as a receiver across a network does.
const DELAY_MS = Number(process.env.BENCH_RECEIVER_DELAY_MS ?? 0);
const receipts = new Map<string, number>();
let requests = 0;
let connections = 0;

const receiptsJson = () => JSON.stringify({ requests, connections, receipts: Object.fromEntries(receipts) });

function noteDelivery(id: string | undefined): void {
  requests += 1;
  if (id !== undefined && !receipts.has(id)) receipts.set(id, Date.now());
}

const NO_CONTENT = "HTTP/1.1 204 No Content\r\nKeep-Alive: timeout=10\r\n\r\n";
const HEAD_END = Buffer.from("\r\n\r\n");

/** Answers every complete request in `pending`; returns what is left of an incomplete one. */
function answerComplete(socket: net.Socket, pending: Buffer): Buffer {
  let answers = "";
  for (;;) {
    const headEnd = pending.indexOf(HEAD_END);
    if (headEnd < 0) break;
    const head = pending.toString("latin1", 0, headEnd);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (pending.length < headEnd + 4 + length) break;
    pending = pending.subarray(headEnd + 4 + length);
    if (head.startsWith("GET /_receipts ")) {
      const body = receiptsJson();
      answers += `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
      continue;
    }
    noteDelivery(/\r\nx-webhook-delivery: *([^\r]*)/i.exec(head)?.[1]);
    answers += NO_CONTENT;
  }
  if (answers) {
    if (DELAY_MS > 0) setTimeout(() => socket.write(answers), DELAY_MS);
    else socket.write(answers);
  }
  return pending;
}

function socketReceiver(): net.Server {
  return net.createServer((socket) => {
    connections += 1;
    socket.setNoDelay(true);
    let pending: Buffer = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      pending = answerComplete(socket, pending.length === 0 ? chunk : Buffer.concat([pending, chunk]));
    });
    socket.on("error", () => socket.destroy());
  });
}

function nodeHttpReceiver(): http.Server {
  const server = http.createServer((request, response) => {
    if (request.method === "GET" && request.url === "/_receipts") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(receiptsJson());
      return;
    }
    request.resume();
    request.on("end", () => {
      const id = request.headers["x-webhook-delivery"];
      noteDelivery(typeof id === "string" ? id : undefined);
      const answer = () => {
        response.writeHead(204);
        response.end();
      };
      if (DELAY_MS > 0) setTimeout(answer, DELAY_MS);
      else answer();
    });
  });
  server.on("connection", () => (connections += 1));
  server.keepAliveTimeout = 10_000;
  return server;
}

const server = process.env.BENCH_RECEIVER === "node" ? nodeHttpReceiver() : socketReceiver();
server.listen(0, "127.0.0.1", () => {
  console.log(`RECEIVER_URL=http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  // Kept-alive sockets would hold close() open.
  setTimeout(() => process.exit(0), 200).unref();
});
