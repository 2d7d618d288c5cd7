import { sql, type Queryable } from "@/lib/db/sql";
import { decrypt } from "@/lib/crypto/aes-gcm";
import { certificateEncryptionKey, KEY_VARIABLE } from "@/lib/crypto/encryption-key";

// Checked when a web or worker process starts (instrumentation.ts,
// scripts/start.ts, scripts/worker.ts): a missing key, or a key other than the
// one the stored certificates were encrypted with, stops the process with a
// message naming the variable, before it takes any work. Otherwise a worker
// would fail every signature (documents REJECTED with their numbers consumed)
// and a web process would encrypt new certificates nobody else can open.

/** The key is missing, malformed or not the one the stored certificates were encrypted with. */
export class CertificateKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CertificateKeyError";
  }
}

// to_regclass: a database not migrated yet (a worker started before the first `npm start`) has no table and no certificate.
const CERTIFICATE_TABLE_EXISTS = `SELECT to_regclass('"Certificate"') IS NOT NULL AS "migrated"`;
const LATEST_CERTIFICATE = `SELECT "id", "encryptedPfx" FROM "Certificate" ORDER BY "createdAt" DESC LIMIT 1`;

function usableKey(): Buffer {
  try {
    return certificateEncryptionKey();
  } catch (error) {
    throw new CertificateKeyError((error as Error).message);
  }
}

/**
 * Throws CertificateKeyError (naming CERTIFICATE_ENCRYPTION_KEY) when the key is
 * absent, malformed, or cannot open the latest stored certificate; a database
 * that cannot be read throws its own error.
 */
export async function assertKeyOpensCertificates(client: Queryable): Promise<void> {
  const key = usableKey();
  const [schema] = await sql<{ migrated: boolean }>(client, CERTIFICATE_TABLE_EXISTS);
  if (!schema?.migrated) return;
  const [latest] = await sql<{ id: string; encryptedPfx: Buffer }>(client, LATEST_CERTIFICATE);
  if (!latest) return;
  try {
    decrypt(latest.encryptedPfx, key);
  } catch {
    throw new CertificateKeyError(
      `${KEY_VARIABLE} does not open the certificates stored in this database (certificate ${latest.id}): ` +
        `this process was given another key than the one they were encrypted with. Give every process the same ${KEY_VARIABLE}.`,
    );
  }
}
