// Until the first release, the schema has a single init migration, rebuilt
// from prisma/schema with `npm run db:migration:regenerate` (Prisma's own
// `migrate diff`, offline). After the first release, add incremental
// migrations with `npm run db:migration:new -- <name>` instead.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const dir = path.join("prisma", "migrations");
const existing = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
const name = existing.find((n) => n.endsWith("_init")) ?? "20261121000000_init";
const result = spawnSync(
  process.execPath,
  ["node_modules/prisma/build/index.js", "migrate", "diff", "--from-empty", "--to-schema-datamodel", "prisma/schema", "--script"],
  { encoding: "utf8", env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres" } },
);
if (result.status !== 0) {
  console.error(result.stderr);
  process.exit(1);
}
// Migrations marked "-- manual:" hold what Prisma's schema cannot express (storage settings); they stay.
const manual = (other: string) => readFileSync(path.join(dir, other, "migration.sql"), "utf8").startsWith("-- manual:");
for (const other of existing) if (other !== name && !manual(other)) rmSync(path.join(dir, other), { recursive: true });
mkdirSync(path.join(dir, name), { recursive: true });
writeFileSync(path.join(dir, name, "migration.sql"), result.stdout);
console.log(`Rewrote ${path.join(dir, name, "migration.sql")}`);
