import { SignedXml } from "xml-crypto";

// XMLDSig profile of the NF-e MOC 4.00 (section 4.1 "Padrão de assinatura
// digital"): enveloped signature of the element carrying the Id, RSA-SHA1,
// inclusive C14N, SHA-1 digest, the signer's X.509 certificate in KeyInfo.
const C14N = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315";
const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
const RSA_SHA1 = "http://www.w3.org/2000/09/xmldsig#rsa-sha1";
const SHA1 = "http://www.w3.org/2000/09/xmldsig#sha1";

/**
 * Elements SEFAZ signs. The Signature is the last child of their parent (NFe,
 * evento, inutNFe): right after infEvento/infInut, and after infNFeSupl when
 * an NFC-e carries one (TNFe: infNFe, infNFeSupl?, Signature).
 */
export type SignedTag = "infNFe" | "infEvento" | "infInut";

export type SigningCredentials = { privateKeyPem: string; certificatePem: string };

export type SignatureCheck =
  | { valid: true; certificatePem: string; referenceId: string }
  | { valid: false; reason: string };

const SIGNED_TAGS: readonly SignedTag[] = ["infNFe", "infEvento", "infInut"];

function idOf(xml: string, tag: SignedTag): string | null {
  const match = new RegExp(`<${tag}\\b[^>]*\\sId="([^"]+)"`).exec(xml);
  return match?.[1] ?? null;
}

/**
 * Signs the one `tag` element of `xml` (an NFe, evento or inutNFe element).
 * The Reference URI is "#" + its Id; the Signature element (default xmldsig
 * namespace, no prefix) is appended to the tag's parent.
 */
export function signXml(xml: string, credentials: SigningCredentials, options: { tag: SignedTag }): string {
  const { tag } = options;
  if (!idOf(xml, tag)) throw new Error(`signXml: no <${tag} Id="…"> element to sign`);
  const signer = new SignedXml({
    privateKey: credentials.privateKeyPem,
    publicCert: credentials.certificatePem,
    signatureAlgorithm: RSA_SHA1,
    canonicalizationAlgorithm: C14N,
  });
  const xpath = `//*[local-name(.)='${tag}']`;
  signer.addReference({ xpath, transforms: [ENVELOPED, C14N], digestAlgorithm: SHA1 });
  signer.computeSignature(xml, { location: { reference: `${xpath}/..`, action: "append" } });
  return signer.getSignedXml();
}

function signatureBlocks(xml: string): string[] {
  return xml.match(/<Signature\b[^>]*>[\s\S]*?<\/Signature>/g) ?? [];
}

function certificateOf(signature: string): string | null {
  const match = /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(signature);
  if (!match?.[1]) return null;
  const body = match[1].replace(/\s+/g, "");
  const lines = body.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`;
}

/**
 * Checks the signature of the signed element (infNFe, infEvento or infInut,
 * found automatically): the reference must point at that element's Id, its
 * digest must match the current content (any change after signing fails — the
 * simulator answers cStat 297) and the RSA signature must verify with the
 * certificate embedded in KeyInfo, which is returned for the CNPJ check.
 */
export function verifyXmlSignature(xml: string): SignatureCheck {
  const tag = SIGNED_TAGS.find((t) => idOf(xml, t) !== null);
  if (!tag) return { valid: false, reason: "No signed element (infNFe, infEvento or infInut with an Id)" };
  const id = idOf(xml, tag) as string;
  const signature = signatureBlocks(xml).find((block) => block.includes(`URI="#${id}"`));
  if (!signature) return { valid: false, reason: `No Signature references #${id}` };
  if (!signature.includes(`Algorithm="${RSA_SHA1}"`)) return { valid: false, reason: "Signature algorithm is not RSA-SHA1" };
  const certificatePem = certificateOf(signature);
  if (!certificatePem) return { valid: false, reason: "Signature has no X509Certificate" };
  try {
    const verifier = new SignedXml({ publicCert: certificatePem });
    verifier.loadSignature(signature);
    if (!verifier.checkSignature(xml)) return { valid: false, reason: "Signature does not verify" };
    return { valid: true, certificatePem, referenceId: id };
  } catch (error) {
    return { valid: false, reason: `Signature does not verify: ${(error as Error).message}` };
  }
}
