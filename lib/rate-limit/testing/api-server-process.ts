// A separate server process answering GET /v1/clients (the real route, API key
// and rate limit included) over node:http, for the cross-process rate-limit
// test. Prints {"port":…} once listening; SIGTERM flushes and stops it.
import { createServer } from "node:http";
import { GET } from "@/app/v1/clients/route";
import { flushBatchedRateLimits } from "@/lib/rate-limit/batched";

const server = createServer((req, res) => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  void GET(new Request(`http://127.0.0.1${req.url}`, { headers }), { params: Promise.resolve({}) }).then(async (response) => {
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === "object" && address ? address.port : 0 }));
});
process.on("SIGTERM", () => {
  void flushBatchedRateLimits().finally(() => process.exit(0));
});
