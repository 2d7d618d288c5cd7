import https from "node:https";
import type { TLSSocket } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestCertificateWithChain } from "@/lib/certificates/create-test-certificate";
import { parsePkcs12 } from "@/lib/certificates/parse-pkcs12";
import { SoapTaxAuthority } from "./soap-tax-authority";
import { closeServer, listenOnLoopback } from "./test-support/loopback-server";
import { selfSignedServerCertificate } from "./test-support/tls-server-certificate";
import type { AuthorityTarget, ClientCertificate } from "./types";

// The client certificate with its chain (issue 32, item 3): a server that
// trusts only the root (as SEFAZ hosts trust only the ICP-Brasil roots) can
// verify the A1 only if the client sends the intermediate the PFX carries.

const target: AuthorityTarget = { uf: "SP", environment: "HOMOLOGATION", model: 55 };
const issued = createTestCertificateWithChain({ cnpj: "11222333000181", legalName: "Empresa Cadeia Ltda" });
const parsed = parsePkcs12(issued.pfx, issued.password);
const serverCertificate = selfSignedServerCertificate();
let server: https.Server;
let baseUrl: string;
const received: { leaf: string; issuer: string; authorized: boolean }[] = [];

const STATUS_ANSWER =
  `<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4">` +
  `<retConsStatServ xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>2</tpAmb><verAplic>TLS</verAplic><cStat>107</cStat><xMotivo>Servico em Operacao</xMotivo><cUF>35</cUF><dhRecbto>2026-01-05T10:00:00-03:00</dhRecbto></retConsStatServ>` +
  `</nfeResultMsg></soap:Body></soap:Envelope>`;

beforeAll(async () => {
  // Verifies the client's chain against the test root only: without the intermediate it cannot.
  server = https.createServer({ ...serverCertificate, requestCert: true, rejectUnauthorized: true, ca: [issued.rootPem] }, (request, response) => {
    const socket = request.socket as TLSSocket;
    const peer = socket.getPeerCertificate(true);
    received.push({ leaf: String(peer.subject?.CN), issuer: String(peer.issuerCertificate?.subject?.CN), authorized: socket.authorized });
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "Content-Type": "application/soap+xml; charset=utf-8" });
      response.end(STATUS_ANSWER);
    });
  });
  baseUrl = `https://127.0.0.1:${await listenOnLoopback(server)}`;
});
afterAll(() => closeServer(server));

describe("client certificate chain", () => {
  it("reads the intermediate from the PFX (leaf's issuer first, the self-signed root left out)", () => {
    expect(parsed.chainPem.replace(/\r/g, "")).toBe(issued.intermediatePem.replace(/\r/g, ""));
    expect(parsed.issuer).toContain("AC INTERMEDIARIA TESTE");
  });

  it("presents leaf and intermediate in mutual TLS, so a server trusting only the root accepts the A1", async () => {
    const certificate: ClientCertificate = { privateKeyPem: parsed.privateKeyPem, certificatePem: parsed.certificatePem, chainPem: parsed.chainPem };
    const client = new SoapTaxAuthority({ timeoutMs: 5_000, baseUrl, trustedCaPem: serverCertificate.cert });
    expect(await client.status(target, certificate)).toMatchObject({ kind: "authorized", cStat: "107" });
    expect(received.at(-1)).toEqual({ leaf: "EMPRESA CADEIA LTDA:11222333000181", issuer: "AC INTERMEDIARIA TESTE", authorized: true });
  });

  it("the leaf alone is refused by that server (what happened before the chain was sent)", async () => {
    const leafOnly: ClientCertificate = { privateKeyPem: parsed.privateKeyPem, certificatePem: parsed.certificatePem };
    const client = new SoapTaxAuthority({ timeoutMs: 5_000, baseUrl, trustedCaPem: serverCertificate.cert });
    const before = received.length;
    expect(await client.status(target, leafOnly)).toMatchObject({ kind: "communication_failure" });
    expect(received.length).toBe(before);
  });
});
