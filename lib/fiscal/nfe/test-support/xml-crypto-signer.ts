import { SignedXml } from "xml-crypto";
import type { SignedTag, SigningCredentials } from "@/lib/fiscal/xml/xml-signature";

/**
 * Reference signer: the same XMLDSig profile produced entirely by xml-crypto
 * (its DOM, XPath and C14N). Tests assert that signXml's output is identical.
 */
export function signWithXmlCrypto(xml: string, credentials: SigningCredentials, tag: SignedTag): string {
  const signer = new SignedXml({
    privateKey: credentials.privateKeyPem,
    publicCert: credentials.certificatePem,
    signatureAlgorithm: "http://www.w3.org/2000/09/xmldsig#rsa-sha1",
    canonicalizationAlgorithm: "http://www.w3.org/TR/2001/REC-xml-c14n-20010315",
  });
  const xpath = `//*[local-name(.)='${tag}']`;
  signer.addReference({
    xpath,
    transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", "http://www.w3.org/TR/2001/REC-xml-c14n-20010315"],
    digestAlgorithm: "http://www.w3.org/2000/09/xmldsig#sha1",
  });
  signer.computeSignature(xml, { location: { reference: `${xpath}/..`, action: "append" } });
  return signer.getSignedXml();
}

/** Expands self-closing tags so two serialisations of the same signature compare equal. */
export function expandSelfClosing(xml: string): string {
  return xml.replace(/<([\w:]+)([^<>]*?)\s*\/>/g, "<$1$2></$1>");
}
