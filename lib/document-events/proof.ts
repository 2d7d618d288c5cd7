import { DomainError } from "@/lib/errors";
import { MAX_PROOF_BYTES, type DeliveryReceiptInput } from "./schemas";

// The delivery proof is trusted only when its bytes are what the declared
// content type says (magic numbers), never by the label alone.

const SIGNATURES: Record<DeliveryReceiptInput["proof"]["contentType"], number[]> = {
  "image/jpeg": [0xff, 0xd8, 0xff],
  "image/png": [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  "application/pdf": [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const invalidProof = (message: string) => new DomainError(422, "invalid_proof", message);

/** Decodes and checks the proof: canonical base64, at most 3 MB, bytes matching contentType. */
export function decodeProof(proof: DeliveryReceiptInput["proof"]): { bytes: Buffer; base64: string } {
  // Line breaks are tolerated (MIME-style base64); anything else must be the alphabet.
  const compact = proof.base64.replace(/^data:[^;,]+;base64,/, "").replace(/[\r\n]/g, "");
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) throw invalidProof("proof.base64 is not valid base64");
  if ((compact.length / 4) * 3 - (compact.match(/=+$/)?.[0].length ?? 0) > MAX_PROOF_BYTES) {
    throw invalidProof(`The proof exceeds ${MAX_PROOF_BYTES / (1024 * 1024)} MB`);
  }
  const bytes = Buffer.from(compact, "base64");
  if (bytes.length === 0) throw invalidProof("The proof is empty");
  const signature = SIGNATURES[proof.contentType];
  if (bytes.length < signature.length || !signature.every((byte, index) => bytes[index] === byte)) {
    throw invalidProof(`The proof's content is not ${proof.contentType} (its first bytes do not match the declared type)`);
  }
  return { bytes, base64: compact };
}
