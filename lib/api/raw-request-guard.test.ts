import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEER_ADDRESS_HEADER } from "./client-address";
import { guardRawRequest } from "./raw-request-guard";

// The raw request guard on a real loopback server: the stamped peer address and
// the refusal of two Authorization headers (Node would keep only the first).
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (!guardRawRequest(req, res)) return;
    res.end(JSON.stringify({ peer: req.headers[PEER_ADDRESS_HEADER], authorization: req.headers.authorization ?? null }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends raw request bytes (headers exactly as written) and returns the status and body. */
function rawRequest(headerLines: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(["GET /x HTTP/1.1", "Host: 127.0.0.1", "Connection: close", ...headerLines, "", ""].join("\r\n")));
    let data = "";
    socket.on("data", (chunk) => (data += chunk.toString()));
    socket.on("error", reject);
    socket.on("end", () => resolve({ status: Number(data.split(" ")[1]), body: data.slice(data.indexOf("\r\n\r\n") + 4) }));
  });
}

describe("raw request guard", () => {
  it("stamps the socket's peer address over any copy the client sent", async () => {
    const answer = await rawRequest([`${PEER_ADDRESS_HEADER}: 1.2.3.4`, "X-Forwarded-For: 1.2.3.4"]);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).peer).toBe("127.0.0.1");
  });

  it("refuses two Authorization headers with 400 validation_error", async () => {
    const answer = await rawRequest(["Authorization: Bearer fsk_first", "authorization: Bearer fsk_second"]);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 400, code: "validation_error", message: expect.stringMatching(/^Authorization: /) });
  });

  it("lets one Authorization header through", async () => {
    const answer = await rawRequest(["Authorization: Bearer fsk_only"]);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).authorization).toBe("Bearer fsk_only");
  });
});
