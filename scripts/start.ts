// `npm start` (production build) and `npm run dev`: with DATABASE_URL, use that
// server; without it, run the embedded PostgreSQL under DATA_DIR. Either way,
// apply migrations, seed a demo on first start, then start Next.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { applyMigrations } from "@/lib/db/apply-migrations";
import { startEmbeddedPostgres } from "@/lib/db/embedded-postgres";
import { WEB_SERVER_NODE_FLAGS } from "./server-node-flags";

const dev = process.argv.includes("--dev");
const port = process.env.PORT ?? "3000";
const dataDir = process.env.DATA_DIR ?? path.join(process.cwd(), "data");
mkdirSync(dataDir, { recursive: true });

function persistentSecret(file: string): string {
  const target = path.join(dataDir, file);
  if (!existsSync(target)) writeFileSync(target, randomBytes(32).toString("base64"), { mode: 0o600 });
  return readFileSync(target, "utf8").trim();
}

async function main(): Promise<void> {
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!process.env.DATABASE_URL) {
    const embedded = await startEmbeddedPostgres(path.join(dataDir, "pglite"));
    process.env.DATABASE_URL = embedded.url;
    process.env.DATABASE_POOL_MAX = "1";
    stopEmbedded = embedded.stop;
    console.log(`Embedded PostgreSQL (PGlite) at ${path.join(dataDir, "pglite")}`);
  }
  process.env.NEXTAUTH_SECRET ??= persistentSecret("nextauth-secret");
  process.env.NEXTAUTH_URL ??= `http://localhost:${port}`;

  const applied = await applyMigrations(process.env.DATABASE_URL);
  if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);

  const { seedDemoIfEmpty } = await import("@/lib/seed");
  const demo = await seedDemoIfEmpty();
  const { closeDb } = await import("@/lib/db/client");
  await closeDb();
  if (demo) {
    console.log("\nFirst start: demo data created. These credentials are shown only once.");
    console.log(`  Dashboard:  http://localhost:${port}  email ${demo.email}  password ${demo.password}`);
    console.log(`  Company id: ${demo.companyId}`);
    console.log(`  API key:    ${demo.apiKey}\n`);
  }

  const next = spawn(process.execPath, [...WEB_SERVER_NODE_FLAGS, "node_modules/next/dist/bin/next", dev ? "dev" : "start", "-p", port], {
    stdio: "inherit",
    env: process.env,
  });
  const shutdown = (signal: NodeJS.Signals) => next.kill(signal);
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  next.on("exit", async (code) => {
    await stopEmbedded?.();
    process.exit(code ?? 0);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
