import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkXmlSchema, type XmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { buildEventXml, CCE_CONDITIONS_OF_USE, deliveryProofHash, type NfeEventInput } from "./build-event";
import { buildInutilizationXml } from "./build-inutilization";
import { buildNfeProc, buildProcEventoNFe, buildProcInutNFe, extractElement } from "./build-proc";
import { buildSignedNfe } from "./build-signed-nfe";
import { buildSignedEvent, buildSignedInutilization } from "./build-signed-requests";
import { simpleNfe } from "./test-support/golden-inputs";
import { testSigningCredentials } from "./test-support/test-credentials";
import { readExample, xmlsecVerify } from "./test-support/xmlsec";

const credentials = testSigningCredentials("11222333000181");
const KEY = "35260311222333000181550010000010011730291841";
const common = { accessKey: KEY, environment: "HOMOLOGATION" as const, authorCnpj: "11222333000181", occurredAt: "2026-03-11T12:00:00Z" };
const proof = Buffer.from("fake PNG bytes of the signed delivery proof").toString("base64");

const EVENTS: Array<[string, NfeEventInput, XmlSchema]> = [
  ["110111 cancellation", { ...common, tpEvento: "110111", protocol: "135260000001234", reason: "Pedido cancelado pelo cliente antes do envio" }, "nfe/envEventoCancNFe_v1.00.xsd"],
  ["110110 correction letter", { ...common, tpEvento: "110110", sequence: 2, correction: "Corrigir complemento do endereço: bloco B & sala 3" }, "nfe/envCCe_v1.00.xsd"],
  [
    "110130 delivery receipt",
    {
      ...common, tpEvento: "110130", applicationVersion: "fiscal-issuer 0.1", deliveredAt: "2026-03-12T15:30:00Z", receiverDocument: "12345678909",
      receiverName: "José Recebedor", latitude: "-23.561414", longitude: "-46.655881", proofHash: deliveryProofHash(KEY, proof), proofHashAt: "2026-03-12T15:31:00Z",
    },
    "nfe/envEventoEntregaNFe_v1.00.xsd",
  ],
  ["110131 delivery receipt cancellation", { ...common, tpEvento: "110131", applicationVersion: "fiscal-issuer 0.1", receiptProtocol: "891260000000077" }, "nfe/envEventoCancEntregaNFe_v1.00.xsd"],
];

describe("events", () => {
  it.each(EVENTS)("%s: signed, valid for its own and the envEvento schema, verified by xmlsec1", (_name, input, envSchema) => {
    const built = buildSignedEvent(input, credentials);
    expect(built.id).toBe(`ID${input.tpEvento}${KEY}${String(input.sequence ?? 1).padStart(2, "0")}`);
    expect(built.xml).toMatch(/<\/infEvento><Signature xmlns="http:\/\/www.w3.org\/2000\/09\/xmldsig#">[\s\S]*<\/Signature><\/evento>$/);
    expect(checkXmlSchema(built.xml, built.schema)).toEqual({ valid: true });
    const envEvento = `<envEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><idLote>1</idLote>${built.xml}</envEvento>`;
    expect(checkXmlSchema(envEvento, envSchema)).toEqual({ valid: true });
    expect(checkXmlSchema(envEvento, "nfe/envEvento_v1.00.xsd")).toEqual({ valid: true });
    expect(verifyXmlSignature(built.xml)).toMatchObject({ valid: true, referenceId: built.id });
    const xmlsec = xmlsecVerify(built.xml, "infEvento");
    expect(xmlsec.ok, xmlsec.output).toBe(true);
  });

  it("writes each detEvento as the schemas require", () => {
    const cancel = buildEventXml(EVENTS[0]![1]).xml;
    expect(cancel).toContain("<cOrgao>35</cOrgao><tpAmb>2</tpAmb><CNPJ>11222333000181</CNPJ>");
    expect(cancel).toContain("<dhEvento>2026-03-11T09:00:00-03:00</dhEvento><tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><verEvento>1.00</verEvento>");
    expect(cancel).toContain('<detEvento versao="1.00"><descEvento>Cancelamento</descEvento><nProt>135260000001234</nProt><xJust>Pedido cancelado pelo cliente antes do envio</xJust></detEvento>');
    const cce = buildEventXml(EVENTS[1]![1]).xml;
    expect(cce).toContain(`<descEvento>Carta de Correcao</descEvento><xCorrecao>Corrigir complemento do endereço: bloco B &amp; sala 3</xCorrecao><xCondUso>${CCE_CONDITIONS_OF_USE}</xCondUso>`);
    expect(cce).toContain("<nSeqEvento>2</nSeqEvento>");
    const receipt = buildEventXml(EVENTS[2]![1]).xml;
    expect(receipt).toContain("<cOrgao>91</cOrgao>");
    expect(receipt).toContain(
      "<descEvento>Comprovante de Entrega da NF-e</descEvento><cOrgaoAutor>35</cOrgaoAutor><tpAutor>1</tpAutor><verAplic>fiscal-issuer 0.1</verAplic>" +
        "<dhEntrega>2026-03-12T12:30:00-03:00</dhEntrega><nDoc>12345678909</nDoc><xNome>José Recebedor</xNome><latGPS>-23.561414</latGPS><longGPS>-46.655881</longGPS>",
    );
    const hash = createHash("sha1").update(KEY + proof).digest("base64");
    expect(receipt).toContain(`<hashComprovante>${hash}</hashComprovante><dhHashComprovante>2026-03-12T12:31:00-03:00</dhHashComprovante>`);
    const receiptCancel = buildEventXml(EVENTS[3]![1]).xml;
    expect(receiptCancel).toContain("<cOrgao>91</cOrgao>");
    expect(receiptCancel).toContain("<nProtEvento>891260000000077</nProtEvento></detEvento>");
  });

  it("refuses a CC-e sequence above 20, a short justification and a broken key", () => {
    expect(() => buildEventXml({ ...common, tpEvento: "110110", sequence: 21, correction: "Texto de correcao valido" })).toThrow(/nSeqEvento/);
    expect(() => buildSignedEvent({ ...common, tpEvento: "110111", protocol: "135260000001234", reason: "curta" }, credentials)).toThrow(/xJust/);
    expect(() => buildEventXml({ ...common, accessKey: KEY.slice(0, 43) + "0", tpEvento: "110111", protocol: "135260000001234", reason: "Justificativa longa o bastante" })).toThrow(/access key/);
  });
});

describe("inutilization", () => {
  it("builds, signs and validates inutNFe; xmlsec1 verifies it", () => {
    const input = { environment: "HOMOLOGATION" as const, uf: "SP", cnpj: "11.222.333/0001-81", year: 2026, model: "55" as const, series: 1, firstNumber: 10, lastNumber: 12, reason: "Numeracao pulada por falha no sistema" };
    expect(buildInutilizationXml(input).xml).toBe(
      '<inutNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><infInut Id="ID35261122233300018155001000000010000000012"><tpAmb>2</tpAmb><xServ>INUTILIZAR</xServ>' +
        "<cUF>35</cUF><ano>26</ano><CNPJ>11222333000181</CNPJ><mod>55</mod><serie>1</serie><nNFIni>10</nNFIni><nNFFin>12</nNFFin><xJust>Numeracao pulada por falha no sistema</xJust></infInut></inutNFe>",
    );
    const signed = buildSignedInutilization(input, credentials);
    expect(xmlsecVerify(signed.xml, "infInut").ok).toBe(true);
    expect(verifyXmlSignature(signed.xml)).toMatchObject({ valid: true, referenceId: signed.id });
    expect(() => buildInutilizationXml({ ...input, firstNumber: 12, lastNumber: 10 })).toThrow(/range/);

    const ret =
      '<retInutNFe versao="4.00"><infInut><tpAmb>2</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><cStat>102</cStat><xMotivo>Inutilizacao de numero homologado</xMotivo>' +
      "<cUF>35</cUF><ano>26</ano><CNPJ>11222333000181</CNPJ><mod>55</mod><serie>1</serie><nNFIni>10</nNFIni><nNFFin>12</nNFFin><dhRecbto>2026-03-11T09:00:01-03:00</dhRecbto><nProt>135260000009999</nProt></infInut></retInutNFe>";
    const proc = buildProcInutNFe(signed.xml, ret);
    expect(checkXmlSchema(proc, "nfe/procInutNFe_v4.00.xsd")).toEqual({ valid: true });
    expect(verifyXmlSignature(proc)).toMatchObject({ valid: true });
  });
});

describe("authorized documents (nfeProc, procEventoNFe)", () => {
  it("assembles nfeProc from the signed NF-e and a protNFe cut out of a retEnviNFe; the signature still verifies", () => {
    const signed = buildSignedNfe(simpleNfe(), credentials);
    const protNFe = extractElement(readExample("nfe/retenvinfe-sync-authorized.xml"), "protNFe");
    expect(protNFe).toMatch(/^<protNFe versao="4.00">[\s\S]*<\/protNFe>$/);
    const proc = buildNfeProc(`<?xml version="1.0" encoding="UTF-8"?>${signed.xml}`, protNFe!);
    expect(proc.startsWith('<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe xmlns=')).toBe(true);
    expect(checkXmlSchema(proc, "nfe/procNFe_v4.00.xsd")).toEqual({ valid: true });
    expect(verifyXmlSignature(proc)).toMatchObject({ valid: true, referenceId: signed.id });
    expect(xmlsecVerify(proc, "infNFe").ok).toBe(true);
    expect(() => buildNfeProc(protNFe!, protNFe!)).toThrow(/<NFe>/);
  });

  it("reassembles the real CC-e procEventoNFe from its parts: schema-valid and its SEFAZ-era signature verifies", () => {
    const original = readExample("events/proceventonfe-110110-cce.xml");
    const evento = extractElement(original, "evento");
    const retEvento = extractElement(original, "retEvento");
    const proc = buildProcEventoNFe(evento!, retEvento!);
    expect(checkXmlSchema(proc, "nfe/procEventoNFe_v1.00.xsd")).toEqual({ valid: true });
    expect(checkXmlSchema(proc, "nfe/procCCeNFe_v1.00.xsd")).toEqual({ valid: true });
    expect(verifyXmlSignature(proc)).toMatchObject({ valid: true, referenceId: "ID1101105318101102879300017355001000006670120427680001" });
    expect(xmlsecVerify(proc, "infEvento").ok).toBe(true);
  });

  it("assembles procEventoNFe for our own signed cancellation", () => {
    const signed = buildSignedEvent(EVENTS[0]![1], credentials);
    const retEvento =
      '<retEvento versao="1.00"><infEvento><tpAmb>2</tpAmb><verAplic>SP_EVENTOS_PL_100</verAplic><cOrgao>35</cOrgao><cStat>135</cStat>' +
      `<xMotivo>Evento registrado e vinculado a NF-e</xMotivo><chNFe>${KEY}</chNFe><tpEvento>110111</tpEvento><xEvento>Cancelamento registrado</xEvento>` +
      "<nSeqEvento>1</nSeqEvento><dhRegEvento>2026-03-11T09:00:02-03:00</dhRegEvento><nProt>135260000005555</nProt></infEvento></retEvento>";
    const proc = buildProcEventoNFe(signed.xml, retEvento);
    expect(checkXmlSchema(proc, "nfe/procEventoCancNFe_v1.00.xsd")).toEqual({ valid: true });
    expect(xmlsecVerify(proc, "infEvento").ok).toBe(true);
  });
});
