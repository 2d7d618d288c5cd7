import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomCnpj } from "@/lib/br";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { SoapTaxAuthority } from "../soap-tax-authority";
import { credentialsFor, signedEvent, signedInutilization, signedNfe } from "../test-support/fiscal-fixtures";
import type { AuthorityTarget } from "../types";
import { startSimulatorServer, type SimulatorServer } from "./server";

// The simulator's uso denegado as SEFAZ answers it: protNFe with the cStat and
// a protocol; the key is then known as denied (consultation answers the denial,
// a re-send 205, an event 205), and the number cannot be authorized again.

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

describe("simulator denials (fault rule deny)", () => {
  it("answers protNFe 302 with a protocol; the consultation answers the denial, a re-send 205", async () => {
    const cnpj = randomCnpj();
    simulator.faults.add({ service: "NFeAutorizacao4", cnpj, action: { kind: "deny", cStat: "302" }, times: 1 });
    const nfe = signedNfe({ cnpj, series: 1, number: 1 });
    const denied = await client.authorize(target, nfe.xml, credentialsFor(cnpj));
    expect(denied).toMatchObject({ kind: "denied", cStat: "302", reason: "Uso Denegado: Irregularidade fiscal do destinatário", protocol: expect.stringMatching(/^\d{15}$/) });
    if (denied.kind !== "denied") throw new Error("not denied");
    expect(checkXmlSchema(denied.responseXml, "nfe/retEnviNFe_v4.00.xsd")).toEqual({ valid: true });

    const consulted = await client.consult(target, nfe.accessKey, credentialsFor(cnpj));
    expect(consulted).toMatchObject({ kind: "denied", cStat: "302", protocol: denied.protocol, protNFeXml: denied.protNFeXml });
    if (consulted.kind !== "denied") throw new Error("not denied");
    expect(checkXmlSchema(consulted.responseXml, "nfe/retConsSitNFe_v4.00.xsd")).toEqual({ valid: true });

    // No rule left: the same key is refused 205, never authorized.
    expect(await client.authorize(target, nfe.xml, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "205" });
    // Another key with the same number: 539, the number is taken.
    const other = signedNfe({ cnpj, series: 1, number: 1 });
    expect(await client.authorize(target, other.xml, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "539" });
  });

  it("refuses events on a denied key with 205, and keeps its number out of inutilization", async () => {
    const cnpj = randomCnpj();
    simulator.faults.add({ service: "NFeAutorizacao4", cnpj, action: { kind: "deny", cStat: "110" }, times: 1 });
    const nfe = signedNfe({ cnpj, series: 2, number: 5 });
    const denied = await client.authorize(target, nfe.xml, credentialsFor(cnpj));
    if (denied.kind !== "denied") throw new Error(`not denied: ${JSON.stringify(denied)}`);
    const cancel = signedEvent({ cnpj, accessKey: nfe.accessKey, sequence: 1, event: { tpEvento: "110111", protocol: denied.protocol!, justification: "Cancelamento de nota denegada no teste" } });
    expect(await client.sendEvent(target, cancel, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "205" });
    const correction = signedEvent({ cnpj, accessKey: nfe.accessKey, sequence: 1, event: { tpEvento: "110110", correction: "Correcao do endereco do destinatario no teste" } });
    expect(await client.sendEvent(target, correction, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "205" });
    const inutilization = signedInutilization({ cnpj, series: 2, start: 5, end: 5 });
    expect(await client.inutilize(target, inutilization, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "241" });
  });

  it("accepts deny rules over HTTP for 110, 301, 302 and 303 only", async () => {
    const post = (body: unknown) => fetch(`${simulator.url}/_simulator/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    for (const cStat of ["110", "301", "302", "303"]) expect((await post({ service: "NFeAutorizacao4", action: { kind: "deny", cStat } })).status).toBe(201);
    expect((await post({ action: { kind: "deny", cStat: "999" } })).status).toBe(400);
    expect((await post({ action: { kind: "deny" } })).status).toBe(400);
    simulator.faults.clear();
  });
});
