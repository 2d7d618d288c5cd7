import forge from "node-forge";

// ICP-Brasil subjectAltName otherName fields (DOC-ICP-04, item 7.1.2.3).
export const OID_PJ_RESPONSIBLE_NAME = "2.16.76.1.3.2";
export const OID_PJ_CNPJ = "2.16.76.1.3.3";
export const OID_PJ_RESPONSIBLE_DATA = "2.16.76.1.3.4";
export const OID_PJ_CEI = "2.16.76.1.3.7";

const asn1 = forge.asn1;

/** otherName ::= [0] IMPLICIT SEQUENCE { type-id OID, value [0] EXPLICIT OCTET STRING } */
export function otherNameAsn1(oid: string, value: string): forge.asn1.Asn1 {
  return asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(oid).getBytes()),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, value),
    ]),
  ]);
}

/** The otherName values of a subjectAltName extension (raw DER of its value), by OID. */
export function readOtherNames(subjectAltNameDer: string): Map<string, string> {
  const names = new Map<string, string>();
  const sequence = asn1.fromDer(subjectAltNameDer);
  for (const generalName of sequence.value as forge.asn1.Asn1[]) {
    if (generalName.tagClass !== asn1.Class.CONTEXT_SPECIFIC || generalName.type !== 0) continue;
    const [oidNode, explicitValue] = generalName.value as forge.asn1.Asn1[];
    if (!oidNode || !explicitValue || oidNode.type !== asn1.Type.OID) continue;
    const inner = (explicitValue.value as forge.asn1.Asn1[])[0];
    // Issuers encode the value as OCTET STRING, PrintableString, UTF8String or IA5String.
    if (inner && typeof inner.value === "string") names.set(asn1.derToOid(oidNode.value as string), inner.value);
  }
  return names;
}
