import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sefinRequest } from "./sefin-transport";
import { closeServer, listenOnLoopback } from "./test-support/loopback-server";
import type { ClientCertificate } from "./types";

// The Sefin transport over the shared authority exchange, against a loopback
// server: JSON in and out, a non-JSON body kept as text, and the network's
// conditions (no answer in time, nobody listening) as `ok: false`.

const certificate: ClientCertificate = { privateKeyPem: "", certificatePem: "" };
let server: http.Server;
let origin: string;
let received: { method: string; contentType?: string; body: string } | undefined;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received = { method: request.method ?? "", contentType: request.headers["content-type"], body: Buffer.concat(chunks).toString("utf8") };
      if (request.url === "/silent") return; // never answers: the deadline must end the exchange
      if (request.url === "/html") {
        response.writeHead(502, { "Content-Type": "text/html" });
        return response.end("<html>Bad gateway</html>");
      }
      response.writeHead(request.method === "HEAD" ? 404 : 201, { "Content-Type": "application/json" });
      response.end(request.method === "HEAD" ? undefined : JSON.stringify({ chaveAcesso: "K1", echo: received.body }));
    });
  });
  origin = `http://127.0.0.1:${await listenOnLoopback(server)}`;
});
afterAll(() => closeServer(server));

describe("sefinRequest", () => {
  it("posts JSON and parses the JSON answer with its status", async () => {
    const response = await sefinRequest({ url: `${origin}/nfse`, method: "POST", body: { dpsXmlGZipB64: "H4s" }, certificate, timeoutMs: 2_000 });
    expect(received).toMatchObject({ method: "POST", contentType: "application/json", body: `{"dpsXmlGZipB64":"H4s"}` });
    expect(response).toEqual({ ok: true, status: 201, body: { chaveAcesso: "K1", echo: `{"dpsXmlGZipB64":"H4s"}` } });
  });

  it("an empty answer is null; a non-JSON one stays text", async () => {
    expect(await sefinRequest({ url: `${origin}/dps/X`, method: "HEAD", certificate, timeoutMs: 2_000 })).toEqual({ ok: true, status: 404, body: null });
    expect(await sefinRequest({ url: `${origin}/html`, method: "GET", certificate, timeoutMs: 2_000 })).toEqual({ ok: true, status: 502, body: "<html>Bad gateway</html>" });
  });

  it("no answer within the deadline and a closed port are network failures", async () => {
    expect(await sefinRequest({ url: `${origin}/silent`, method: "GET", certificate, timeoutMs: 200 })).toEqual({ ok: false, reason: "No answer within 200 ms" });
    const closed = http.createServer();
    const port = await listenOnLoopback(closed);
    await closeServer(closed);
    expect(await sefinRequest({ url: `http://127.0.0.1:${port}/nfse`, method: "GET", certificate, timeoutMs: 2_000 })).toMatchObject({ ok: false, reason: expect.stringMatching(/^Network error \(ECONNREFUSED\)/) });
  });

  it("refuses plain HTTP outside loopback without sending", async () => {
    expect(await sefinRequest({ url: "http://sefin.example.com/SefinNacional/nfse", method: "GET", certificate, timeoutMs: 1_000 })).toEqual({ ok: false, reason: "Refusing a non-TLS authority URL outside loopback: http://sefin.example.com" });
  });
});
