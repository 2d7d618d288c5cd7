import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomCnpj } from "@/lib/br";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { SoapTaxAuthority } from "../soap-tax-authority";
import { credentialsFor, signedInutilization, signedNfe } from "../test-support/fiscal-fixtures";
import type { AuthorityTarget } from "../types";
import { startSimulatorServer, type SimulatorServer } from "./server";

let simulator: SimulatorServer;
let client: SoapTaxAuthority;
const target: AuthorityTarget = { uf: "SP", environment: "HOMOLOGATION", model: 55 };

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
  client = new SoapTaxAuthority({ timeoutMs: 15_000, baseUrl: simulator.url });
});
afterAll(async () => {
  await simulator.close();
});

describe("inutilization (NFeInutilizacao4)", () => {
  it("voids an unused range once, refuses the same (563) or an overlapping range (256) and a range with an authorized number (241)", async () => {
    const cnpj = randomCnpj();
    const voided = await client.inutilize(target, signedInutilization({ cnpj, series: 4, start: 10, end: 20 }), credentialsFor(cnpj));
    expect(voided).toMatchObject({ kind: "authorized", cStat: "102" });
    if (voided.kind === "authorized") {
      expect(voided.protocol).toMatch(/^\d{15}$/);
      expect(voided.retInutNFeXml).toMatch(/^<retInutNFe xmlns="http:\/\/www.portalfiscal.inf.br\/nfe" versao="4.00"><infInut Id="ID\d{15}">/);
      expect(checkXmlSchema(voided.retInutNFeXml, "nfe/retInutNFe_v4.00.xsd")).toEqual({ valid: true });
    }
    expect(await client.inutilize(target, signedInutilization({ cnpj, series: 4, start: 10, end: 20 }), credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "563" });
    expect(await client.inutilize(target, signedInutilization({ cnpj, series: 4, start: 15, end: 30 }), credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "256" });

    const nfe = signedNfe({ cnpj, series: 4, number: 40 });
    expect((await client.authorize(target, nfe.xml, credentialsFor(cnpj))).kind).toBe("authorized");
    expect(await client.inutilize(target, signedInutilization({ cnpj, series: 4, start: 35, end: 45 }), credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "241" });
    // Another series is independent.
    expect((await client.inutilize(target, signedInutilization({ cnpj, series: 5, start: 10, end: 20 }), credentialsFor(cnpj))).kind).toBe("authorized");
  });

  it("refuses to authorize a voided number (206)", async () => {
    const cnpj = randomCnpj();
    await client.inutilize(target, signedInutilization({ cnpj, series: 1, start: 5, end: 5 }), credentialsFor(cnpj));
    const nfe = signedNfe({ cnpj, series: 1, number: 5 });
    expect(await client.authorize(target, nfe.xml, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "206" });
  });

  it("refuses a voiding request signed by another company's certificate (213)", async () => {
    const cnpj = randomCnpj();
    const resigned = signedInutilization({ cnpj, series: 1, start: 1, end: 2, signWith: credentialsFor(randomCnpj()) });
    expect(await client.inutilize(target, resigned, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "213" });
  });
});
