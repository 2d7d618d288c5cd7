import { mkdtempSync, writeFileSync } from "node:fs";
import https from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestCa, issueLoopbackServerCertificate } from "@/lib/certificates/test-support/test-ca";
import { resetEnvCache } from "@/lib/config/env";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { checkAuthorities, formatAuthorityCheck } from "./authority-check";
import { closeServer, listenOnLoopback } from "./test-support/loopback-server";
import { resetAuthorityTrustStore } from "./trust-store";

// `authority check` against a loopback HTTPS server standing in for every
// authority host (SOAP status 107, AN's WSDL, Sefin's HEAD /dps), whose chain
// ends at a test root: trusted only through AUTHORITY_EXTRA_CA_FILE.

const root = createTestCa("AC Raiz Check Teste");
const intermediate = createTestCa("AC Check SSL Teste", root);
const leaf = issueLoopbackServerCertificate(intermediate, "nfe.loopback.test");
const a1 = testSigningCredentials("11222333000181");
const seen: string[] = [];
let server: https.Server;
let origin: string;

const STATUS_ANSWER =
  `<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4">` +
  `<retConsStatServ xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>1</tpAmb><verAplic>LOOP</verAplic><cStat>107</cStat><xMotivo>Servico em Operacao</xMotivo><cUF>35</cUF><dhRecbto>2026-11-27T10:00:00-03:00</dhRecbto><tMed>2</tMed></retConsStatServ>` +
  `</nfeResultMsg></soap:Body></soap:Envelope>`;

beforeAll(async () => {
  server = https.createServer({ key: leaf.key, cert: `${leaf.cert}${intermediate.certificatePem}`, requestCert: true, rejectUnauthorized: false }, (request, response) => {
    seen.push(`${request.method} ${request.url}`);
    request.resume();
    request.on("end", () => {
      if (request.method === "POST") return response.writeHead(200, { "Content-Type": "application/soap+xml" }).end(STATUS_ANSWER);
      if (request.method === "HEAD") return response.writeHead(404).end();
      response.writeHead(200, { "Content-Type": "text/xml" }).end("<wsdl:definitions/>");
    });
  });
  origin = `https://127.0.0.1:${await listenOnLoopback(server)}`;
});
afterAll(() => closeServer(server));
afterEach(() => {
  delete process.env.AUTHORITY_EXTRA_CA_FILE;
  resetEnvCache();
  resetAuthorityTrustStore();
});

const query = { uf: "SP", environment: "PRODUCTION" as const, models: [55 as const], certificate: a1, cnpj: "11222333000181" };
const check = () => checkAuthorities(query, { timeoutMs: 20_000, soapBaseUrl: origin, sefinBaseUrl: `${origin}/SefinNacional` });

describe("authority check over TLS", () => {
  it("reports, for the authorizer, its SVC, AN and Sefin, the chain, its expiry, the protocol and the answer", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "check-ca-")), "root.pem");
    writeFileSync(file, root.certificatePem);
    process.env.AUTHORITY_EXTRA_CA_FILE = file;
    resetEnvCache();
    resetAuthorityTrustStore();

    const items = await check();
    expect(items.map((item) => [item.target, item.ok])).toEqual([
      ["Authorizer SP (NF-e of SP)", true],
      ["SVC-AN (contingency of SP, SVCAN)", true],
      ["Ambiente Nacional (events: delivery receipts)", true],
      ["Sefin Nacional (NFS-e)", true],
    ]);
    for (const item of items) {
      expect(item.tls).toMatchObject({ checked: true, trusted: true, protocol: expect.stringMatching(/^TLSv1\.[23]$/) });
      if (item.tls.checked) expect(item.tls.chain.map((c) => c.subject)).toEqual(["nfe.loopback.test", "AC Check SSL Teste", "AC Raiz Check Teste"]);
    }
    expect(items[0]!.answer).toBe('cStat 107 "Servico em Operacao": the service is running; average processing time 2 s');
    // The tables' paths on the test origin: SP's own status service, SVC-AN's, AN's WSDL, Sefin's HEAD.
    expect(seen).toEqual(expect.arrayContaining(["POST /ws/nfestatusservico4.asmx", "POST /NFeStatusServico4/NFeStatusServico4.asmx", "GET /NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx?wsdl"]));
    expect(seen.some((line) => /^HEAD \/SefinNacional\/dps\/DPS\d{42}$/.test(line))).toBe(true);

    const text = formatAuthorityCheck("SP, PRODUCTION", items, new Date());
    expect(text).toContain("OK   Authorizer SP (NF-e of SP) — " + origin + "/ws/nfestatusservico4.asmx");
    expect(text).toMatch(/TLS: trusted, TLSv1\.[23]\n {4}chain: nfe\.loopback\.test \(until \d{4}-\d{2}-\d{2}, EXPIRES SOON\) ← AC Check SSL Teste/);
    expect(text).toContain("All 4 checks passed.");
  });

  it("names the untrusted issuer when the chain does not reach the store, and fails every check", async () => {
    const items = await check();
    for (const item of items) {
      expect(item.ok).toBe(false);
      expect(item.tls).toMatchObject({ checked: true, trusted: false, problem: expect.stringContaining('emissor "AC Raiz Check Teste" não está na cadeia ICP-Brasil nem em AUTHORITY_EXTRA_CA_FILE') });
    }
    expect(items[0]!.answer).toContain("no usable answer: TLS failure (UNABLE_TO_GET_ISSUER_CERT_LOCALLY)");
    const text = formatAuthorityCheck("SP, PRODUCTION", items);
    expect(text).toContain("FAIL Authorizer SP (NF-e of SP)");
    expect(text).toContain("TLS: NOT TRUSTED");
    expect(text).toContain("4 of 4 checks failed.");
  });
});
