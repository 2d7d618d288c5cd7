import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { isValidAccessKey } from "./access-key";
import { findRuleViolations } from "./rules/business-rules";
import { buildNfe } from "./build-nfe";
import { buildSignedNfe } from "./build-signed-nfe";
import * as golden from "./test-support/golden-inputs";
import { issuedIn } from "./test-support/nfce-in-state";
import { testSigningCredentials } from "./test-support/test-credentials";
import { expandSelfClosing, signWithXmlCrypto } from "./test-support/xml-crypto-signer";
import { xmlsecVerify } from "./test-support/xmlsec";
import type { NfeInput } from "./types";

const credentials = testSigningCredentials("11222333000181");
const REFERENCED_KEY = "43180906929383000163550010000000261000010301";

const infNFeOf = (xml: string) => xml.slice(xml.indexOf("<infNFe"), xml.indexOf("</infNFe>") + 9);
const between = (xml: string, tag: string) => {
  const start = xml.indexOf(`<${tag}>`);
  return start < 0 ? "" : xml.slice(start, xml.indexOf(`</${tag}>`, start) + tag.length + 3);
};

const GOLDEN: Array<[string, () => NfeInput]> = [
  ["simple NF-e", () => golden.simpleNfe()],
  ["Simples Nacional with ST and credit", () => golden.simplesWithStNfe()],
  ["NFC-e with card and PIX", () => golden.nfceCardAndPix()],
  ["credit note with refNFe", () => golden.creditNote(REFERENCED_KEY)],
  ["transport and installments", () => golden.transportAndInstallments()],
  // Every tpNFCredito and tpNFDebito of the schema (NT 2025.002): IBS/CBS only, tPag 90.
  ...["02", "03", "04", "05"].map((type): [string, () => NfeInput] => [`credit note tpNFCredito ${type}`, () => golden.creditNote(REFERENCED_KEY, type)]),
  ...["01", "02", "03", "04", "05", "06", "07", "08"].map((type): [string, () => NfeInput] => [`debit note tpNFDebito ${type}`, () => golden.debitNote(REFERENCED_KEY, type)]),
  ["interstate B2C with DIFAL, imported line at 4 %", () => golden.interstateConsumerWithDifal()],
  ["interstate B2C to BA with the DIFAL on the base dupla", () => golden.interstateConsumerDoubleBase()],
  ["NFC-e in cash with change", () => golden.nfceCashWithChange()],
  ["Simples Nacional without IBS/CBS", () => golden.simplesWithoutIbsCbs()],
  ["IBS/CBS with reduced rates (CST 200, gRed 100 % and 60 %)", () => golden.reducedRatesNfe()],
];

describe("golden documents: built, signed, valid for the official schema and for xmlsec1", () => {
  it.each(GOLDEN)("%s", (_name, input) => {
    const built = buildSignedNfe(input(), credentials);
    expect(isValidAccessKey(built.accessKey)).toBe(true);
    expect(built.id).toBe(`NFe${built.accessKey}`);
    expect(checkXmlSchema(built.xml, "nfe/nfe_v4.00.xsd")).toEqual({ valid: true });
    expect(verifyXmlSignature(built.xml)).toMatchObject({ valid: true, referenceId: built.id });
    const xmlsec = xmlsecVerify(built.xml, "infNFe");
    expect(xmlsec.ok, xmlsec.output).toBe(true);
    // The same bytes xml-crypto signs.
    const unsigned = built.xml.replace(/<Signature[\s\S]*<\/Signature>/, "");
    expect(expandSelfClosing(signWithXmlCrypto(unsigned, credentials, "infNFe"))).toBe(expandSelfClosing(built.xml));

    // Every SEFAZ business rule passes (issue 15).
    expect(findRuleViolations(built.xml)).toEqual([]);

    const infNFe = infNFeOf(built.xml);
    expect(infNFe).not.toMatch(/>\s+</); // no whitespace between elements
    expect(infNFe).not.toMatch(/<(\w+)(\s[^>]*)?><\/\1>|<\w+\/>/); // no empty tags
    // IBS/CBS once per line and in the totals, except for a Simples issuer's lines without amounts (NT 2025.002).
    const simplesWithoutAmounts = input().issuer.crt === "1" && input().totals.ibsCbsTot === null;
    expect(infNFe.match(/<IBSCBS>/g)?.length ?? 0).toBe(simplesWithoutAmounts ? 0 : input().items.length);
    if (!simplesWithoutAmounts) expect(infNFe).toContain("<IBSCBSTot><vBCIBSCBS>");
  });
});

describe("buildNfe details", () => {
  it("writes ide, parties and text as the layout requires", () => {
    const xml = buildNfe(golden.simpleNfe()).xml;
    expect(xml.startsWith('<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe Id="NFe35260311222333000181550010000010011730291841" versao="4.00"><ide><cUF>35</cUF><cNF>73029184</cNF>')).toBe(true);
    // 17:05:09Z in São Paulo is 14:05:09-03:00.
    expect(xml).toContain("<dhEmi>2026-03-10T14:05:09-03:00</dhEmi><dhSaiEnt>2026-03-10T15:00:00-03:00</dhSaiEnt><tpNF>1</tpNF><idDest>1</idDest><cMunFG>3550308</cMunFG><tpImp>1</tpImp><tpEmis>1</tpEmis><cDV>1</cDV><tpAmb>2</tpAmb><finNFe>1</finNFe><indFinal>0</indFinal><indPres>1</indPres>");
    expect(xml).toContain("<xNome>Comércio &amp; Indústria São João Ltda</xNome><xFant>São João &lt;Matriz&gt;</xFant>");
    expect(xml).toContain("<dest><CNPJ>06929383000163</CNPJ><xNome>NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL</xNome>");
    // Text is escaped as C14N writes it: quotes stay literal.
    expect(xml).toContain('<xLgr>Rua "Aspas" &amp; Cia</xLgr>');
    expect(xml).toContain("<indIEDest>1</indIEDest><IE>123456789110</IE>");
    // Typographic characters outside Latin-1 folded; accents kept.
    expect(xml).toContain('<xProd>Café torrado - 500 g "extra forte"</xProd>');
    expect(xml).toContain("<qCom>2.0000</qCom><vUnCom>50.0000000000</vUnCom><vProd>100.00</vProd>");
    expect(xml).toContain("<infCpl>Pedido 123 &lt;urgente&gt; &amp; frágil</infCpl>");
    const hash = createHash("sha1").update("G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO35260311222333000181550010000010011730291841").digest("base64");
    expect(xml).toContain(`<idCSRT>01</idCSRT><hashCSRT>${hash}</hashCSRT></infRespTec>`);
  });

  it("prints the recipient's real name in production and the IBS/CBS group in schema order", () => {
    const xml = buildNfe(golden.simpleNfe({ environment: "PRODUCTION" })).xml;
    expect(xml).toContain("<xNome>Cliente Exemplo S/A</xNome>");
    expect(xml).toContain("<tpAmb>1</tpAmb>");
    expect(between(xml, "IBSCBS")).toBe(
      "<IBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib><gIBSCBS><vBC>100.00</vBC><gIBSUF><pIBSUF>0.1000</pIBSUF><vIBSUF>0.10</vIBSUF></gIBSUF>" +
        "<gIBSMun><pIBSMun>0.0000</pIBSMun><vIBSMun>0.00</vIBSMun></gIBSMun><vIBS>0.10</vIBS><gCBS><pCBS>0.9000</pCBS><vCBS>0.90</vCBS></gCBS></gIBSCBS></IBSCBS>",
    );
    expect(xml).toContain("<IPI><cEnq>999</cEnq><IPITrib><CST>50</CST><vBC>30.00</vBC><pIPI>5.0000</pIPI><vIPI>1.50</vIPI></IPITrib></IPI>");
    expect(xml).toContain("<PIS><PISAliq><CST>01</CST><vBC>100.00</vBC><pPIS>1.6500</pPIS><vPIS>1.65</vPIS></PISAliq></PIS>");
  });

  it("writes the Simples Nacional groups with ST and the credit", () => {
    const xml = buildNfe(golden.simplesWithStNfe()).xml;
    expect(xml).toContain("<CRT>1</CRT>");
    expect(xml).toContain("<ICMSSN101><orig>0</orig><CSOSN>101</CSOSN><pCredSN>2.5600</pCredSN><vCredICMSSN>1.15</vCredICMSSN></ICMSSN101>");
    expect(xml).toContain(
      "<ICMSSN201><orig>0</orig><CSOSN>201</CSOSN><modBCST>4</modBCST><pMVAST>40.0000</pMVAST><vBCST>67.20</vBCST><pICMSST>18.0000</pICMSST><vICMSST>3.46</vICMSST><pCredSN>2.5600</pCredSN><vCredICMSSN>1.23</vCredICMSSN></ICMSSN201>",
    );
    expect(xml).toContain("<ICMSSN500><orig>0</orig><CSOSN>500</CSOSN></ICMSSN500>");
    expect(xml).toContain("<CEST>0300700</CEST><CFOP>5401</CFOP>");
    expect(xml).toContain("<PIS><PISNT><CST>07</CST></PISNT></PIS>");
    expect(xml).toContain("<vBCST>67.20</vBCST><vST>3.46</vST>");
  });

  it("writes the NFC-e: tpImp 4, consumer, card and PIX, change, QR code and urlChave", () => {
    const homologation = buildNfe(golden.nfceCardAndPix());
    const xml = homologation.xml;
    expect(xml).toContain("<mod>65</mod>");
    expect(xml).toContain("<tpImp>4</tpImp>");
    expect(xml).toContain("<indFinal>1</indFinal>");
    expect(xml).toContain("<dest><CPF>12345678909</CPF><xNome>NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL</xNome><indIEDest>9</indIEDest></dest>");
    expect(xml).toContain("<xProd>NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL</xProd>");
    expect(xml).toContain("<detPag><indPag>0</indPag><tPag>03</tPag><vPag>10.00</vPag><card><tpIntegra>1</tpIntegra><CNPJ>01027058000191</CNPJ><tBand>02</tBand><cAut>A1B2C3</cAut></card></detPag>");
    expect(xml).toContain("<tPag>17</tPag><vPag>10.00</vPag><card><tpIntegra>2</tpIntegra></card>");
    expect(xml).toContain("<vTroco>1.34</vTroco></pag>");
    expect(xml).toContain("<transp><modFrete>9</modFrete></transp>");
    expect(xml).not.toContain("<IPI>");
    // The line without IBS/CBS amounts carries the group without zeros.
    expect(xml).toContain("<IBSCBS><CST>410</CST><cClassTrib>410008</cClassTrib></IBSCBS>");
    // SP homologation uses QR version 3 (wsnfe_4.00_mod65.xml): no CSC hash.
    expect(xml).toContain(`<infNFeSupl><qrCode>https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${homologation.accessKey}|3|2</qrCode><urlChave>`);
    expect(xml).toMatch(/<\/infNFe><infNFeSupl>.*<\/infNFeSupl><\/NFe>$/);
    const signed = buildSignedNfe(golden.nfceCardAndPix(), credentials).xml;
    expect(signed).toMatch(/<\/infNFeSupl><Signature xmlns="http:\/\/www.w3.org\/2000\/09\/xmldsig#">/);
  });

  it("writes the version-3 QR code in production (SP) and the version-2 one with the CSC hash where the state keeps it (PR)", () => {
    const sp = buildNfe({ ...golden.nfceCardAndPix(), environment: "PRODUCTION" });
    expect(sp.xml).toContain(`<qrCode>https://www.nfce.fazenda.sp.gov.br/qrcode?p=${sp.accessKey}|3|1</qrCode>`);
    expect(sp.xml).toContain("<urlChave>https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica</urlChave>");
    expect(sp.xml).toContain("<xProd>Pão francês</xProd>");
    const pr = buildNfe({ ...issuedIn(golden.nfceCardAndPix(), "PR"), environment: "PRODUCTION" });
    const p = `${pr.accessKey}|2|1|1`;
    const hash = createHash("sha1").update(p + "0123456789ABCDEF0123456789ABCDEF").digest("hex").toUpperCase();
    expect(pr.xml).toContain(`<qrCode>http://www.fazenda.pr.gov.br/nfce/qrcode?p=${p}|${hash}</qrCode>`);
    expect(pr.xml).toContain("<urlChave>http://www.fazenda.pr.gov.br/nfce/consulta</urlChave>");
    expect(() => buildNfe({ ...issuedIn(golden.nfceCardAndPix(), "PR"), environment: "PRODUCTION", csc: null })).toThrow(/CSC/);
  });

  it("writes the credit note with refNFe, tpNFCredito and tPag 90 without charge", () => {
    const xml = buildNfe(golden.creditNote(REFERENCED_KEY)).xml;
    expect(xml).toContain("<finNFe>5</finNFe><tpNFCredito>01</tpNFCredito><indFinal>0</indFinal>");
    expect(xml).toContain(`<NFref><refNFe>${REFERENCED_KEY}</refNFe></NFref></ide>`);
    expect(between(xml, "pag")).toBe("<pag><detPag><tPag>90</tPag><vPag>0.00</vPag></detPag></pag>");
    // IBS/CBS only: no ICMS, IPI, PIS or COFINS group (NT 2025.002 B25-80, cStat 1001).
    expect(between(xml, "imposto")).toMatch(/^<imposto><IBSCBS>.*<\/IBSCBS><\/imposto>$/);
  });

  it("writes transport, billing and installments", () => {
    const xml = buildNfe(golden.transportAndInstallments()).xml;
    expect(xml).toContain("<vFrete>38.46</vFrete><indTot>1</indTot>");
    expect(between(xml, "transp")).toBe(
      "<transp><modFrete>0</modFrete><transporta><CNPJ>60746948000112</CNPJ><xNome>Transportes Rápidos Ltda</xNome><IE>111222333444</IE><xEnder>Rod. Anhanguera km 10</xEnder><xMun>São Paulo</xMun><UF>SP</UF></transporta>" +
        "<veicTransp><placa>ABC1D23</placa><UF>SP</UF><RNTC>12345678</RNTC></veicTransp><vol><qVol>3</qVol><esp>CAIXA</esp><marca>SJ</marca><nVol>1-3</nVol><pesoL>12.500</pesoL><pesoB>13.750</pesoB></vol></transp>",
    );
    expect(xml).toContain("<cobr><fat><nFat>1004</nFat><vOrig>182.08</vOrig><vDesc>0.00</vDesc><vLiq>182.08</vLiq></fat><dup><nDup>001</nDup><dVenc>2026-04-09</dVenc><vDup>60.69</vDup></dup>");
    expect(xml).toContain("<detPag><indPag>1</indPag><tPag>15</tPag><vPag>182.08</vPag></detPag>");
  });

  it("writes indIEDest 2 without IE for a recipient whose registration is ISENTO", () => {
    const input = golden.simpleNfe();
    const xml = buildNfe({ ...input, recipient: { ...input.recipient!, stateRegistration: "ISENTO" } }).xml;
    expect(xml).toContain("<indIEDest>2</indIEDest><email>");
  });

  it("uses the issuer state's UTC offset for dhEmi", () => {
    const input = golden.simpleNfe();
    const xml = buildNfe({ ...input, issuer: { ...input.issuer, address: { ...input.issuer.address, uf: "AM", municipalityCode: "1302603" } } }).xml;
    expect(xml).toContain("<cUF>13</cUF>");
    expect(xml).toContain("<dhEmi>2026-03-10T13:05:09-04:00</dhEmi>");
  });

  it("emits the IBS/CBS group with the default classification when the line has none", () => {
    const input = golden.simpleNfe();
    const [first] = input.items;
    const line = { ...first!, taxes: { ...first!.taxes, ibsCbs: { ...first!.taxes.ibsCbs, cst: null, cClassTrib: null } } };
    const xml = buildNfe({ ...input, items: [line] }).xml;
    expect(xml).toContain("<IBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib><gIBSCBS>");
  });

  it("leaves IBSCBSTot out with a Simples issuer's CST 000 group without amounts (1022, 1118), and writes it with zeros for CST 410 lines (1119)", () => {
    const input = golden.simplesWithStNfe();
    const items = input.items.map((line) => ({ ...line, taxes: { ...line.taxes, ibsCbs: { ...line.taxes.ibsCbs, amounts: null } } }));
    const built = buildSignedNfe({ ...input, items, totals: { ...input.totals, ibsCbsTot: null } }, credentials);
    expect(built.xml).not.toContain("<IBSCBS>");
    expect(built.xml).not.toContain("IBSCBSTot");
    expect(checkXmlSchema(built.xml, "nfe/nfe_v4.00.xsd")).toEqual({ valid: true });
    // A regular-regime issuer keeps a CST without gIBSCBS (410) as CST and cClassTrib only, and the total group with zeros.
    const immune = golden.simpleNfe();
    const lines = immune.items.map((line) => ({ ...line, taxes: { ...line.taxes, ibsCbs: { ...line.taxes.ibsCbs, cst: "410", cClassTrib: "410999", amounts: null } } }));
    const immuneXml = buildSignedNfe({ ...immune, items: lines, totals: { ...immune.totals, ibsCbsTot: null } }, credentials).xml;
    expect(immuneXml.match(/<IBSCBS><CST>410<\/CST><cClassTrib>410999<\/cClassTrib><\/IBSCBS>/g)?.length).toBe(2);
    expect(immuneXml).toContain("<IBSCBSTot><vBCIBSCBS>0.00</vBCIBSCBS><gIBS><gIBSUF><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vIBSUF>0.00</vIBSUF></gIBSUF>");
    expect(checkXmlSchema(immuneXml, "nfe/nfe_v4.00.xsd")).toEqual({ valid: true });
    expect(findRuleViolations(immuneXml)).toEqual([]);
  });

  it("writes gRed with pRedAliq and pAliqEfet between the rate and the amount of each share", () => {
    const xml = buildNfe(golden.reducedRatesNfe()).xml;
    expect(xml).toContain(
      "<IBSCBS><CST>200</CST><cClassTrib>200034</cClassTrib><gIBSCBS><vBC>30.00</vBC>" +
        "<gIBSUF><pIBSUF>0.1000</pIBSUF><gRed><pRedAliq>60.0000</pRedAliq><pAliqEfet>0.0400</pAliqEfet></gRed><vIBSUF>0.01</vIBSUF></gIBSUF>" +
        "<gIBSMun><pIBSMun>0.0000</pIBSMun><gRed><pRedAliq>60.0000</pRedAliq><pAliqEfet>0.0000</pAliqEfet></gRed><vIBSMun>0.00</vIBSMun></gIBSMun>" +
        "<vIBS>0.01</vIBS><gCBS><pCBS>0.9000</pCBS><gRed><pRedAliq>60.0000</pRedAliq><pAliqEfet>0.3600</pAliqEfet></gRed><vCBS>0.11</vCBS></gCBS></gIBSCBS></IBSCBS>",
    );
    expect(xml).toContain("<gCBS><pCBS>0.9000</pCBS><gRed><pRedAliq>100.0000</pRedAliq><pAliqEfet>0.0000</pAliqEfet></gRed><vCBS>0.00</vCBS></gCBS>");
  });

  it("refuses a document the schema rejects with a 422 naming the element, and never a bad cNF", () => {
    const input = golden.simpleNfe();
    const bad = { ...input, items: [{ ...input.items[0]!, ncm: "123" }] };
    let thrown: unknown;
    try {
      buildSignedNfe(bad, credentials);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).code).toBe("schema_validation_failed");
    expect((thrown as DomainError).message).toContain("Element '{http://www.portalfiscal.inf.br/nfe}NCM'");
    expect(() => buildNfe({ ...input, cNF: "00001001" })).toThrow(/cNF/);
    expect(() => buildNfe({ ...input, items: [{ ...input.items[0]!, grossValue: "-1.00" }] })).toThrow(/non-negative/);
    const generated = buildNfe({ ...input, cNF: null });
    expect(generated.cNF).toMatch(/^\d{8}$/);
    expect(Number(generated.cNF)).not.toBe(input.number);
  });

  it("detects any change after signing (cStat 297 in the simulator)", () => {
    const signed = buildSignedNfe(golden.simpleNfe(), credentials).xml;
    const tampered = signed.replace("<vNF>131.50</vNF>", "<vNF>13.15</vNF>");
    expect(tampered).not.toBe(signed);
    expect(checkXmlSchema(tampered, "nfe/nfe_v4.00.xsd")).toEqual({ valid: true });
    expect(verifyXmlSignature(tampered)).toMatchObject({ valid: false });
    expect(xmlsecVerify(tampered, "infNFe").ok).toBe(false);
  });
});
