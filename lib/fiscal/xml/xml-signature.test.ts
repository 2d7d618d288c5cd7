import { describe, expect, it, vi } from "vitest";
import { readExample, xmlsecVerify } from "@/lib/fiscal/nfe/test-support/xmlsec";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { checkXmlSchema } from "./schema-validation";
import { expandSelfClosing, signWithXmlCrypto } from "@/lib/fiscal/nfe/test-support/xml-crypto-signer";
import { Libxml2C14nCanonicalization, signWithXmlCryptoAndLibxml2 } from "@/lib/fiscal/nfe/test-support/xml-crypto-libxml2-signer";
import { signXml, verifyWithXmlCrypto, verifyXmlSignature } from "./xml-signature";

const withoutSignature = (xml: string) => xml.replace(/<Signature[\s\S]*<\/Signature>\s*/, "");

describe("signXml", () => {
  const credentials = testSigningCredentials("06929383000163");

  it("signs infNFe so that xmlsec1 verifies it and the schema still accepts it", () => {
    const unsigned = withoutSignature(readExample("nfe/nfe-55-signed-hom.xml"));
    const signed = signXml(unsigned, credentials, { tag: "infNFe" });
    expect(signed).toMatch(/<\/infNFe>\s*<Signature xmlns="http:\/\/www.w3.org\/2000\/09\/xmldsig#">/);
    expect(signed).toContain('<Reference URI="#NFe43180906929383000163550010000000261000010301">');
    expect(signed).toContain("<X509Certificate>");
    expect(checkXmlSchema(signed, "nfe/nfe_v4.00.xsd")).toEqual({ valid: true });
    const xmlsec = xmlsecVerify(signed, "infNFe");
    expect(xmlsec.output).toContain("OK");
    expect(xmlsec.ok).toBe(true);
    const check = verifyXmlSignature(signed);
    expect(check).toMatchObject({ valid: true, referenceId: "NFe43180906929383000163550010000000261000010301" });
    if (check.valid) expect(check.certificatePem.replace(/\s/g, "")).toBe(credentials.certificatePem.replace(/\s/g, ""));
  });

  it("produces byte for byte the signature xml-crypto produces (digest, SignatureValue, KeyInfo)", () => {
    const cases: Array<[string, "infNFe" | "infEvento" | "infInut"]> = [
      [withoutSignature(readExample("nfe/nfe-55-signed-hom.xml")), "infNFe"],
      [withoutSignature(readExample("nfe/inutnfe-signed-hom.xml")), "infInut"],
      // An evento inside envEvento: the namespace is inherited from two levels up.
      [readExample("events/envevento-110111-cancel-signed.xml").replace(/<Signature[\s\S]*?<\/Signature>/, ""), "infEvento"],
    ];
    for (const [xml, tag] of cases) {
      const ours = signXml(xml, credentials, { tag });
      const reference = signWithXmlCrypto(xml, credentials, tag);
      // xml-crypto re-serialises the document and drops the trailing newline; nothing else may differ.
      expect(expandSelfClosing(ours).trimEnd()).toBe(expandSelfClosing(reference).trimEnd());
    }
  });

  it("signs infInut after the element inside inutNFe", () => {
    const signed = signXml(withoutSignature(readExample("nfe/inutnfe-signed-hom.xml")), credentials, { tag: "infInut" });
    expect(signed).toMatch(/<\/infInut>\s*<Signature /);
    expect(checkXmlSchema(signed, "nfe/inutNFe_v4.00.xsd")).toEqual({ valid: true });
    expect(xmlsecVerify(signed, "infInut").ok).toBe(true);
  });

  it("detects a document altered after signing, and a replaced signature value", () => {
    const signed = signXml(withoutSignature(readExample("nfe/nfe-55-signed-hom.xml")), credentials, { tag: "infNFe" });
    const tampered = signed.replace("<vProd>", "<vProd>1");
    expect(verifyXmlSignature(tampered)).toMatchObject({ valid: false });
    expect(xmlsecVerify(tampered, "infNFe").ok).toBe(false);
    const forged = signed.replace(/<SignatureValue>(.)/, (_m, c: string) => `<SignatureValue>${c === "A" ? "B" : "A"}`);
    expect(verifyXmlSignature(forged)).toMatchObject({ valid: false });
    expect(verifyXmlSignature(withoutSignature(signed))).toMatchObject({ valid: false });
  });

  it("agrees with xml-crypto's verification on valid, altered and forged documents", () => {
    const signed = signXml(withoutSignature(readExample("nfe/nfe-55-signed-hom.xml")), credentials, { tag: "infNFe" });
    const id = "NFe43180906929383000163550010000000261000010301";
    const signature = /<Signature[\s\S]*<\/Signature>/.exec(signed)![0];
    const variants = [
      signed,
      signed.replace("<xNome>", "<xNome>X"),
      signed.replace(/<DigestValue>(.)/, (_m, c: string) => `<DigestValue>${c === "A" ? "B" : "A"}`),
      signed.replace("<SignatureMethod", "<SignatureMethod ").replace(/<SignatureValue>(.)/, (_m, c: string) => `<SignatureValue>${c === "A" ? "B" : "A"}`),
    ];
    const verdicts = variants.map((xml) => verifyXmlSignature(xml).valid);
    expect(verdicts).toEqual([true, false, false, false]);
    const other = variants.map((xml) => verifyWithXmlCrypto(xml, id, /<Signature[\s\S]*<\/Signature>/.exec(xml)?.[0] ?? signature, testSigningCredentials("06929383000163").certificatePem).valid);
    expect(other).toEqual(verdicts);
  });

  it("canonicalises with every namespace in scope, including prefixed ones on ancestors", () => {
    const nfe = withoutSignature(readExample("nfe/nfe-55-signed-hom.xml")).replace(/^<\?xml[^>]*\?>\s*/, "");
    const wrapped = `<lote xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:ext="urn:example">${nfe.replace("<NFe xmlns=", '<NFe xsi:type="x" xmlns=')}</lote>`;
    const signed = signXml(wrapped, credentials, { tag: "infNFe" });
    expect(expandSelfClosing(signed)).toBe(expandSelfClosing(signWithXmlCrypto(wrapped, credentials, "infNFe")));
    expect(verifyXmlSignature(signed)).toMatchObject({ valid: true });
    expect(xmlsecVerify(signed, "infNFe").ok).toBe(true);
  });

  it("verifies a signature made by another implementation (SEFAZ-style cancellation event)", () => {
    const check = verifyXmlSignature(readExample("events/envevento-110111-cancel-signed.xml"));
    expect(check).toMatchObject({ valid: true, referenceId: "ID1101113515030082260200012455001000992346109923465601" });
    const cce = verifyXmlSignature(readExample("events/proceventonfe-110110-cce.xml"));
    expect(cce.valid).toBe(true);
  });
});

describe("xml-crypto with libxml2's C14N plugged in", () => {
  const credentials = testSigningCredentials("06929383000163");
  const nfe = withoutSignature(readExample("nfe/nfe-55-signed-hom.xml"));
  const cases: Array<[string, string, "infNFe" | "infEvento" | "infInut"]> = [
    ["NF-e", nfe, "infNFe"],
    ["inutNFe", withoutSignature(readExample("nfe/inutnfe-signed-hom.xml")), "infInut"],
    ["evento inside envEvento", readExample("events/envevento-110111-cancel-signed.xml").replace(/<Signature[\s\S]*?<\/Signature>/, ""), "infEvento"],
    [
      "NF-e under an ancestor with prefixed namespaces",
      `<lote xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:ext="urn:example">${nfe.replace(/^<\?xml[^>]*\?>\s*/, "").replace("<NFe xmlns=", '<NFe xsi:type="x" xmlns=')}</lote>`,
      "infNFe",
    ],
  ];

  it.each(cases)("signs %s exactly as stock xml-crypto and signXml do, and xmlsec1 verifies it", (_name, xml, tag) => {
    const c14n = vi.spyOn(Libxml2C14nCanonicalization.prototype, "process");
    const plugged = signWithXmlCryptoAndLibxml2(xml, credentials, tag);
    // xml-crypto called the plug-in for the referenced element and for SignedInfo.
    expect(c14n).toHaveBeenCalledTimes(2);
    c14n.mockRestore();
    expect(expandSelfClosing(plugged).trimEnd()).toBe(expandSelfClosing(signWithXmlCrypto(xml, credentials, tag)).trimEnd());
    expect(expandSelfClosing(plugged).trimEnd()).toBe(expandSelfClosing(signXml(xml, credentials, { tag })).trimEnd());
    expect(xmlsecVerify(plugged, tag).ok).toBe(true);
    expect(verifyXmlSignature(plugged)).toMatchObject({ valid: true });
  });

  it("digests the content: a different document gets a different DigestValue that xmlsec1 rejects when swapped", () => {
    const signed = signWithXmlCryptoAndLibxml2(nfe, credentials, "infNFe");
    const other = signWithXmlCryptoAndLibxml2(nfe.replace("<xNome>", "<xNome>X"), credentials, "infNFe");
    const digest = (xml: string) => /<DigestValue>([^<]+)</.exec(xml)?.[1];
    expect(digest(signed)).not.toBe(digest(other));
    const swapped = signed.replace(/<Signature[\s\S]*<\/Signature>/, /<Signature[\s\S]*<\/Signature>/.exec(other)![0]);
    expect(xmlsecVerify(swapped, "infNFe").ok).toBe(false);
  });
});
