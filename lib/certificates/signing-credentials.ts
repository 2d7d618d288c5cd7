import { db, type DbClient } from "@/lib/db/client";
import { decrypt } from "@/lib/crypto";
import { DomainError } from "@/lib/errors";
import { parsePkcs12 } from "./parse-pkcs12";

export type SigningCredentials = { certificateId: string; privateKeyPem: string; certificatePem: string; holderCnpj: string; notAfter: Date };

// Decrypting and opening a PKCS#12 costs milliseconds of PBKDF work; emission signs
// many documents per second, so decrypted credentials are kept per certificate id.
// A replaced certificate gets a new id, so the cache never serves a stale one.
const cache = new Map<string, SigningCredentials>();
const MAX_CACHED = 500;

export function clearSigningCredentialsCache(): void {
  cache.clear();
}

/** The active certificate's key and certificate for XML signing and mutual TLS. */
export async function loadSigningCredentials(companyId: string, client: DbClient = db, now: Date = new Date()): Promise<SigningCredentials> {
  const active = await client.certificate.findFirst({
    where: { companyId, isActive: true },
    orderBy: { createdAt: "desc" },
    select: { id: true, notAfter: true },
  });
  if (!active) {
    throw new DomainError(422, "certificate_missing", "The company has no digital certificate (A1); upload one in the dashboard under Certificate");
  }
  if (active.notAfter.getTime() <= now.getTime()) {
    throw new DomainError(422, "certificate_expired", `The company's certificate expired on ${active.notAfter.toISOString().slice(0, 10)}; upload a valid one`);
  }
  const cached = cache.get(active.id);
  if (cached) return cached;

  const record = await client.certificate.findFirstOrThrow({
    where: { id: active.id, companyId },
    select: { encryptedPfx: true, encryptedPassword: true, holderCnpj: true, notAfter: true },
  });
  const parsed = parsePkcs12(decrypt(record.encryptedPfx), decrypt(record.encryptedPassword).toString("utf8"));
  const credentials: SigningCredentials = {
    certificateId: active.id,
    privateKeyPem: parsed.privateKeyPem,
    certificatePem: parsed.certificatePem,
    holderCnpj: record.holderCnpj,
    notAfter: record.notAfter,
  };
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(active.id, credentials);
  return credentials;
}
