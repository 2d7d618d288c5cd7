import { createPrivateKey, type KeyObject } from "node:crypto";
import {
  SignedXml,
  type CanonicalizationOrTransformationAlgorithm,
  type CanonicalizationOrTransformationAlgorithmProcessOptions,
} from "xml-crypto";
import { canonicalDocument, locateElement } from "@/lib/fiscal/xml/canonical-element";
import type { SignedTag, SigningCredentials } from "@/lib/fiscal/xml/xml-signature";

// xml-crypto driving the whole signature (SignedInfo, digest, SignatureValue,
// KeyInfo) with libxml2's C14N plugged in through SignedXml's
// CanonicalizationAlgorithms map. It is not the production path: xml-crypto's
// own xmldom work costs ~13 ms of CPU per 10-item NF-e whichever C14N it uses
// (see the comment on signXml in xml-signature.ts). Kept so tests prove the
// plug-in interchangeable with signXml and `npm run bench:xml` keeps measuring it.

const C14N = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315";
const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
const XMLNS = "http://www.w3.org/2000/xmlns/";
const ELEMENT_NODE = 1;

/**
 * Inclusive C14N 1.0 (without comments) computed by libxml2 — the engine
 * xmlsec1 uses — for xml-crypto. xml-crypto hands over its private copy of the
 * subtree plus the namespaces the subtree inherits (ancestorNamespaces);
 * inclusive C14N renders those on the apex, so they are declared on the copy
 * before it is serialised and canonicalised as a standalone document.
 */
export class Libxml2C14nCanonicalization implements CanonicalizationOrTransformationAlgorithm {
  process(node: Node, options: CanonicalizationOrTransformationAlgorithmProcessOptions): string {
    if (node.nodeType !== ELEMENT_NODE) throw new Error("libxml2 C14N: only an element subtree can be canonicalised");
    const element = node as Element;
    if (!element.prefix && element.namespaceURI && !element.hasAttribute("xmlns")) {
      element.setAttributeNS(XMLNS, "xmlns", element.namespaceURI);
    }
    for (const { prefix, namespaceURI } of options.ancestorNamespaces ?? []) {
      const name = prefix ? `xmlns:${prefix}` : "xmlns";
      if (!element.hasAttribute(name)) element.setAttributeNS(XMLNS, name, namespaceURI);
    }
    return canonicalDocument(element.toString());
  }

  getAlgorithmName(): string {
    return C14N;
  }
}

const privateKeys = new Map<string, KeyObject>();

function privateKeyOf(pem: string): KeyObject {
  let key = privateKeys.get(pem);
  if (!key) {
    key = createPrivateKey(pem);
    privateKeys.set(pem, key);
  }
  return key;
}

/**
 * The NF-e XMLDSig profile produced by `new SignedXml(...).computeSignature()`
 * with the libxml2 C14N plug-in. The XPaths walk the child axis from the root
 * (a `//` search costs ~4 ms per document in the xpath package) and the key is
 * parsed once, so what is measured is xml-crypto's own minimum.
 */
export function signWithXmlCryptoAndLibxml2(xml: string, credentials: SigningCredentials, tag: SignedTag): string {
  const location = locateElement(xml, tag);
  if (!location || location.ancestors.length === 0) throw new Error(`signWithXmlCryptoAndLibxml2: no <${tag}> inside a parent`);
  const parentPath = location.ancestors.map((name) => `/*[local-name(.)='${name.replace(/^.*:/, "")}'][1]`).join("");
  const signer = new SignedXml({
    privateKey: privateKeyOf(credentials.privateKeyPem),
    publicCert: credentials.certificatePem,
    signatureAlgorithm: "http://www.w3.org/2000/09/xmldsig#rsa-sha1",
    canonicalizationAlgorithm: C14N,
  });
  signer.CanonicalizationAlgorithms = { ...signer.CanonicalizationAlgorithms, [C14N]: Libxml2C14nCanonicalization };
  signer.addReference({
    xpath: `${parentPath}/*[local-name(.)='${tag}'][1]`,
    transforms: [ENVELOPED, C14N],
    digestAlgorithm: "http://www.w3.org/2000/09/xmldsig#sha1",
  });
  signer.computeSignature(xml, { location: { reference: parentPath, action: "append" } });
  return signer.getSignedXml();
}
