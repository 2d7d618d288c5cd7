// `npm run test:e2e`: a fresh database for the Playwright run (the production
// build serves it), dropped afterwards.
import { spawnSync } from "node:child_process";
import { setThrowawayEncryptionKey } from "@/lib/crypto/encryption-key";
import { createThrowawayDatabase } from "@/lib/db/throwaway-database";

async function main(): Promise<number> {
  const database = await createThrowawayDatabase("fiscal_e2e");
  // An external database: the server and the specs share one key (they refuse to start without it).
  setThrowawayEncryptionKey();
  try {
    const result = spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)], {
      stdio: "inherit",
      env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: `/tmp/${database.name}` },
    });
    return result.status ?? 1;
  } finally {
    await database.drop();
  }
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
