import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from "node:crypto";
import { SignedXml } from "xml-crypto";
import { canonicalElement, locateElement, locateElementAfter } from "./canonical-element";
import { escapeAttribute } from "./xml-text";

// XMLDSig profile of the NF-e MOC 4.00 (section 4.1 "Padrão de assinatura
// digital"): enveloped signature of the element carrying the Id, RSA-SHA1,
// inclusive C14N, SHA-1 digest, the signer's X.509 certificate in KeyInfo.
const C14N = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315";
const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
const RSA_SHA1 = "http://www.w3.org/2000/09/xmldsig#rsa-sha1";
const SHA1 = "http://www.w3.org/2000/09/xmldsig#sha1";
const DSIG = "http://www.w3.org/2000/09/xmldsig#";

/**
 * Elements SEFAZ signs. The Signature is the last child of their parent (NFe,
 * evento, inutNFe): right after infEvento/infInut, and after infNFeSupl when
 * an NFC-e carries one (TNFe: infNFe, infNFeSupl?, Signature).
 */
export type SignedTag = "infNFe" | "infEvento" | "infInut" | "infMDFe" | NfseSignedTag | AbrasfSignedTag;

/** National NFS-e (MAN-INT §6.1.4): the same profile (C14N, RSA-SHA1, X509Certificate) on the DPS, event request, NFS-e and event. */
export type NfseSignedTag = "infDPS" | "infPedReg" | "infNFSe";

/** ABRASF 2.04 (municipal NFS-e, lib/fiscal/nfse-abrasf): the RPS, the cancellation request, the substitution and the city's NFS-e. */
export type AbrasfSignedTag = "InfDeclaracaoPrestacaoServico" | "InfPedidoCancelamento" | "SubstituicaoNfse" | "InfNfse" | "LoteRps";

export type SigningCredentials = { privateKeyPem: string; certificatePem: string };

export type SignatureCheck =
  | { valid: true; certificatePem: string; referenceId: string }
  | { valid: false; reason: string };

const SIGNED_TAGS: readonly SignedTag[] = ["infNFe", "infEvento", "infInut", "infDPS", "infPedReg", "infNFSe", "infMDFe", "InfNfse", "SubstituicaoNfse", "InfPedidoCancelamento", "InfDeclaracaoPrestacaoServico"];

function idOf(xml: string, tag: SignedTag): string | null {
  const match = new RegExp(`<${tag}\\b[^>]*\\sId="([^"]+)"`).exec(xml);
  return match?.[1] ?? null;
}

/**
 * Remembers `derive(pem)` per PEM: a company signs many documents with the
 * same A1, so its key and certificate are parsed once. Emptied past `max`
 * entries, which only a process serving very many companies reaches.
 */
function cachedPerPem<T>(derive: (pem: string) => T, max: number): (pem: string) => T {
  const cache = new Map<string, T>();
  return (pem) => {
    let value = cache.get(pem);
    if (value === undefined) {
      value = derive(pem);
      if (cache.size > max) cache.clear();
      cache.set(pem, value);
    }
    return value;
  };
}

const privateKeyOf = cachedPerPem((pem): KeyObject => createPrivateKey(pem), 100);

const certificateBodyOf = cachedPerPem((pem) => {
  const match = /-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/.exec(pem);
  if (!match?.[1]) throw new Error("signXml: the certificate is not a PEM CERTIFICATE");
  return match[1].replace(/\s+/g, "");
}, 100);

/**
 * SignedInfo as C14N 1.0 renders it in place: the default namespace is
 * xmldsig (declared on Signature) and every prefixed namespace in scope from
 * the ancestors is rendered too, sorted by prefix. In the document it is
 * written without those declarations (they are inherited).
 */
function signedInfo(id: string, digest: string, inherited: Map<string, string>): { canonical: string; written: string } {
  return signedInfoFor(`#${id}`, digest, inherited);
}

function signedInfoFor(uri: string, digest: string, inherited: Map<string, string>): { canonical: string; written: string } {
  const body =
    `<CanonicalizationMethod Algorithm="${C14N}"></CanonicalizationMethod>` +
    `<SignatureMethod Algorithm="${RSA_SHA1}"></SignatureMethod>` +
    `<Reference URI="${uri}"><Transforms><Transform Algorithm="${ENVELOPED}"></Transform><Transform Algorithm="${C14N}"></Transform></Transforms>` +
    `<DigestMethod Algorithm="${SHA1}"></DigestMethod><DigestValue>${digest}</DigestValue></Reference>` +
    "</SignedInfo>";
  const prefixed = [...inherited.entries()]
    .filter(([prefix]) => prefix !== "" && prefix !== "xml:")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([prefix, uri]) => ` xmlns:${prefix}="${escapeAttribute(uri)}"`)
    .join("");
  return { canonical: `<SignedInfo xmlns="${DSIG}"${prefixed}>${body}`, written: `<SignedInfo>${body}` };
}

/**
 * Signs the one `tag` element of `xml` (an NFe, evento or inutNFe element).
 * The Reference URI is "#" + its Id; the Signature element (default xmldsig
 * namespace, no prefix) is appended to the tag's parent.
 *
 * The digest is SHA-1 over the element's C14N 1.0 form computed by libxml2
 * (canonical-element.ts) and the SignatureValue is RSA-SHA1 over the
 * canonical SignedInfo. The output is byte-for-byte the signature xml-crypto
 * produces for the same input (see xml-signature.test.ts).
 *
 * Why not `new SignedXml(...).computeSignature()` with this libxml2 C14N
 * plugged into its CanonicalizationAlgorithms (test-support/
 * xml-crypto-libxml2-signer.ts, same output, asserted by tests)? Measured on
 * a 10-item NF-e (CPU ms per document, 2-core machine under load, Nov 2026):
 * this function 1.2; xml-crypto with the plug-in and child-axis XPaths 13.6;
 * stock xml-crypto 20.5. C14N is not xml-crypto's cost (~1.5 ms either way):
 * its xmldom work is — parsing (~2 ms), cloning infNFe before the transforms
 * (~6 ms), the whole-document `//SignedInfo` XPath scan it hard-codes
 * (~5 ms), two serialisations (~2 ms). `npm run bench:xml` gives ~63
 * documents/s per CPU core through xml-crypto against ~490 through this
 * function, below the 300, so xml-crypto stays the reference.
 */
export function signXml(xml: string, credentials: SigningCredentials, options: { tag: SignedTag; nestedSignatures?: boolean }): string {
  const { tag } = options;
  const id = idOf(xml, tag);
  const location = id ? locateElement(xml, tag) : null;
  if (!id || !location) throw new Error(`signXml: no <${tag} Id="…"> element to sign`);
  if (!location.parent) throw new Error(`signXml: <${tag}> must have a parent element to hold the Signature`);
  const element = xml.slice(location.start, location.end);
  // The enveloped-signature transform would remove a Signature inside the element; we never sign such input.
  // An NFS-e embeds the signed DPS (an NFS-e event the signed request): that inner Signature is
  // not the enveloped one, so it stays in the digest (nestedSignatures).
  if (!options.nestedSignatures && element.includes("<Signature")) throw new Error(`signXml: <${tag}> already contains a Signature`);
  const digest = createHash("sha1").update(canonicalElement(xml, location)).digest("base64");
  const info = signedInfo(id, digest, location.inherited);
  const value = sign("sha1", Buffer.from(info.canonical, "utf8"), privateKeyOf(credentials.privateKeyPem)).toString("base64");
  const signature =
    `<Signature xmlns="${DSIG}">${info.written}<SignatureValue>${value}</SignatureValue>` +
    `<KeyInfo><X509Data><X509Certificate>${certificateBodyOf(credentials.certificatePem)}</X509Certificate></X509Data></KeyInfo></Signature>`;
  const parentClose = `</${location.parent}>`;
  const insertAt = xml.indexOf(parentClose, location.end);
  if (insertAt < 0 || new RegExp(`<${location.parent}[\\s>]`).test(xml.slice(location.end, insertAt))) {
    throw new Error(`signXml: cannot find the end of <${location.parent}>`);
  }
  return xml.slice(0, insertAt) + signature + xml.slice(insertAt);
}

/**
 * An enveloped signature of the whole document (Reference URI ""), as some
 * ABRASF city systems ask (ACBr's IncluirURI := False): the digest covers the
 * root element as it stands before this Signature is inserted (the
 * enveloped-signature transform removes exactly that Signature), and the
 * Signature is appended to the last element named `inside` (Rps, Pedido or the
 * root itself). A later whole-document signature would cover this one, and this
 * one would not survive it: sign once per document this way.
 */
export function signWholeDocument(xml: string, credentials: SigningCredentials, options: { inside: string }): string {
  const root = /^(?:\s*<\?[^>]*\?>)?\s*<([\w.-]+)[\s>]/.exec(xml)?.[1];
  const location = root ? locateElement(xml, root) : null;
  if (!root || !location) throw new Error("signWholeDocument: no root element");
  const digest = createHash("sha1").update(canonicalElement(xml, location)).digest("base64");
  const info = signedInfoFor("", digest, new Map());
  const value = sign("sha1", Buffer.from(info.canonical, "utf8"), privateKeyOf(credentials.privateKeyPem)).toString("base64");
  const signature =
    `<Signature xmlns="${DSIG}">${info.written}<SignatureValue>${value}</SignatureValue>` +
    `<KeyInfo><X509Data><X509Certificate>${certificateBodyOf(credentials.certificatePem)}</X509Certificate></X509Data></KeyInfo></Signature>`;
  const insertAt = xml.lastIndexOf(`</${options.inside}>`);
  if (insertAt < 0) throw new Error(`signWholeDocument: no </${options.inside}>`);
  return xml.slice(0, insertAt) + signature + xml.slice(insertAt);
}

/** Checks a whole-document signature (Reference URI "") with xml-crypto; the certificate in KeyInfo is returned. */
export function verifyWholeDocumentSignature(xml: string): SignatureCheck {
  const signature = signatureBlocks(xml).find((block) => block.includes('URI=""'));
  if (!signature) return { valid: false, reason: 'No Signature with Reference URI ""' };
  const certificatePem = certificateOf(signature);
  if (!certificatePem) return { valid: false, reason: "Signature has no X509Certificate" };
  return verifyWithXmlCrypto(xml, "", signature, certificatePem);
}

function signatureBlocks(xml: string): string[] {
  return xml.match(/<Signature\b[^>]*>[\s\S]*?<\/Signature>/g) ?? [];
}

function certificateOf(signature: string): string | null {
  const match = /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(signature);
  if (!match?.[1]) return null;
  return pemOf(match[1]);
}

// An issuer's documents all carry its one certificate: rebuilt into PEM once, and the same string
// every time, so the caches keyed by PEM (public key, the simulator's certificate checks) hash it once.
const pemOf = cachedPerPem((written) => {
  const lines = written.replace(/\s+/g, "").match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`;
}, 1000);

const publicKeyOf = cachedPerPem((certificatePem): KeyObject => createPublicKey(certificatePem), 1000);

const ALLOWED_TRANSFORMS = new Set([ENVELOPED, C14N]);
const text = (block: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(block)?.[1]?.replace(/\s+/g, "") ?? null;
const algorithm = (block: string, tag: string) => new RegExp(`<${tag}\\s+Algorithm="([^"]+)"`).exec(block)?.[1] ?? null;

/**
 * The SEFAZ profile verified natively: C14N by libxml2 for the referenced
 * element and for SignedInfo, SHA-1 digest, RSA-SHA1 with node:crypto.
 * Returns null when the signature has another shape (prefixed, several
 * references), which xml-crypto then checks.
 */
function verifyProfile(xml: string, tag: SignedTag, id: string, signature: string, certificatePem: string): SignatureCheck | null {
  const references = signature.match(/<Reference\b/g)?.length ?? 0;
  if (!signature.startsWith(`<Signature xmlns="${DSIG}"`) || references !== 1) return null;
  if (algorithm(signature, "CanonicalizationMethod") !== C14N) return { valid: false, reason: "CanonicalizationMethod is not C14N 1.0" };
  if (algorithm(signature, "DigestMethod") !== SHA1) return { valid: false, reason: "DigestMethod is not SHA-1" };
  const transforms = [...signature.matchAll(/<Transform\s+Algorithm="([^"]+)"/g)].map((m) => m[1] as string);
  if (transforms.some((t) => !ALLOWED_TRANSFORMS.has(t))) return { valid: false, reason: "Unsupported transform" };
  const digestValue = text(signature, "DigestValue");
  const signatureValue = text(signature, "SignatureValue");
  if (!digestValue || !signatureValue) return { valid: false, reason: "Signature without DigestValue or SignatureValue" };

  const element = locateElement(xml, tag);
  if (!element) return { valid: false, reason: `No <${tag}> element` };
  if (xml.slice(element.start, element.end).includes("<Signature")) return null; // enveloped removal needed: rare, let xml-crypto do it
  const digest = createHash("sha1").update(canonicalElement(xml, element)).digest("base64");
  if (digest !== digestValue) return { valid: false, reason: `Digest of #${id} does not match: the document was changed after signing` };

  // SignedInfo is canonicalised in its place in the document: it inherits every namespace in scope there.
  const info = locateElementAfter(xml, "SignedInfo", element, xml.indexOf(signature));
  if (!info) return { valid: false, reason: "Signature without SignedInfo" };
  const signed = verify("sha1", canonicalElement(xml, info), publicKeyOf(certificatePem), Buffer.from(signatureValue, "base64"));
  return signed ? { valid: true, certificatePem, referenceId: id } : { valid: false, reason: "SignatureValue does not verify with the certificate in KeyInfo" };
}

/**
 * Checks the signature of the signed element (infNFe, infEvento or infInut,
 * found automatically): the reference must point at that element's Id, its
 * digest must match the current content (any change after signing fails — the
 * simulator answers cStat 297) and the RSA signature must verify with the
 * certificate embedded in KeyInfo, which is returned for the CNPJ check.
 * Tests cross-check every verdict with xml-crypto and xmlsec1. xml-crypto's
 * checkSignature is only the fallback: it costs ~28 ms of CPU per 10-item
 * NF-e (three whole-document Id XPath scans, DOM cloning) against ~1 ms here.
 */
export function verifyXmlSignature(xml: string, only?: SignedTag): SignatureCheck {
  const tag = only ? (idOf(xml, only) !== null ? only : undefined) : SIGNED_TAGS.find((t) => idOf(xml, t) !== null);
  if (!tag) return { valid: false, reason: `No signed element (${only ?? "infNFe, infEvento or infInut"} with an Id)` };
  const id = idOf(xml, tag) as string;
  const signature = signatureBlocks(xml).find((block) => block.includes(`URI="#${id}"`));
  if (!signature) return { valid: false, reason: `No Signature references #${id}` };
  if (!signature.includes(`Algorithm="${RSA_SHA1}"`)) return { valid: false, reason: "Signature algorithm is not RSA-SHA1" };
  const certificatePem = certificateOf(signature);
  if (!certificatePem) return { valid: false, reason: "Signature has no X509Certificate" };
  try {
    const profile = verifyProfile(xml, tag, id, signature, certificatePem);
    if (profile) return profile;
    return verifyWithXmlCrypto(xml, id, signature, certificatePem);
  } catch (error) {
    return { valid: false, reason: `Signature does not verify: ${(error as Error).message}` };
  }
}

/** Generic XMLDSig verification by xml-crypto (any serialisation of the signature). */
export function verifyWithXmlCrypto(xml: string, id: string, signature: string, certificatePem: string): SignatureCheck {
  try {
    const verifier = new SignedXml({ publicCert: certificatePem });
    verifier.loadSignature(signature);
    if (!verifier.checkSignature(xml)) return { valid: false, reason: "Signature does not verify" };
    return { valid: true, certificatePem, referenceId: id };
  } catch (error) {
    return { valid: false, reason: `Signature does not verify: ${(error as Error).message}` };
  }
}
