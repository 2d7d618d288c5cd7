import http from "node:http";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { SoapTaxAuthority } from "./soap-tax-authority";
import { closeServer, listenOnLoopback } from "./test-support/loopback-server";
import type { AuthorityTarget, ClientCertificate } from "./types";

// Keep-alive and time limits as real clients use them (issue 32, item 9):
// idle sockets closed by us before the server drops them, a reset on a reused
// socket reported as possibly received (never re-sent blindly), and failures
// before the connection reported as "nothing was sent".

const target: AuthorityTarget = { uf: "SP", environment: "HOMOLOGATION", model: 55 };
const noCertificate: ClientCertificate = { privateKeyPem: "", certificatePem: "" };
const RUNNING =
  `<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4">` +
  `<retConsStatServ xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>2</tpAmb><verAplic>KA</verAplic><cStat>107</cStat><xMotivo>Servico em Operacao</xMotivo><cUF>35</cUF><dhRecbto>2026-01-05T10:00:00-03:00</dhRecbto></retConsStatServ>` +
  `</nfeResultMsg></soap:Body></soap:Envelope>`;

type Connection = { id: number; requests: number; closed: boolean };
let server: http.Server;
let baseUrl: string;
let connections: Connection[] = [];
/** When set, the n-th request on one connection is answered by resetting the connection (what a server that dropped an idle socket does). */
let resetOnRequest: number | undefined;
/** Milliseconds the server waits before answering. */
let answerDelayMs = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const connection = (request.socket as net.Socket & { connection?: Connection }).connection!;
    connection.requests += 1;
    request.resume();
    request.on("end", async () => {
      await sleep(answerDelayMs);
      if (resetOnRequest === connection.requests) {
        request.socket.resetAndDestroy();
        return;
      }
      response.writeHead(200, { "Content-Type": "application/soap+xml; charset=utf-8" });
      response.end(RUNNING);
    });
  });
  // The server would keep idle connections for 10 s (IIS: 120 s): whoever closes sooner is the client.
  server.keepAliveTimeout = 10_000;
  server.on("connection", (socket: net.Socket & { connection?: Connection }) => {
    const connection = { id: connections.length + 1, requests: 0, closed: false };
    socket.connection = connection;
    connections.push(connection);
    socket.on("close", () => (connection.closed = true));
  });
  baseUrl = `http://127.0.0.1:${await listenOnLoopback(server)}`;
});
afterAll(() => closeServer(server));

describe("idle keep-alive sockets", () => {
  it("reuses the connection while it is fresh, and closes it itself once idle longer than idleSocketMs", async () => {
    connections = [];
    resetOnRequest = undefined;
    const client = new SoapTaxAuthority({ timeoutMs: 2_000, baseUrl, idleSocketMs: 300 });
    expect(await client.status(target, noCertificate)).toMatchObject({ kind: "authorized" });
    expect(await client.status(target, noCertificate)).toMatchObject({ kind: "authorized" });
    expect(connections).toEqual([{ id: 1, requests: 2, closed: false }]);

    await sleep(700);
    // Closed by the client: the server would have kept it another ~9 s.
    expect(connections[0]!.closed).toBe(true);
    expect(await client.status(target, noCertificate)).toMatchObject({ kind: "authorized" });
    expect(connections.map((c) => c.requests)).toEqual([2, 1]);
  });

  it("the idle limit never cuts a call in progress: an answer slower than idleSocketMs is read", async () => {
    connections = [];
    resetOnRequest = undefined;
    answerDelayMs = 600;
    const client = new SoapTaxAuthority({ timeoutMs: 3_000, baseUrl, idleSocketMs: 200 });
    try {
      expect(await client.status(target, noCertificate)).toMatchObject({ kind: "authorized", cStat: "107" });
    } finally {
      answerDelayMs = 0;
    }
  });
});

describe("failures and what they say about the request", () => {
  it("a reset on a reused connection before any answer is a communication failure saying the request may have arrived, and is not re-sent", async () => {
    connections = [];
    resetOnRequest = 2;
    const client = new SoapTaxAuthority({ timeoutMs: 2_000, baseUrl, idleSocketMs: 5_000 });
    expect(await client.status(target, noCertificate)).toMatchObject({ kind: "authorized" });
    const result = await client.authorize(target, `<NFe xmlns="http://www.portalfiscal.inf.br/nfe"/>`, noCertificate);
    expect(result).toEqual({
      kind: "communication_failure",
      reason: "Network error (ECONNRESET): the authority closed a reused keep-alive connection before answering; the request may have reached it",
    });
    // The request did reach the server, and the client did not send it again on its own:
    // the emission pipeline consults the access key before any new send.
    expect(connections.map((c) => c.requests)).toEqual([2]);
  });

  it("a refused connection: nothing was sent", async () => {
    const closed = http.createServer();
    const port = await listenOnLoopback(closed);
    await closeServer(closed);
    const client = new SoapTaxAuthority({ timeoutMs: 2_000, baseUrl: `http://127.0.0.1:${port}` });
    const result = await client.status(target, noCertificate);
    expect(result.kind === "communication_failure" && result.reason).toMatch(/^Network error \(ECONNREFUSED\): .*\(nothing was sent\)$/);
  });

  it("a TLS handshake that never completes ends at the connect timeout, well before the total one: nothing was sent", async () => {
    // Reads the ClientHello and never answers it.
    const silent = net.createServer((socket) => socket.resume());
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const a1 = testSigningCredentials("11222333000181");
    // A total timeout far from the connect one, so a loaded machine's slow start cannot blur which one ended the call.
    const client = new SoapTaxAuthority({ timeoutMs: 20_000, connectTimeoutMs: 200, baseUrl: `https://127.0.0.1:${port}` });
    const started = Date.now();
    expect(await client.status(target, a1)).toEqual({ kind: "communication_failure", reason: "No connection within 200 ms (nothing was sent)" });
    expect(Date.now() - started).toBeLessThan(5_000);
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
});
