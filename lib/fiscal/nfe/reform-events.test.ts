import { describe, expect, it } from "vitest";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { buildEventXml, type NfeEventInput } from "./build-event";
import { REFORM_EVENT_CODES, REFORM_EVENT_DESCRIPTIONS, type ReformEventDetail } from "./build-reform-event";
import { buildSignedEvent } from "./build-signed-requests";
import { checkReformEvent, detEventoDocument, inEnvEvento, REFORM_DETAIL_SCHEMA } from "./reform-event-schema";
import { testSigningCredentials } from "./test-support/test-credentials";
import { xmlsecVerify } from "./test-support/xmlsec";

// Every reform event of NT 2025.002-RTC built, signed, validated against
// envEvento_v1.00 and its own e<tpEvento> schema, and verified by xmlsec1.

const ISSUER = "11222333000181";
const RECIPIENT = "44555666000172";
const KEY = "35260311222333000181550010000010011730291841";
const item = { nItem: 1, vIBS: "10.5", vCBS: "8.80", quantity: "2", unit: "UN" };
const item2 = { nItem: 2, vIBS: "0", vCBS: "1234.56", quantity: "0.5", unit: "KG" };

const DETAILS: Record<(typeof REFORM_EVENT_CODES)[number], ReformEventDetail> = {
  "112110": { tpEvento: "112110" },
  "112120": { tpEvento: "112120", items: [item, item2] },
  "112130": { tpEvento: "112130", items: [{ ...item, creditIBS: "1.00", creditCBS: "2.00" }] },
  "112140": { tpEvento: "112140", items: [item] },
  "112150": { tpEvento: "112150", expectedDeliveryDate: "2026-04-30" },
  "211110": { tpEvento: "211110", items: [{ nItem: 1, vBC: "100", ibs: { code: "01", rate: "2.5", amount: "2.50" }, cbs: null }, { nItem: 3, vBC: "50.00" }] },
  "211120": { tpEvento: "211120", items: [{ ...item, referencedKey: KEY, referencedItem: 1 }] },
  "211124": { tpEvento: "211124", items: [item] },
  "211128": { tpEvento: "211128", accepted: true },
  "211130": { tpEvento: "211130", items: [item, item2] },
  "211140": { tpEvento: "211140", items: [{ ...item, unit: "LT" }] },
  "211150": { tpEvento: "211150", items: [{ nItem: 4, creditIBS: "3.10", creditCBS: "4" }] },
  "212110": { tpEvento: "212110", accepted: false },
  "212120": { tpEvento: "212120", accepted: true },
  "110001": { tpEvento: "110001", cancelledEventType: "211130", eventProtocol: "892260000000123" },
};

function input(detail: ReformEventDetail, sequence = 1): NfeEventInput {
  const acquirer = detail.tpEvento.startsWith("2") || detail.tpEvento === "110001";
  return {
    accessKey: KEY, environment: "HOMOLOGATION", occurredAt: "2026-03-11T12:00:00Z", sequence,
    authorCnpj: acquirer ? RECIPIENT : ISSUER,
    authorStateCode: acquirer ? "41" : "35",
    applicationVersion: "fiscal-issuer-1.0",
    ...detail,
  } as NfeEventInput;
}

describe("reform events (NT 2025.002-RTC)", () => {
  it.each(REFORM_EVENT_CODES.map((code) => [code]))("%s: signed, valid for envEvento and its own schema, verified by xmlsec1", (code) => {
    const author = code.startsWith("2") || code === "110001" ? RECIPIENT : ISSUER;
    const built = buildSignedEvent(input(DETAILS[code]), testSigningCredentials(author));
    expect(built.id).toBe(`ID${code}${KEY}01`);
    expect(built.schema).toBe(REFORM_DETAIL_SCHEMA[code]);
    expect(checkXmlSchema(inEnvEvento(built.xml), "nfe/envEvento_v1.00.xsd")).toEqual({ valid: true });
    expect(checkXmlSchema(detEventoDocument(built.xml)!, REFORM_DETAIL_SCHEMA[code])).toEqual({ valid: true });
    expect(checkReformEvent(built.xml, code)).toEqual({ valid: true });
    expect(verifyXmlSignature(built.xml)).toMatchObject({ valid: true, referenceId: built.id });
    const xmlsec = xmlsecVerify(built.xml, "infEvento");
    expect(xmlsec.ok, xmlsec.output).toBe(true);
  });

  it("sends every reform event to cOrgao 92 with the author's state and time zone", () => {
    const xml = buildEventXml(input(DETAILS["211130"])).xml;
    expect(xml).toContain(`<cOrgao>92</cOrgao><tpAmb>2</tpAmb><CNPJ>${RECIPIENT}</CNPJ><chNFe>${KEY}</chNFe>`);
    expect(xml).toContain("<dhEvento>2026-03-11T09:00:00-03:00</dhEvento><tpEvento>211130</tpEvento>");
    expect(xml).toContain(
      `<descEvento>Imobilização de Item</descEvento><cOrgaoAutor>41</cOrgaoAutor><tpAutor>2</tpAutor><verAplic>fiscal-issuer-1.0</verAplic>` +
        `<gImobilizacao nItem="1"><vIBS>10.50</vIBS><vCBS>8.80</vCBS><gControleEstoque><qImobilizado>2.0000</qImobilizado><uImobilizado>UN</uImobilizado></gControleEstoque></gImobilizacao>`,
    );
  });

  it("writes the issuer's 112110 with tpAutor 1 and indQuitacao 1, and 110001 without tpAutor", () => {
    expect(buildEventXml(input(DETAILS["112110"])).xml).toContain(`<descEvento>${REFORM_EVENT_DESCRIPTIONS["112110"]}</descEvento><cOrgaoAutor>35</cOrgaoAutor><tpAutor>1</tpAutor><verAplic>fiscal-issuer-1.0</verAplic><indQuitacao>1</indQuitacao>`);
    expect(buildEventXml(input(DETAILS["110001"])).xml).toContain("<cOrgaoAutor>41</cOrgaoAutor><verAplic>fiscal-issuer-1.0</verAplic><tpEventoAut>211130</tpEventoAut><nProtEvento>892260000000123</nProtEvento>");
    expect(buildEventXml(input({ tpEvento: "211120", importation: true, items: [] })).xml).toContain("<tpAutor>1</tpAutor>");
  });

  it("refuses what the schemas refuse: a detEvento that breaks its schema, a sequence above 99", () => {
    const built = buildEventXml(input(DETAILS["211130"])).xml.replace("<tpAutor>2</tpAutor>", "<tpAutor>1</tpAutor>");
    expect(checkReformEvent(built, "211130").valid).toBe(false);
    const noItems = buildEventXml(input({ tpEvento: "211130", items: [] })).xml;
    expect(checkReformEvent(noItems, "211130").valid).toBe(false);
    expect(() => buildEventXml(input(DETAILS["211128"], 100))).toThrow(/nSeqEvento must be 1 to 99/);
  });
});
