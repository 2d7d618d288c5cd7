import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomCnpj } from "@/lib/br";
import { buildSignedNfe } from "@/lib/fiscal/nfe/build-signed-nfe";
import { buildProcEventoNFe } from "@/lib/fiscal/nfe/build-proc";
import { buildSignedEpecEvent, epecDataOfEvent, epecDetailDocument } from "@/lib/fiscal/nfe/epec-event";
import { ISSUER_NORMAL, simpleNfe } from "@/lib/fiscal/nfe/test-support/golden-inputs";
import type { NfeInput } from "@/lib/fiscal/nfe/types";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { db } from "@/test/factories";
import { SoapTaxAuthority } from "../soap-tax-authority";
import { credentialsFor } from "../test-support/fiscal-fixtures";
import type { AuthorityTarget } from "../types";
import { startSimulatorServer, type SimulatorServer } from "./server";

// The Ambiente Nacional's EPEC service (110140) and the authorizer's later check of the NF-e
// against it, through the real SOAP client, real signing and the official EPEC schemas.

let simulator: SimulatorServer;
let client: SoapTaxAuthority;
let clockOffsetMs = 0;
const target: AuthorityTarget = { uf: "SP", environment: "HOMOLOGATION", model: 55 };
const HOUR = 3_600_000;

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0, now: () => new Date(Date.now() + clockOffsetMs) });
  client = new SoapTaxAuthority({ timeoutMs: 15_000, baseUrl: simulator.url });
});
beforeEach(() => {
  clockOffsetMs = 0;
});
afterAll(async () => {
  await simulator.close();
});

/** An NF-e issued in EPEC (tpEmis 4, dhCont, xJust), signed and schema-checked by lib/fiscal/nfe. */
function epecNfe(cnpj: string, number: number, overrides: Partial<NfeInput> = {}, issuedAt = new Date(Date.now() + clockOffsetMs)) {
  const input: NfeInput = {
    ...simpleNfe(),
    series: 1, number, cNF: "73029184", issuedAt, departureAt: null,
    issuer: { ...ISSUER_NORMAL, cnpj },
    tpEmis: "4",
    contingency: { at: issuedAt, reason: "SEFAZ-SP indisponivel e SVC-AN desabilitada (114)" },
    ...overrides,
  };
  return buildSignedNfe(input, credentialsFor(cnpj));
}

function epecOf(cnpj: string, nfeXml: string, at = new Date(Date.now() + clockOffsetMs)) {
  return buildSignedEpecEvent({ nfeXml, environment: "HOMOLOGATION", authorCnpj: cnpj, occurredAt: at, applicationVersion: "TESTE-1.0" }, credentialsFor(cnpj));
}

describe("EPEC at the Ambiente Nacional (110140)", () => {
  it("registers an EPEC (136), refuses it again (573), and the NF-e is authorized by its authorizer, reconciling it", async () => {
    const cnpj = randomCnpj();
    const nfe = epecNfe(cnpj, 10);
    expect(nfe.accessKey.charAt(34)).toBe("4");
    const event = epecOf(cnpj, nfe.xml);
    // The event as sent: cOrgao 91, the detEvento of e110140 (PL_010_V1.30), signed.
    expect(event.xml).toContain("<cOrgao>91</cOrgao>");
    expect(checkXmlSchema(event.xml, "nfe/EPEC_v1.00.xsd")).toEqual({ valid: true });
    expect(checkXmlSchema(epecDetailDocument(event.xml), "nfe/e110140_v1.00.xsd")).toEqual({ valid: true });
    // The schema is not a formality: a detEvento without vST is refused.
    expect(checkXmlSchema(epecDetailDocument(event.xml).replace(/<vST>[^<]*<\/vST>/, ""), "nfe/e110140_v1.00.xsd").valid).toBe(false);
    expect(verifyXmlSignature(event.xml).valid).toBe(true);
    expect(epecDataOfEvent(event.xml)).toMatchObject({ cOrgaoAutor: "35", tpNF: "1", destUf: "SP", destIdKind: "CNPJ", destId: "06929383000163", destIe: "123456789110", vNF: expect.stringMatching(/^\d+\.\d{2}$/) });

    const answer = await client.sendEvent(target, event.xml, credentialsFor(cnpj));
    expect(answer).toMatchObject({ kind: "authorized", cStat: "136" });
    if (answer.kind !== "authorized") throw new Error("not registered");
    expect(answer.protocol).toMatch(/^891\d{12}$/);
    expect(checkXmlSchema(answer.responseXml, "nfe/retEnvEPEC_v1.00.xsd")).toEqual({ valid: true });
    expect(checkXmlSchema(buildProcEventoNFe(event.xml, answer.retEventoXml), "nfe/procEPEC_v1.00.xsd")).toEqual({ valid: true });
    expect(await client.sendEvent(target, event.xml, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "573" });

    const authorized = await client.authorize(target, nfe.xml, credentialsFor(cnpj));
    expect(authorized).toMatchObject({ kind: "authorized", cStat: "100" });
    const stored = await db.simulatorEpec.findFirstOrThrow({ where: { accessKey: nfe.accessKey } });
    expect(stored.reconciledAt).not.toBeNull();
    // An EPEC for a number that already has an NF-e: 661.
    expect(await client.sendEvent(target, epecOf(cnpj, nfe.xml).xml, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "661" });
  });

  it("refuses an NF-e in EPEC without an EPEC (468) and one whose data differ from its EPEC (467)", async () => {
    const cnpj = randomCnpj();
    const orphan = epecNfe(cnpj, 20);
    expect(await client.authorize(target, orphan.xml, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "468" });

    const issuedAt = new Date();
    const registered = epecNfe(cnpj, 21, {}, issuedAt);
    expect(await client.sendEvent(target, epecOf(cnpj, registered.xml).xml, credentialsFor(cnpj))).toMatchObject({ kind: "authorized", cStat: "136" });
    // Same key (same number, cNF, dhEmi), another recipient: the NF-e diverges from its EPEC.
    const golden = simpleNfe();
    const divergent = epecNfe(cnpj, 21, { recipient: { ...golden.recipient!, document: { type: "CNPJ", value: "11.222.333/0001-81" } } }, issuedAt);
    expect(divergent.accessKey).toBe(registered.accessKey);
    const refused = await client.authorize(target, divergent.xml, credentialsFor(cnpj));
    expect(refused).toMatchObject({ kind: "refused", cStat: "467" });
    if (refused.kind === "refused") expect(refused.reason).toContain("dest/CNPJ");
    // A second EPEC for the same number under another key (another cNF): 485.
    const otherKey = epecNfe(cnpj, 21, { cNF: "11223344" }, issuedAt);
    expect(await client.sendEvent(target, epecOf(cnpj, otherKey.xml).xml, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "485" });
    // The matching NF-e passes.
    expect(await client.authorize(target, registered.xml, credentialsFor(cnpj))).toMatchObject({ kind: "authorized", cStat: "100" });
  });

  it("refuses dhEmi out of the window (228) and blocks the issuer once an EPEC waits more than 168 h (142)", async () => {
    const cnpj = randomCnpj();
    const old = epecNfe(cnpj, 30, {}, new Date(Date.now() - 169 * HOUR));
    expect(await client.sendEvent(target, epecOf(cnpj, old.xml, new Date()).xml, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "228" });

    const pending = epecNfe(cnpj, 31);
    expect(await client.sendEvent(target, epecOf(cnpj, pending.xml).xml, credentialsFor(cnpj))).toMatchObject({ kind: "authorized" });
    // 169 hours later its NF-e was never transmitted: the issuer's EPEC environment is blocked.
    clockOffsetMs = 169 * HOUR;
    const later = epecNfe(cnpj, 32);
    expect(await client.sendEvent(target, epecOf(cnpj, later.xml).xml, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "142" });
    // Transmitting the pending NF-e reconciles it and unblocks the issuer.
    clockOffsetMs = 0;
    expect(await client.authorize(target, pending.xml, credentialsFor(cnpj))).toMatchObject({ kind: "authorized" });
    clockOffsetMs = 169 * HOUR;
    expect(await client.sendEvent(target, epecOf(cnpj, later.xml).xml, credentialsFor(cnpj))).toMatchObject({ kind: "authorized", cStat: "136" });
  });
});
