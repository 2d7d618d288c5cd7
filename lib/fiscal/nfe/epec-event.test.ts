import { describe, expect, it } from "vitest";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { buildSignedNfe } from "./build-signed-nfe";
import { buildSignedEpecEvent, epecDataOfEvent, epecDataOfNfe, epecDetailDocument, epecDifferences, EpecNeedsRecipientError, validateEpecNfceEvent } from "./epec-event";
import { nfceCardAndPix, simpleNfe } from "./test-support/golden-inputs";
import { testSigningCredentials } from "./test-support/test-credentials";
import type { NfeInput } from "./types";

// The EPEC (110140) of an NF-e issued with tpEmis 4: what it carries of the NF-e, signed and
// validated against EPEC_v1.00.xsd and e110140_v1.00.xsd (PL_010_V1.30).

const at = new Date("2026-03-10T17:05:09Z");
const contingency = { at, reason: "SEFAZ-SP indisponivel e SVC-AN desabilitada" };

function nfe(overrides: Partial<NfeInput> = {}) {
  const golden = simpleNfe();
  return buildSignedNfe({ ...golden, tpEmis: "4", contingency, ...overrides }, testSigningCredentials(golden.issuer.cnpj));
}
const epec = (xml: string) =>
  buildSignedEpecEvent({ nfeXml: xml, environment: "HOMOLOGATION", authorCnpj: simpleNfe().issuer.cnpj, occurredAt: at, applicationVersion: "TESTE-1.0" }, testSigningCredentials(simpleNfe().issuer.cnpj));

describe("the EPEC event of an NF-e", () => {
  it("carries cOrgao 91, the issuer's state, IE and the recipient's data; signed and valid", () => {
    const built = nfe();
    const event = epec(built.xml);
    expect(event.id).toBe(`ID110140${built.accessKey}01`);
    expect(event.xml).toMatch(/<cOrgao>91<\/cOrgao>/);
    expect(event.xml).toMatch(/<descEvento>EPEC<\/descEvento><cOrgaoAutor>35<\/cOrgaoAutor><tpAutor>1<\/tpAutor><verAplic>TESTE-1.0<\/verAplic>/);
    expect(checkXmlSchema(event.xml, "nfe/EPEC_v1.00.xsd")).toEqual({ valid: true });
    expect(checkXmlSchema(epecDetailDocument(event.xml), "nfe/e110140_v1.00.xsd")).toEqual({ valid: true });
    expect(verifyXmlSignature(event.xml).valid).toBe(true);
    expect(epecDataOfEvent(event.xml)).toEqual(epecDataOfNfe(built.xml));
    expect(epecDifferences(epecDataOfEvent(event.xml), epecDataOfNfe(built.xml))).toEqual([]);
  });

  it("a CPF recipient without IE", () => {
    const golden = simpleNfe();
    const person = nfe({ recipient: { ...golden.recipient!, document: { type: "CPF", value: "123.456.789-09" }, stateRegistration: null, indIEDest: "9" } });
    const data = epecDataOfEvent(epec(person.xml).xml);
    expect(data).toMatchObject({ destIdKind: "CPF", destId: "12345678909", destIe: null, destUf: "SP" });
    expect(checkXmlSchema(epecDetailDocument(epec(person.xml).xml), "nfe/e110140_v1.00.xsd")).toEqual({ valid: true });
  });

  it("refuses an NF-e not issued with tpEmis 4, and names what differs between an EPEC and its NF-e", () => {
    const golden = simpleNfe();
    const normal = buildSignedNfe(golden, testSigningCredentials(golden.issuer.cnpj));
    expect(() => epec(normal.xml)).toThrow(/tpEmis 4/);
    const registered = epecDataOfEvent(epec(nfe().xml).xml);
    const other = epecDataOfNfe(nfe({ issuedAt: new Date(at.getTime() + 60_000), recipient: { ...golden.recipient!, stateRegistration: "110042490114" } }).xml);
    expect(epecDifferences(registered, other)).toEqual(["dhEmi", "dest/IE"]);
  });
});

describe("the EPEC event of an NFC-e (SEFAZ-SP, NT 2015.003)", () => {
  const nfce = (overrides: Partial<NfeInput> = {}) => {
    const golden = nfceCardAndPix();
    return buildSignedNfe({ ...golden, tpEmis: "4", contingency, ...overrides }, testSigningCredentials(golden.issuer.cnpj));
  };
  const nfceEpec = (xml: string) =>
    buildSignedEpecEvent({ nfeXml: xml, environment: "HOMOLOGATION", authorCnpj: nfceCardAndPix().issuer.cnpj, occurredAt: at, applicationVersion: "TESTE-1.0" }, testSigningCredentials(nfceCardAndPix().issuer.cnpj));

  it("carries cOrgao 35 (the state's EPEC service), dest with the consumer's CPF, then vNF and vICMS, no vST; valid against e110140NFCe", () => {
    const built = nfce();
    const event = nfceEpec(built.xml);
    expect(event.xml).toMatch(/<cOrgao>35<\/cOrgao>/);
    expect(event.xml).toMatch(/<dest><UF>SP<\/UF><CPF>12345678909<\/CPF><\/dest><vNF>23.66<\/vNF><vICMS>0.89<\/vICMS><\/detEvento>/);
    expect(() => validateEpecNfceEvent(event.xml)).not.toThrow();
    expect(checkXmlSchema(epecDetailDocument(event.xml), "nfe/e110140NFCe_v1.00.xsd")).toEqual({ valid: true });
    // The NF-e's layouts refuse it: the two details differ.
    expect(checkXmlSchema(event.xml, "nfe/EPEC_v1.00.xsd").valid).toBe(false);
    expect(verifyXmlSignature(event.xml).valid).toBe(true);
    expect(epecDataOfEvent(event.xml)).toEqual(epecDataOfNfe(built.xml));
    expect(epecDataOfNfe(built.xml).vST).toBeNull();
  });

  it("an NFC-e without an identified consumer cannot have one (the schema requires dest); a foreign one's UF is EX", () => {
    expect(() => nfceEpec(nfce({ recipient: null }).xml)).toThrow(EpecNeedsRecipientError);
    const foreign = nfce({ recipient: { document: { type: "FOREIGN", value: "AB123456" }, name: "John Smith" } });
    const data = epecDataOfEvent(nfceEpec(foreign.xml).xml);
    expect([data.destUf, data.destIdKind, data.destId]).toEqual(["EX", "idEstrangeiro", "AB123456"]);
  });
});
