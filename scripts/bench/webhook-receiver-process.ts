// A webhook receiver in its own process for bench:webhooks and bench:emit
// (BENCH_WEBHOOK_ENDPOINTS): answers 204 on 127.0.0.1 and remembers when each
// delivery (X-Webhook-Delivery) first arrived; GET /_receipts returns them.
import http from "node:http";
import type { AddressInfo } from "node:net";

// BENCH_RECEIVER_DELAY_MS: answer this long after the request, as a receiver across a network does.
const DELAY_MS = Number(process.env.BENCH_RECEIVER_DELAY_MS ?? 0);
const receipts = new Map<string, number>();
let requests = 0;
let connections = 0;
const server = http.createServer((request, response) => {
  if (request.method === "GET" && request.url === "/_receipts") {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ requests, connections, receipts: Object.fromEntries(receipts) }));
    return;
  }
  request.resume();
  request.on("end", () => {
    requests += 1;
    const id = request.headers["x-webhook-delivery"];
    if (typeof id === "string" && !receipts.has(id)) receipts.set(id, Date.now());
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
server.listen(0, "127.0.0.1", () => {
  console.log(`RECEIVER_URL=http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
