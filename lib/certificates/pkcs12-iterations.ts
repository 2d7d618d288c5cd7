import forge from "node-forge";
import { DomainError } from "@/lib/errors";

// Every key derivation of a PKCS#12 repeats its hash as many times as the file
// says (MAC, each encrypted safe, each shrouded key), and node-forge does it in
// JavaScript: a 2.5 KB file asking for 10,000,000 iterations held a process for
// 21 s (issue 34, item 2). Real A1 files use 2,048 (OpenSSL, the ACs' tools) or
// up to 10,000 (Windows, Java keytool); 100,000 leaves a tenfold margin and
// keeps the worst parse within the worker's time limit (150,000 took 2.7 s on
// the shared 2-core test machine). The counts are read from the ASN.1
// structure before any derivation; a layout this reader does not follow is left
// to the parser, which runs off the event loop with a time limit.

export const MAX_PKCS12_ITERATIONS = 100_000;

const asn1 = forge.asn1;
type Node = forge.asn1.Asn1;

const OID_DATA = "1.2.840.113549.1.7.1";
const OID_ENCRYPTED_DATA = "1.2.840.113549.1.7.6";
const OID_SHROUDED_KEY_BAG = "1.2.840.113549.1.12.10.1.2";
const OID_SAFE_CONTENTS_BAG = "1.2.840.113549.1.12.10.1.6";
const OID_PBES2 = "1.2.840.113549.1.5.13";
const PKCS12_PBE_PREFIX = "1.2.840.113549.1.12.1.";

const children = (node: Node | null | undefined): Node[] => (node && Array.isArray(node.value) ? node.value : []);
const oidOf = (node: Node | undefined): string | null =>
  node && node.type === asn1.Type.OID && typeof node.value === "string" ? asn1.derToOid(node.value) : null;

/** An OCTET STRING's bytes, BER-constructed (chunked) or not. */
function octetsOf(node: Node | undefined): string | null {
  if (!node) return null;
  if (typeof node.value === "string") return node.value;
  const parts = children(node).map(octetsOf);
  return parts.every((part) => part !== null) ? parts.join("") : null;
}

/** An INTEGER as a number; anything past 2^48 or negative counts as unbounded. */
function countOf(node: Node | undefined): number | null {
  if (!node || node.type !== asn1.Type.INTEGER || typeof node.value !== "string") return null;
  const bytes = node.value;
  if (bytes.length === 0) return null;
  if (bytes.length > 6 || bytes.charCodeAt(0) & 0x80) return Number.POSITIVE_INFINITY;
  let value = 0;
  for (let i = 0; i < bytes.length; i++) value = value * 256 + bytes.charCodeAt(i);
  return value;
}

function parseDer(bytes: string | null): Node | null {
  if (bytes === null) return null;
  try {
    return asn1.fromDer(bytes, { parseAllBytes: false } as never);
  } catch {
    return null;
  }
}

/** The iteration count of a PKCS#12 PBE or PBES2/PBKDF2 AlgorithmIdentifier. */
function algorithmCount(algorithm: Node | undefined): number[] {
  const [oidNode, params] = children(algorithm);
  const oid = oidOf(oidNode);
  if (oid?.startsWith(PKCS12_PBE_PREFIX)) return [countOf(children(params)[1])].filter((n): n is number => n !== null);
  if (oid === OID_PBES2) {
    const kdfParams = children(children(params)[0])[1];
    return [countOf(children(kdfParams)[1])].filter((n): n is number => n !== null);
  }
  return [];
}

function safeContentsCounts(safeContents: Node | null, depth = 0): number[] {
  if (!safeContents || depth > 4) return [];
  return children(safeContents).flatMap((bag) => {
    const [bagId, wrapped] = children(bag);
    const value = children(wrapped)[0];
    const oid = oidOf(bagId);
    if (oid === OID_SHROUDED_KEY_BAG) return algorithmCount(children(value)[0]);
    if (oid === OID_SAFE_CONTENTS_BAG) return safeContentsCounts(value ?? null, depth + 1);
    return [];
  });
}

/** The iteration counts a PKCS#12 declares where they can be read without a password (MAC, safes, keys in clear safes). */
export function readPkcs12IterationCounts(pfx: Buffer): number[] {
  const root = parseDer(pfx.toString("binary"));
  if (!root) return [];
  const [, authSafe, macData] = children(root);
  const counts: number[] = [];
  if (macData) counts.push(countOf(children(macData)[2]) ?? 1);
  const authenticatedSafe = parseDer(octetsOf(children(children(authSafe)[1])[0]));
  for (const contentInfo of children(authenticatedSafe)) {
    const [type, explicit] = children(contentInfo);
    const content = children(explicit)[0];
    const oid = oidOf(type);
    if (oid === OID_DATA) counts.push(...safeContentsCounts(parseDer(octetsOf(content))));
    if (oid === OID_ENCRYPTED_DATA) counts.push(...algorithmCount(children(children(content)[1])[1]));
  }
  return counts;
}

/** Refuses, before any key derivation, a file that asks for more iterations than any real A1. */
export function assertPkcs12IterationsBounded(pfx: Buffer, bound = MAX_PKCS12_ITERATIONS): void {
  const highest = Math.max(0, ...readPkcs12IterationCounts(pfx));
  if (highest > bound) {
    const shown = Number.isFinite(highest) ? highest.toLocaleString("en-US") : "an unbounded number of";
    throw new DomainError(
      422,
      "certificate_invalid",
      `The PKCS#12 file asks for ${shown} key-derivation iterations; at most ${bound.toLocaleString("en-US")} are accepted (real A1 files use 2,048 to 10,000). Export the certificate again with default settings`,
    );
  }
}
