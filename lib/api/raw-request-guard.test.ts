import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEER_ADDRESS_HEADER } from "./client-address";
import { guardRawRequest, installRawRequestGuard } from "./raw-request-guard";

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
function rawRequest(headerLines: string[], hostLines = ["Host: 127.0.0.1"]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(["GET /x HTTP/1.1", ...hostLines, "Connection: close", ...headerLines, "", ""].join("\r\n")));
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

  it("refuses a Host header that is not host[:port], or two, with 400 (issue 49: `Host: a b` was a 500)", async () => {
    for (const hosts of [["Host: a b"], ["Host: x#y"], ["Host: x/y"], ["Host: x?y"], ["Host: "], ["Host: a", "Host: b"]]) {
      const answer = await rawRequest([], hosts);
      expect(answer.status, hosts.join("|")).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ code: "validation_error", message: expect.stringMatching(/^Host: /) });
    }
    for (const hosts of [["Host: api.example.com.br:443"], ["Host: [::1]:3000"], ["Host: 127.0.0.1"]]) {
      expect((await rawRequest([], hosts)).status, hosts[0]).toBe(200);
    }
  });

  it("lets one Authorization header through", async () => {
    const answer = await rawRequest(["Authorization: Bearer fsk_only"]);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).authorization).toBe("Bearer fsk_only");
  });
});

describe("installRawRequestGuard", () => {
  it("guards every HTTP server of the process before its own listeners, as Next's server is", async () => {
    installRawRequestGuard();
    installRawRequestGuard(); // idempotent
    let reached = 0;
    const plain = createServer((req, res) => {
      reached++;
      res.end(String(req.headers[PEER_ADDRESS_HEADER]));
    });
    await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(plain.address() as { port: number }).port}`;
      expect(await (await fetch(base, { headers: { [PEER_ADDRESS_HEADER]: "6.6.6.6" } })).text()).toBe("127.0.0.1");
      expect(reached).toBe(1);
      const savedPort = port;
      port = (plain.address() as { port: number }).port;
      const refused = await rawRequest(["Authorization: Bearer a", "Authorization: Bearer b"]).finally(() => (port = savedPort));
      expect(refused.status).toBe(400);
      expect(reached).toBe(1);
    } finally {
      await new Promise<void>((resolve) => plain.close(() => resolve()));
    }
  });
});
