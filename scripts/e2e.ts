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
      // The server's simulator on a port of its own (3199 unless set): vitest runs beside this run
      // (scripts/test-stages.ts), and a file of it may start an app with the default 3999.
      env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: `/tmp/${database.name}`, SIMULATOR_PORT: process.env.E2E_SIMULATOR_PORT ?? "3199" },
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
