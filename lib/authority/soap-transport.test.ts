import https from "node:https";
import type { TLSSocket } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { SoapTaxAuthority } from "./soap-tax-authority";
import { closeServer, listenOnLoopback } from "./test-support/loopback-server";
import { selfSignedServerCertificate } from "./test-support/tls-server-certificate";
import type { AuthorityTarget } from "./types";

// Mutual TLS as SEFAZ requires it: the company's A1 is the client
// certificate, the server's chain must be trusted, keep-alive reuses the session.

const target: AuthorityTarget = { uf: "SP", environment: "HOMOLOGATION", model: 55 };
const a1 = testSigningCredentials("11222333000181");
const serverCertificate = selfSignedServerCertificate();
let server: https.Server;
let baseUrl: string;
const presented: string[] = [];

beforeAll(async () => {
  server = https.createServer({ ...serverCertificate, requestCert: true, rejectUnauthorized: false }, (request, response) => {
    presented.push(String((request.socket as TLSSocket).getPeerCertificate().subject?.CN));
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "Content-Type": "application/soap+xml; charset=utf-8" });
      response.end(
        `<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4">` +
          `<retConsStatServ xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>2</tpAmb><verAplic>TLS</verAplic><cStat>107</cStat><xMotivo>Serviço em Operação</xMotivo><cUF>35</cUF><dhRecbto>2026-01-05T10:00:00-03:00</dhRecbto></retConsStatServ>` +
          `</nfeResultMsg></soap:Body></soap:Envelope>`,
      );
    });
  });
  baseUrl = `https://127.0.0.1:${await listenOnLoopback(server)}`;
});
afterAll(() => closeServer(server));

describe("HTTPS transport", () => {
  it("presents the A1 as the TLS client certificate to a trusted server", async () => {
    const client = new SoapTaxAuthority({ timeoutMs: 5_000, baseUrl, trustedCaPem: serverCertificate.cert });
    expect(await client.status(target, a1)).toMatchObject({ kind: "authorized", cStat: "107" });
    expect(await client.status(target, a1)).toMatchObject({ kind: "authorized" });
    expect(presented.slice(-2)).toEqual(["EMPRESA TESTE LTDA:11222333000181", "EMPRESA TESTE LTDA:11222333000181"]);
  });

  it("an untrusted server certificate is a TLS failure (communication failure), nothing is read", async () => {
    const client = new SoapTaxAuthority({ timeoutMs: 5_000, baseUrl });
    const result = await client.status(target, a1);
    expect(result.kind).toBe("communication_failure");
    if (result.kind === "communication_failure") expect(result.reason).toMatch(/^TLS failure \((DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN)\)/);
  });
});
