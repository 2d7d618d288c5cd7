import pg from "pg";
import { applyMigrations } from "@/lib/db/apply-migrations";

// A fresh database per test run, migrated with the real migrations, dropped at the end.
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.CI !== "true" && !/127\.0\.0\.1|localhost/.test(ADMIN_URL)) {
    throw new Error("Refusing to run tests against a non-local database");
  }
  const database = `fiscal_test_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  const url = withDatabase(ADMIN_URL, database);
  await applyMigrations(url);
  process.env.DATABASE_URL = url;
  process.env.TEST_DATABASE_NAME = database;
  return async () => {
    if (process.env.KEEP_TEST_DATABASE === "1") return;
    const cleanup = new pg.Client({ connectionString: ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await cleanup.end();
  };
}
