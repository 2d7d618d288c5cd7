// Opening a PKCS#12 with node-forge: the costly part of reading an A1 (its
// key derivations), kept in plain JavaScript so the same code runs on the
// caller's thread and in pkcs12-worker.mjs. The caller checks the iteration
// counts first (pkcs12-iterations.ts).
import forge from "node-forge";

const OID_KEY_BAG = "1.2.840.113549.1.12.10.1.1";
const OID_SHROUDED_KEY_BAG = "1.2.840.113549.1.12.10.1.2";
const OID_CERT_BAG = "1.2.840.113549.1.12.10.1.3";

export class Pkcs12OpenError extends Error {
  /** @param {"structure" | "open"} stage @param {string} message */
  constructor(stage, message) {
    super(message);
    this.stage = stage;
  }
}

/**
 * @param {Uint8Array} pfx
 * @param {string} password
 * @returns {{ privateKeyPems: string[]; certificatePems: string[] }}
 */
export function openPkcs12Bags(pfx, password) {
  let der;
  try {
    der = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(pfx).toString("binary")), { parseAllBytes: false });
  } catch (error) {
    throw new Pkcs12OpenError("structure", error instanceof Error ? error.message : String(error));
  }
  let p12;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(der, false, password);
  } catch (error) {
    throw new Pkcs12OpenError("open", error instanceof Error ? error.message : String(error));
  }
  const bagsOf = (type) => p12.getBags({ bagType: type })[type] ?? [];
  const privateKeyPems = [...bagsOf(OID_SHROUDED_KEY_BAG), ...bagsOf(OID_KEY_BAG)]
    .map((bag) => bag.key)
    .filter(Boolean)
    .map((key) => forge.pki.privateKeyToPem(key));
  const certificatePems = bagsOf(OID_CERT_BAG)
    .map((bag) => bag.cert)
    .filter(Boolean)
    .map((certificate) => forge.pki.certificateToPem(certificate));
  return { privateKeyPems, certificatePems };
}
