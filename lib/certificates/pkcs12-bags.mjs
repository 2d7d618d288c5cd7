// Opening a PKCS#12 with node-forge: the costly part of reading an A1 (its
// key derivations), kept in plain JavaScript so the same code runs on the
// caller's thread and in pkcs12-worker.mjs. The caller checks the iteration
// counts first (pkcs12-iterations.ts).
import { pbkdf2Sync } from "node:crypto";
import forge from "node-forge";

// node-forge derives PBKDF2 keys in JavaScript whenever the PRF comes as a digest object, which is
// how it reads PBES2 (the key bags of today's A1 files, HMAC-SHA256): about 12 ms of CPU per file
// opened, paid by every worker process for every company's certificate. Node's native PBKDF2 gives
// the same bytes (password and salt as forge's binary strings) in a fraction of it.
const NATIVE_PRF = { sha1: "sha1", sha256: "sha256", sha384: "sha384", sha512: "sha512" };
const forgePbkdf2 = forge.pkcs5.pbkdf2;
if (!forgePbkdf2.native) {
  const pbkdf2 = function (p, s, c, dkLen, md, callback) {
    const prf = md !== null && typeof md === "object" ? NATIVE_PRF[md.algorithm] : undefined;
    if (prf && typeof callback !== "function") {
      return pbkdf2Sync(Buffer.from(p, "binary"), Buffer.from(s, "binary"), c, dkLen, prf).toString("binary");
    }
    return forgePbkdf2(p, s, c, dkLen, md, callback);
  };
  pbkdf2.native = true;
  // forge's own, for the test that compares both (the module may be loaded once per process).
  pbkdf2.javascript = forgePbkdf2;
  forge.pkcs5.pbkdf2 = forge.pbkdf2 = pbkdf2;
}

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
