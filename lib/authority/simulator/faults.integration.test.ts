import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { randomCnpj } from "@/lib/br";
import { db } from "@/lib/db/client";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { SoapTaxAuthority } from "../soap-tax-authority";
import { credentialsFor, signedNfe } from "../test-support/fiscal-fixtures";
import type { AuthorityTarget } from "../types";
import { startSimulatorServer, type SimulatorServer } from "./server";

// Calls that must time out use a short timeout; the others a generous one, as
// the first validation in a process compiles the schemas.
const TIMEOUT_MS = 1_000;
let simulator: SimulatorServer;
let client: SoapTaxAuthority;
let impatient: SoapTaxAuthority;
const target: AuthorityTarget = { uf: "SP", environment: "HOMOLOGATION", model: 55 };

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
  client = new SoapTaxAuthority({ timeoutMs: 15_000, baseUrl: simulator.url, receiptPollIntervalMs: 10 });
  impatient = new SoapTaxAuthority({ timeoutMs: TIMEOUT_MS, baseUrl: simulator.url });
  // Warm up (schema compilation) so timings below measure the injected delays.
  const cnpj = randomCnpj();
  await client.authorize(target, signedNfe({ cnpj, series: 9, number: 1 }).xml, credentialsFor(cnpj));
});

async function consultUntilAuthorized(accessKey: string, cnpj: string) {
  // The pipeline consults again later; the delayed request may still be finishing its work.
  for (let attempt = 0; ; attempt++) {
    const result = await client.consult(target, accessKey, credentialsFor(cnpj));
    if (result.kind === "authorized" || attempt >= 20) return result;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
afterEach(() => simulator.faults.clear());
afterAll(async () => {
  await simulator.close();
});

describe("fault injection and classification", () => {
  it("an injected rejection cStat comes back as refused with that cStat and reason", async () => {
    const cnpj = randomCnpj();
    simulator.faults.add({ service: "NFeAutorizacao4", cnpj, action: { kind: "reject", cStat: "778", reason: "Rejeição: Informado NCM inexistente" } });
    const nfe = signedNfe({ cnpj, series: 1, number: 1 });
    expect(await client.authorize(target, nfe.xml, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "778", reason: "Rejeição: Informado NCM inexistente" });
  });

  it("108 (service paralysed) is a communication failure carrying the cStat", async () => {
    const cnpj = randomCnpj();
    simulator.faults.add({ cnpj, action: { kind: "unavailable" }, times: 1 });
    const nfe = signedNfe({ cnpj, series: 1, number: 2 });
    const result = await client.authorize(target, nfe.xml, credentialsFor(cnpj));
    expect(result).toMatchObject({ kind: "communication_failure", cStat: "108" });
    // The rule was used up: the retry is authorized.
    expect((await client.authorize(target, nfe.xml, credentialsFor(cnpj))).kind).toBe("authorized");
  });

  it("HTTP 500 is a communication failure", async () => {
    const cnpj = randomCnpj();
    simulator.faults.add({ service: "NFeAutorizacao4", cnpj, action: { kind: "http_500" } });
    const nfe = signedNfe({ cnpj, series: 1, number: 3 });
    const result = await client.authorize(target, nfe.xml, credentialsFor(cnpj));
    expect(result.kind).toBe("communication_failure");
    // The fault's own text is kept, not only the status.
    if (result.kind === "communication_failure") expect(result.reason).toBe("HTTP 500 from the authority, SOAP fault: Simulated internal server error (soap:Receiver)");
  });

  it("a delay beyond the timeout is a communication failure; the key consulted afterwards is authorized (lost answer)", async () => {
    const cnpj = randomCnpj();
    const nfe = signedNfe({ cnpj, series: 1, number: 4 });
    simulator.faults.add({ service: "NFeAutorizacao4", accessKey: nfe.accessKey, action: { kind: "delay", ms: TIMEOUT_MS * 3 } });
    const started = Date.now();
    const result = await impatient.authorize(target, nfe.xml, credentialsFor(cnpj));
    expect(result.kind).toBe("communication_failure");
    if (result.kind === "communication_failure") expect(result.reason).toContain(`${TIMEOUT_MS} ms`);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 3);

    const consulted = await consultUntilAuthorized(nfe.accessKey, cnpj);
    expect(consulted).toMatchObject({ kind: "authorized", cStat: "100" });
    // Re-sending instead would be a duplicate: 204, which the pipeline resolves by this same consultation.
    expect(await client.authorize(target, nfe.xml, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "204" });
  });

  it("a delay before processing times out without authorizing anything", async () => {
    const cnpj = randomCnpj();
    const nfe = signedNfe({ cnpj, series: 1, number: 5 });
    simulator.faults.add({ accessKey: nfe.accessKey, action: { kind: "delay", ms: TIMEOUT_MS * 2, beforeProcessing: true }, times: 1 });
    expect((await impatient.authorize(target, nfe.xml, credentialsFor(cnpj))).kind).toBe("communication_failure");
    expect(await client.consult(target, nfe.accessKey, credentialsFor(cnpj))).toMatchObject({ kind: "not_found", cStat: "217" });
  });

  it("an asynchronous answer (103) is followed through NFeRetAutorizacao4 to the protocol", async () => {
    const cnpj = randomCnpj();
    const nfe = signedNfe({ cnpj, series: 1, number: 6 });
    simulator.faults.add({ service: "NFeAutorizacao4", accessKey: nfe.accessKey, action: { kind: "async" } });
    const result = await client.authorize(target, nfe.xml, credentialsFor(cnpj));
    expect(result).toMatchObject({ kind: "authorized", cStat: "100" });
    if (result.kind === "authorized") expect(result.responseXml).toMatch(/^<retConsReciNFe /);
  });

  it("a closed port is a communication failure (network error)", async () => {
    const closed = await startSimulatorServer({ port: 0 });
    await closed.close();
    const offline = new SoapTaxAuthority({ timeoutMs: TIMEOUT_MS, baseUrl: closed.url });
    const result = await offline.status(target, credentialsFor(randomCnpj()));
    expect(result.kind).toBe("communication_failure");
    if (result.kind === "communication_failure") expect(result.reason).toMatch(/ECONNREFUSED/);
  });

  it("keeps answering consultations after a restart (state in PostgreSQL)", async () => {
    const cnpj = randomCnpj();
    const nfe = signedNfe({ cnpj, series: 1, number: 8 });
    const authorized = await client.authorize(target, nfe.xml, credentialsFor(cnpj));
    const restarted = await startSimulatorServer({ port: 0, db });
    try {
      const other = new SoapTaxAuthority({ timeoutMs: 3_000, baseUrl: restarted.url });
      const consulted = await other.consult(target, nfe.accessKey, credentialsFor(cnpj));
      expect(consulted.kind).toBe("authorized");
      if (consulted.kind === "authorized" && authorized.kind === "authorized") expect(consulted.protNFeXml).toBe(authorized.protNFeXml);
    } finally {
      await restarted.close();
    }
  });

  it("rules can be added and removed over HTTP (for tests of the app's embedded simulator)", async () => {
    const cnpj = randomCnpj();
    const added = await fetch(`${simulator.url}/_simulator/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ service: "NFeAutorizacao4", cnpj, action: { kind: "reject", cStat: "778", reason: "Rejeição: Informado NCM inexistente" } }),
    });
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: number };
    const first = signedNfe({ cnpj, series: 1, number: 20 });
    expect(await client.authorize(target, first.xml, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "778" });

    expect((await fetch(`${simulator.url}/_simulator/faults/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await fetch(`${simulator.url}/_simulator/faults/${id}`, { method: "DELETE" })).status).toBe(404);
    expect((await client.authorize(target, first.xml, credentialsFor(cnpj))).kind).toBe("authorized");

    const invalid = await fetch(`${simulator.url}/_simulator/faults`, { method: "POST", body: JSON.stringify({ action: { kind: "explode" } }) });
    expect(invalid.status).toBe(400);
  });

  // Issue 51: the shapes seen in the field, for the app's flows over HTTP.
  const post = (rule: unknown) => fetch(`${simulator.url}/_simulator/faults`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(rule) });

  it("consult_without_protnfe: a denied key consulted as SEFAZ-PR answers, 302 at the top and no protNFe (schema-valid)", async () => {
    const cnpj = randomCnpj();
    simulator.faults.add({ service: "NFeAutorizacao4", cnpj, times: 1, action: { kind: "deny", cStat: "302" } });
    const nfe = signedNfe({ cnpj, series: 1, number: 21 });
    expect(await client.authorize(target, nfe.xml, credentialsFor(cnpj))).toMatchObject({ kind: "denied", cStat: "302" });
    expect((await post({ service: "NFeConsultaProtocolo4", accessKey: nfe.accessKey, times: 1, action: { kind: "consult_without_protnfe" } })).status).toBe(201);
    const consulted = await client.consult(target, nfe.accessKey, credentialsFor(cnpj));
    expect(consulted).toMatchObject({ kind: "denied", cStat: "302", protocol: null, protNFeXml: null });
    if (consulted.kind !== "denied") return;
    expect(consulted.responseXml).not.toContain("protNFe");
    expect(checkXmlSchema(consulted.responseXml, "nfe/retConsSitNFe_v4.00.xsd")).toEqual({ valid: true });
    // The rule used up: the consultation answers the protNFe again.
    expect(await client.consult(target, nfe.accessKey, credentialsFor(cnpj))).toMatchObject({ kind: "denied", protocol: expect.stringMatching(/^\d{15}$/) });
  });

  it("ult_nsu_656: a distNSU from below the named NSU is refused 656 naming it, maxNSU zero", async () => {
    const cnpj = randomCnpj();
    expect((await post({ service: "NFeDistribuicaoDFe", cnpj, action: { kind: "ult_nsu_656", ultNSU: "505511" } })).status).toBe(201);
    expect((await post({ service: "NFeDistribuicaoDFe", action: { kind: "ult_nsu_656", ultNSU: "NSU" } })).status).toBe(400);
    const answer = await client.distribute(target, cnpj, { kind: "distNSU", lastNsu: "000000000505344" }, credentialsFor(cnpj));
    expect(answer).toEqual({
      kind: "communication_failure",
      cStat: "656",
      reason: "656 Rejeicao: Consumo Indevido (Deve ser utilizado o ultNSU nas solicitacoes subsequentes. Tente apos 1 hora)",
      lastNsu: "000000000505511",
      maxNsu: "000000000000000",
    });
  });
});
