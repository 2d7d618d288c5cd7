// `npm run test:e2e`: a fresh database for the Playwright run (the production
// build serves it), dropped afterwards. Refuses a non-local database.
import { spawnSync } from "node:child_process";
import pg from "pg";
import { applyMigrations } from "@/lib/db/apply-migrations";

const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
if (!/127\.0\.0\.1|localhost/.test(adminUrl)) throw new Error("Refusing to run e2e tests against a non-local database");

async function main(): Promise<number> {
  const database = `fiscal_e2e_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  try {
    await applyMigrations(url.toString());
    const result = spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)], {
      stdio: "inherit",
      env: { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: `/tmp/${database}` },
    });
    return result.status ?? 1;
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  }
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
