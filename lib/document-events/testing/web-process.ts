// Test-only: a separate web process serving POST /v1/fiscal-documents/{id}/cancel (and …/events)
// through the real route handler on 127.0.0.1, so a test can kill it with
// SIGKILL while the authority holds the answer. It runs no background worker.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { POST as cancelRoute } from "@/app/v1/fiscal-documents/[id]/cancel/route";
import { POST as reformEventRoute } from "@/app/v1/fiscal-documents/[id]/events/route";

// …/cancel and …/events (the issuer's IBS/CBS events).
const CANCEL_PATH = /^\/v1\/fiscal-documents\/([^/]+)\/(cancel|events)$/;

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const match = CANCEL_PATH.exec(request.url ?? "");
    if (request.method !== "POST" || !match) {
      response.writeHead(404).end();
      return;
    }
    const headers = Object.fromEntries(Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    const forwarded = new Request(`http://localhost${request.url}`, { method: "POST", headers, body: Buffer.concat(chunks) });
    const route = match[2] === "events" ? reformEventRoute : cancelRoute;
    void route(forwarded, { params: Promise.resolve({ id: match[1]! }) }).then(async (answer) => {
      response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
      response.end(await answer.text());
    });
  });
});
server.listen(0, "127.0.0.1", () => console.log(`listening ${(server.address() as AddressInfo).port}`));
