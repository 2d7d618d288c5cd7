// Runs the Prisma CLI offline. The CLI reads DATABASE_URL from the schema to
// detect its engine even for commands that never connect (generate), so a
// placeholder is set when none is given; connections use the adapters.
import { spawnSync } from "node:child_process";

const args = process.argv.slice(2);
const env: NodeJS.ProcessEnv = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
if (!env.DATABASE_URL) {
  if (args[0] === "migrate") {
    console.error("DATABASE_URL must point at the PostgreSQL server to migrate");
    process.exit(1);
  }
  env.DATABASE_URL = "postgresql://placeholder@127.0.0.1:5432/placeholder";
}
const result = spawnSync(process.execPath, ["node_modules/prisma/build/index.js", ...args], { stdio: "inherit", env });
process.exit(result.status ?? 1);
