import { db, type DbClient } from "@/lib/db/client";
import { sql, type Queryable } from "@/lib/db/sql";
import { decrypt } from "@/lib/crypto";
import { DomainError } from "@/lib/errors";
import { parseStoredPkcs12 } from "./parse-pkcs12";

/** chainPem: the intermediates the PFX carries, presented with the leaf in mutual TLS ("" when none). */
export type SigningCredentials = { certificateId: string; privateKeyPem: string; certificatePem: string; chainPem: string; holderCnpj: string; notAfter: Date };

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
  return credentialsOf({ id: active.id, companyId }, client);
}

/**
 * The credentials of a known certificate (its id read by the caller's own query, e.g. on the
 * emission hot path); decrypted once, then served from memory.
 */
export async function credentialsOf(certificate: { id: string; companyId: string }, client: DbClient | Queryable = db): Promise<SigningCredentials> {
  const cached = cache.get(certificate.id);
  if (cached) return cached;

  const record = "$queryRawUnsafe" in client ? await client.certificate.findFirstOrThrow({ where: { id: certificate.id, companyId: certificate.companyId }, select: STORED }) : await storedBySql(client, certificate);
  const parsed = await parseStoredPkcs12(decrypt(record.encryptedPfx), decrypt(record.encryptedPassword).toString("utf8"));
  const credentials: SigningCredentials = {
    certificateId: certificate.id,
    privateKeyPem: parsed.privateKeyPem,
    certificatePem: parsed.certificatePem,
    chainPem: parsed.chainPem,
    holderCnpj: record.holderCnpj,
    notAfter: record.notAfter,
  };
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(certificate.id, credentials);
  return credentials;
}

type StoredCertificate = { encryptedPfx: Uint8Array; encryptedPassword: Uint8Array; holderCnpj: string; notAfter: Date };
const STORED = { encryptedPfx: true, encryptedPassword: true, holderCnpj: true, notAfter: true } as const;

/** The same read on a pg connection (e.g. inside the emission's SQL transaction, which must not wait for a second connection). */
async function storedBySql(client: Queryable, certificate: { id: string; companyId: string }): Promise<StoredCertificate> {
  const [row] = await sql<StoredCertificate>(client, `SELECT "encryptedPfx", "encryptedPassword", "holderCnpj", "notAfter" FROM "Certificate" WHERE "id" = $1 AND "companyId" = $2`, [certificate.id, certificate.companyId]);
  if (!row) throw new Error(`Certificate ${certificate.id} not found`);
  return row;
}
