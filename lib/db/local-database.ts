import path from "node:path";
import { adoptEmbeddedKeyFile } from "@/lib/crypto/encryption-key";
import { openEmbeddedDatabase } from "./embedded-postgres";

// Every entry point (start, dev, cli, worker, simulator, db:migrate, benches)
// finds its database the same way: DATABASE_URL when set, else the embedded
// PostgreSQL under DATA_DIR, started if no other process runs it. Only the
// embedded database has a generated certificate key (DATA_DIR); an external
// one needs CERTIFICATE_ENCRYPTION_KEY (lib/crypto/encryption-key.ts).

export type ProcessDatabase = { url: string; embedded: boolean; startedHere: boolean; stop: () => Promise<void> };

export function dataDirectory(): string {
  return process.env.DATA_DIR ?? path.join(process.cwd(), "data");
}

/**
 * Resolves the database and sets process.env.DATABASE_URL (and, for the
 * embedded one, CERTIFICATE_ENCRYPTION_KEY from its key file) for the modules
 * imported afterwards and the processes started after (env() reads them once).
 */
export async function openProcessDatabase(): Promise<ProcessDatabase> {
  const configured = process.env.DATABASE_URL;
  if (configured) return { url: configured, embedded: false, startedHere: false, stop: async () => undefined };
  const embedded = await openEmbeddedDatabase(dataDirectory());
  process.env.DATABASE_URL = embedded.url;
  adoptEmbeddedKeyFile(dataDirectory());
  return { url: embedded.url, embedded: true, startedHere: embedded.startedHere, stop: embedded.stop };
}
