import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractElement, readSoapAnswer, text } from "./soap-response";
import { buildSoapEnvelope, withoutXmlDeclaration } from "./soap-transport";
import { SHARED_DIR } from "@/test/shared-dir";

// Hand-made answers shaped like real SEFAZ responses (prefixes and layouts vary by state).
const sync = readFileSync(`${SHARED_DIR}/fiscal/examples/nfe/retenvinfe-sync-authorized.xml`, "utf8").replace(/^<\?xml[^>]*>\s*/, "");

describe("reading SEFAZ answers", () => {
  it("finds the ret* message under nfeResultMsg whatever the envelope prefix", () => {
    const envelope = `<?xml version="1.0" encoding="utf-8"?><env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope"><env:Body><nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4">${sync}</nfeResultMsg></env:Body></env:Envelope>`;
    const answer = readSoapAnswer(envelope, "retEnviNFe");
    expect(answer.ok).toBe(true);
    if (answer.ok) expect(text(answer.message, "cStat")).toBe("104");
    // protNFe is cut from the raw bytes, not re-serialized.
    const prot = extractElement(envelope, "protNFe");
    expect(prot).toBeDefined();
    expect(sync).toContain(prot!);
  });

  it("keeps leading zeros and reports SOAP faults", () => {
    const envelope = `<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><nfeResultMsg><retConsStatServ versao="4.00"><cStat>107</cStat><tMed>01</tMed></retConsStatServ></nfeResultMsg></soap:Body></soap:Envelope>`;
    const answer = readSoapAnswer(envelope, "retConsStatServ");
    expect(answer.ok && text(answer.message, "tMed")).toBe("01");
    const fault = `<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><soap:Fault><soap:Reason><soap:Text xml:lang="en">Server was unable to process request</soap:Text></soap:Reason></soap:Fault></soap:Body></soap:Envelope>`;
    expect(readSoapAnswer(fault, "retConsStatServ")).toEqual({ ok: false, reason: "SOAP fault: Server was unable to process request" });
    expect(readSoapAnswer("<html>502 Bad Gateway", "retEnviNFe").ok).toBe(false);
  });

  it("extracts prefixed and self-closing elements", () => {
    expect(extractElement(`<a><ns:retEvento x="1"><b/></ns:retEvento></a>`, "retEvento")).toBe(`<ns:retEvento x="1"><b/></ns:retEvento>`);
    expect(extractElement(`<a><protNFeX/><protNFe/></a>`, "protNFe")).toBe("<protNFe/>");
  });

  it("wraps the payload in a SOAP 1.2 envelope with nfeDadosMsg in the service namespace, without a nested declaration", () => {
    const ns = "http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4";
    const envelope = buildSoapEnvelope(ns, `<?xml version="1.0" encoding="UTF-8"?>\n<consStatServ/>`);
    expect(envelope).toContain(`<soap12:Body><nfeDadosMsg xmlns="${ns}"><consStatServ/></nfeDadosMsg></soap12:Body>`);
    expect(envelope.match(/<\?xml/g)).toHaveLength(1);
    expect(withoutXmlDeclaration("<a/>")).toBe("<a/>");
  });

  it("reads a payload sent as escaped text inside the result element, and cuts fragments from the unescaped text", () => {
    const envelope = `<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><ns2:nfeResultMsg xmlns:ns2="http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4">&lt;retConsStatServ xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"&gt;&lt;cStat&gt;107&lt;/cStat&gt;&lt;/retConsStatServ&gt;</ns2:nfeResultMsg></soap:Body></soap:Envelope>`;
    const answer = readSoapAnswer(envelope, "retConsStatServ");
    expect(answer.ok && text(answer.message, "cStat")).toBe("107");
    if (answer.ok) expect(extractElement(answer.xml, "retConsStatServ")).toBe(`<retConsStatServ xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><cStat>107</cStat></retConsStatServ>`);
  });

  it("a fault without a reason falls back to its detail; a body without the message says which was expected", () => {
    const detailOnly = `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><s:Fault><faultcode>s:Server</faultcode><faultstring/><detail><erro>Certificado revogado</erro></detail></s:Fault></s:Body></s:Envelope>`;
    expect(readSoapAnswer(detailOnly, "retEnviNFe")).toEqual({ ok: false, reason: "SOAP fault: Certificado revogado (s:Server)" });
    expect(readSoapAnswer(`<soap:Envelope xmlns:soap="x"><soap:Body><nfeResultMsg/></soap:Body></soap:Envelope>`, "retEnviNFe")).toEqual({ ok: false, reason: "Answer without <retEnviNFe>" });
  });

  it("a cut element declares the prefixes only its ancestors declared", () => {
    const xml = `<S:Envelope xmlns:S="e"><S:Body><r xmlns:ns2="http://www.portalfiscal.inf.br/nfe"><ns2:protNFe versao="4.00"><ns2:nProt>1</ns2:nProt></ns2:protNFe></r></S:Body></S:Envelope>`;
    expect(extractElement(xml, "protNFe")).toBe(`<ns2:protNFe xmlns:ns2="http://www.portalfiscal.inf.br/nfe" versao="4.00"><ns2:nProt>1</ns2:nProt></ns2:protNFe>`);
    // Its own declarations are left as they are.
    expect(extractElement(`<a xmlns:p="x"><p:b xmlns:p="y"/></a>`, "b")).toBe(`<p:b xmlns:p="y"/>`);
    // Nothing before the element declares a prefix: nothing to add, whatever it uses.
    expect(extractElement(`<a xmlns="d"><p:b/><c>1</c></a>`, "b")).toBe(`<p:b/>`);
    expect(extractElement(`<a xmlns="d"><b q:c="1"><p:d/></b></a>`, "b")).toBe(`<b q:c="1"><p:d/></b>`);
  });
});
