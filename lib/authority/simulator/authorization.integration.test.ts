import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomCnpj } from "@/lib/br";
import { db } from "@/lib/db/client";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { SoapTaxAuthority } from "../soap-tax-authority";
import { credentialsFor, signedNfe } from "../test-support/fiscal-fixtures";
import type { AuthorityTarget } from "../types";
import { startSimulatorServer, type SimulatorServer } from "./server";

// The real SOAP client against the real simulator over HTTP, with real
// signatures, schema validation and PostgreSQL state.

let simulator: SimulatorServer;
let client: SoapTaxAuthority;
const target: AuthorityTarget = { uf: "SP", environment: "HOMOLOGATION", model: 55 };

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
  client = new SoapTaxAuthority({ timeoutMs: 3_000, baseUrl: simulator.url, receiptPollIntervalMs: 10 });
});
afterAll(async () => {
  await simulator.close();
});

function protNFeIsSefazShaped(protNFeXml: string) {
  // The fragment assembled into nfeProc must validate, as SEFAZ's does.
  return checkXmlSchema(`<retConsSitNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>2</tpAmb><verAplic>X</verAplic><cStat>100</cStat><xMotivo>ok</xMotivo><cUF>43</cUF><dhRecbto>2026-01-01T10:00:00-03:00</dhRecbto><chNFe>${/<chNFe>(\d{44})/.exec(protNFeXml)?.[1]}</chNFe>${protNFeXml}</retConsSitNFe>`, "nfe/retConsSitNFe_v4.00.xsd");
}

describe("authorization round trip", () => {
  it("authorizes a signed NF-e with a SEFAZ-shaped protocol and answers consultations", async () => {
    const cnpj = randomCnpj();
    const nfe = signedNfe({ cnpj, series: 1, number: 10 });
    const result = await client.authorize(target, nfe.xml, credentialsFor(cnpj));
    expect(result.kind).toBe("authorized");
    if (result.kind !== "authorized") return;
    expect(result.cStat).toBe("100");
    expect(result.protocol).toMatch(/^\d{15}$/);
    expect(result.authorizedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-03:00$/);
    expect(result.protNFeXml).toMatch(/^<protNFe versao="4.00"><infProt Id="ID\d{15}">/);
    expect(result.protNFeXml).toContain(`<chNFe>${nfe.accessKey}</chNFe>`);
    expect(result.protNFeXml).toContain(`<digVal>${/<DigestValue>([^<]+)</.exec(nfe.xml)?.[1]}</digVal>`);
    expect(protNFeIsSefazShaped(result.protNFeXml)).toEqual({ valid: true });
    expect(checkXmlSchema(result.responseXml, "nfe/retEnviNFe_v4.00.xsd")).toEqual({ valid: true });

    const consulted = await client.consult(target, nfe.accessKey, credentialsFor(cnpj));
    expect(consulted).toMatchObject({ kind: "authorized", cStat: "100", protocol: result.protocol, authorizedAt: result.authorizedAt });
    if (consulted.kind === "authorized") {
      expect(consulted.protNFeXml).toBe(result.protNFeXml);
      expect(checkXmlSchema(consulted.responseXml, "nfe/retConsSitNFe_v4.00.xsd")).toEqual({ valid: true });
    }
  });

  it("answers 217 (not_found) for a key it never authorized", async () => {
    const cnpj = randomCnpj();
    const nfe = signedNfe({ cnpj, series: 1, number: 11 });
    expect(await client.consult(target, nfe.accessKey, credentialsFor(cnpj))).toMatchObject({ kind: "not_found", cStat: "217" });
  });

  it("reports the service status (107) with a schema-valid answer", async () => {
    const status = await client.status(target, credentialsFor(randomCnpj()));
    expect(status).toMatchObject({ kind: "authorized", cStat: "107", averageSeconds: 1 });
  });

  it("persists what it authorized in PostgreSQL", async () => {
    const cnpj = randomCnpj();
    const nfe = signedNfe({ cnpj, series: 2, number: 1 });
    await client.authorize(target, nfe.xml, credentialsFor(cnpj));
    const stored = await db.simulatorDocument.findUniqueOrThrow({ where: { environment_accessKey: { environment: 2, accessKey: nfe.accessKey } } });
    expect(stored).toMatchObject({ cnpj, series: 2, number: 1, status: "AUTHORIZED", model: 55 });
  });
});
