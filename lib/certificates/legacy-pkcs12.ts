import { randomBytes } from "node:crypto";
import forge from "node-forge";

// Produces the PKCS#12 layout OpenSSL wrote by default before 3.0 (and that many
// ICP-Brasil A1 files still have): the certificate SafeContents inside an
// encryptedData under pbeWithSHAAnd40BitRC2-CBC (PKCS#12 v1.1, appendix C).
// node-forge reads it but cannot write it; tests need such files to prove we load them.
const asn1 = forge.asn1;
const OID_DATA = "1.2.840.113549.1.7.1";
const OID_ENCRYPTED_DATA = "1.2.840.113549.1.7.6";
const OID_CERT_BAG = "1.2.840.113549.1.12.10.1.3";
const OID_PBE_SHA1_RC2_40 = "1.2.840.113549.1.12.1.6";
const OID_SHA1 = "1.3.14.3.2.26";
const ITERATIONS = 2048;

const seq = (value: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, value);
const oid = (value: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(value).getBytes());
const octets = (bytes: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes);
const integer = (value: number) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(value).getBytes());
const explicit0 = (value: forge.asn1.Asn1) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [value]);

function child(node: forge.asn1.Asn1 | undefined, index: number): forge.asn1.Asn1 {
  const found = Array.isArray(node?.value) ? node.value[index] : undefined;
  if (!found) throw new Error("unexpected PKCS#12 structure");
  return found;
}

function pkcs12Key(password: string, salt: string, id: 1 | 2 | 3, length: number): string {
  return forge.pkcs12.generateKey(password, forge.util.createBuffer(salt), id, ITERATIONS, length).getBytes();
}

function encryptRc2(safeContents: string, password: string): forge.asn1.Asn1 {
  const salt = randomBytes(8).toString("binary");
  const cipher = forge.rc2.createEncryptionCipher(pkcs12Key(password, salt, 1, 5), 40);
  cipher.start(pkcs12Key(password, salt, 2, 8));
  cipher.update(forge.util.createBuffer(safeContents));
  cipher.finish();
  return seq([
    oid(OID_ENCRYPTED_DATA),
    explicit0(
      seq([
        integer(0),
        seq([
          oid(OID_DATA),
          seq([oid(OID_PBE_SHA1_RC2_40), seq([octets(salt), integer(ITERATIONS)])]),
          asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, false, cipher.output.getBytes()),
        ]),
      ]),
    ),
  ]);
}

function holdsCertificates(safeContentsDer: string): boolean {
  const bags = asn1.fromDer(safeContentsDer).value as forge.asn1.Asn1[];
  return bags.some((bag) => asn1.derToOid(child(bag, 0).value as string) === OID_CERT_BAG);
}

/** Rewrites a PFX so its certificate bags are RC2-40 encrypted, and recomputes the SHA-1 MAC. */
export function encryptCertificateSafeWithRc2(pfxDer: Buffer, password: string): Buffer {
  const pfx = asn1.fromDer(pfxDer.toString("binary"));
  const authSafeOctets = child(child(child(pfx, 1), 1), 0);
  const contentInfos = asn1.fromDer(authSafeOctets.value as string).value as forge.asn1.Asn1[];

  const rewritten = contentInfos.map((info) => {
    if (asn1.derToOid(child(info, 0).value as string) !== OID_DATA) return info;
    const safeContents = child(child(info, 1), 0).value as string;
    return holdsCertificates(safeContents) ? encryptRc2(safeContents, password) : info;
  });
  const authenticatedSafe = asn1.toDer(seq(rewritten)).getBytes();

  const macSalt = randomBytes(8).toString("binary");
  const hmac = forge.hmac.create();
  hmac.start("sha1", pkcs12Key(password, macSalt, 3, 20));
  hmac.update(authenticatedSafe);
  const macData = seq([
    seq([seq([oid(OID_SHA1), asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, "")]), octets(hmac.digest().getBytes())]),
    octets(macSalt),
    integer(ITERATIONS),
  ]);

  const result = seq([child(pfx, 0), seq([oid(OID_DATA), explicit0(octets(authenticatedSafe))]), macData]);
  return Buffer.from(asn1.toDer(result).getBytes(), "binary");
}
