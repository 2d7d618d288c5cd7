import pg from "pg";
import { applyMigrations } from "./apply-migrations";

// A migrated PostgreSQL database that lives for one test run, e2e run or
// benchmark, created and dropped through an admin connection. Only ever on
// this machine: a non-local server is refused (tests must not touch a real one).

export type ThrowawayDatabase = { name: string; url: string; drop: () => Promise<void> };

export const DEFAULT_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres";

export async function createThrowawayDatabase(
  prefix: string,
  adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? DEFAULT_ADMIN_URL,
  { migrate = true }: { migrate?: boolean } = {},
): Promise<ThrowawayDatabase> {
  if (!/^postgres(ql)?:\/\/[^/]*(127\.0\.0\.1|localhost)[:/]/.test(adminUrl)) {
    throw new Error(`Refusing to create a throwaway database on a non-local server (${new URL(adminUrl).host})`);
  }
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (migrate) await applyMigrations(url.toString());
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
