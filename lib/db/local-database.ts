import path from "node:path";
import { openEmbeddedDatabase } from "./embedded-postgres";

// Every entry point (start, dev, cli, worker, simulator, db:migrate, benches)
// finds its database the same way: DATABASE_URL when set, else the embedded
// PostgreSQL under DATA_DIR, started if no other process runs it.

export type ProcessDatabase = { url: string; embedded: boolean; startedHere: boolean; stop: () => Promise<void> };

export function dataDirectory(): string {
  return process.env.DATA_DIR ?? path.join(process.cwd(), "data");
}

/** Resolves the database and sets process.env.DATABASE_URL for the modules imported afterwards (env() reads it once). */
export async function openProcessDatabase(): Promise<ProcessDatabase> {
  const configured = process.env.DATABASE_URL;
  if (configured) return { url: configured, embedded: false, startedHere: false, stop: async () => undefined };
  const embedded = await openEmbeddedDatabase(dataDirectory());
  process.env.DATABASE_URL = embedded.url;
  return { url: embedded.url, embedded: true, startedHere: embedded.startedHere, stop: embedded.stop };
}
