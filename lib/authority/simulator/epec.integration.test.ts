import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomCnpj } from "@/lib/br";
import { buildSignedNfe } from "@/lib/fiscal/nfe/build-signed-nfe";
import { buildProcEventoNFe } from "@/lib/fiscal/nfe/build-proc";
import { buildSignedEpecEvent, epecDataOfEvent, epecDetailDocument, validateEpecNfceEvent } from "@/lib/fiscal/nfe/epec-event";
import { signXml } from "@/lib/fiscal/xml/xml-signature";
import { ISSUER_NORMAL, nfceCardAndPix, simpleNfe } from "@/lib/fiscal/nfe/test-support/golden-inputs";
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

describe("SEFAZ-SP's EPEC service for NFC-e (NT 2015.003)", () => {
  const nfceTarget: AuthorityTarget = { uf: "SP", environment: "HOMOLOGATION", model: 65 };

  function epecNfce(cnpj: string, number: number, overrides: Partial<NfeInput> = {}) {
    const issuedAt = new Date(Date.now() + clockOffsetMs);
    return buildSignedNfe(
      { ...nfceCardAndPix(), number, issuedAt, issuer: { ...ISSUER_NORMAL, cnpj }, tpEmis: "4", contingency: { at: issuedAt, reason: "SEFAZ-SP indisponivel: 108 (teste)" }, ...overrides },
      credentialsFor(cnpj),
    );
  }

  it("registers an NFC-e's EPEC at RecepcaoEPEC (124, cOrgao 35); the NFC-e is then authorized by SP and the EPEC reconciled", async () => {
    const cnpj = randomCnpj();
    const nfce = epecNfce(cnpj, 70);
    const event = epecOf(cnpj, nfce.xml);
    // cOrgao 35 and the NFC-e's detail: dest { UF, CPF }, then vNF and vICMS, no vST (e110140NFCe_v1.00.xsd).
    expect(event.xml).toContain("<cOrgao>35</cOrgao>");
    expect(() => validateEpecNfceEvent(event.xml)).not.toThrow();
    expect(event.xml).toMatch(/<dest><UF>SP<\/UF><CPF>12345678909<\/CPF><\/dest><vNF>23.66<\/vNF><vICMS>0.89<\/vICMS><\/detEvento>/);
    // The NF-e's layout (vNF inside dest, vST) is not the NFC-e's: the schema is not a formality.
    expect(checkXmlSchema(epecDetailDocument(event.xml), "nfe/e110140_v1.00.xsd").valid).toBe(false);
    expect(verifyXmlSignature(event.xml).valid).toBe(true);

    const answer = await client.sendEvent(nfceTarget, event.xml, credentialsFor(cnpj));
    expect(answer).toMatchObject({ kind: "authorized", cStat: "124", reason: "EPEC Autorizado" });
    if (answer.kind !== "authorized") throw new Error("not registered");
    expect(answer.protocol).toMatch(/^135\d{12}$/);
    expect(checkXmlSchema(answer.responseXml, "nfe/retEnvEvento_v1.00.xsd")).toEqual({ valid: true });
    expect(checkXmlSchema(buildProcEventoNFe(event.xml, answer.retEventoXml), "nfe/procEventoNFe_v1.00.xsd")).toEqual({ valid: true });
    expect(await client.sendEvent(nfceTarget, event.xml, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "573" });

    const authorized = await client.authorize(nfceTarget, nfce.xml, credentialsFor(cnpj));
    expect(authorized).toMatchObject({ kind: "authorized", cStat: "100" });
    const row = await db.simulatorEpec.findUniqueOrThrow({ where: { environment_accessKey: { environment: 2, accessKey: nfce.accessKey } } });
    expect([row.model, row.vST, row.reconciledAt === null]).toEqual([65, null, false]);
  });

  it("refuses an NF-e's EPEC (775), an NF-e-layout detail (215), and an NFC-e whose data differ from its EPEC (467)", async () => {
    const cnpj = randomCnpj();
    // An NF-e's EPEC (model 55) addressed to SP with cOrgao 35, re-signed: the NFC-e service refuses the model.
    const nfe = epecNfe(cnpj, 71);
    const nfeEvent = epecOf(cnpj, nfe.xml).xml.replace("<cOrgao>91</cOrgao>", "<cOrgao>35</cOrgao>");
    const unsigned = nfeEvent.replace(/<Signature[\s\S]*<\/Signature>/, "");
    // (The NF-e's detEvento fails e110140NFCe first: 215.)
    expect(await client.sendEvent(nfceTarget, signXml(unsigned, credentialsFor(cnpj), { tag: "infEvento" }), credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "215" });

    const nfce = epecNfce(cnpj, 72);
    const event = epecOf(cnpj, nfce.xml);
    const asNfe = event.xml.replace(/<Signature[\s\S]*<\/Signature>/, "").replace(/(<chNFe>\d{20})65/, "$155").replace(/ID110140(\d{20})65/, "ID110140$155");
    expect(await client.sendEvent(nfceTarget, signXml(asNfe, credentialsFor(cnpj), { tag: "infEvento" }), credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "775" });

    expect(await client.sendEvent(nfceTarget, event.xml, credentialsFor(cnpj))).toMatchObject({ kind: "authorized", cStat: "124" });
    const other = epecNfce(cnpj, 72, { cNF: nfce.xml.match(/<cNF>(\d+)<\/cNF>/)![1], recipient: { document: { type: "CPF", value: "529.982.247-25" }, name: "Outra Pessoa" } });
    expect(other.accessKey).toBe(nfce.accessKey);
    const refused = await client.authorize(nfceTarget, other.xml, credentialsFor(cnpj));
    expect(refused).toMatchObject({ kind: "refused", cStat: "467" });
    if (refused.kind === "refused") expect(refused.reason).toContain("dest/CPF");
  });

  it("an NFC-e sent for a number whose EPEC is registered under another key is refused 692 (the number is the EPEC's)", async () => {
    const cnpj = randomCnpj();
    const nfce = epecNfce(cnpj, 73);
    expect(await client.sendEvent(nfceTarget, epecOf(cnpj, nfce.xml).xml, credentialsFor(cnpj))).toMatchObject({ kind: "authorized", cStat: "124" });
    // The same number issued normally (tpEmis 1): another key.
    const normal = buildSignedNfe({ ...nfceCardAndPix(), number: 73, issuedAt: new Date(), issuer: { ...ISSUER_NORMAL, cnpj } }, credentialsFor(cnpj));
    expect(normal.accessKey).not.toBe(nfce.accessKey);
    const refused = await client.authorize(nfceTarget, normal.xml, credentialsFor(cnpj));
    expect(refused).toMatchObject({ kind: "refused", cStat: "692" });
    if (refused.kind === "refused") expect(refused.reason).toContain(`[Chave EPEC: ${nfce.accessKey}]`);
    // Its own key is authorized.
    expect(await client.authorize(nfceTarget, nfce.xml, credentialsFor(cnpj))).toMatchObject({ kind: "authorized" });
  });
});
