import path from "node:path";
import { defineConfig } from "prisma/config";
import { createMigrationAdapter } from "./prisma/migration-adapter";

// engine "js": the WebAssembly schema engine, since the native one cannot be
// downloaded on our machines. DATABASE_URL is only needed by migrate commands.
export default defineConfig({
  schema: path.join("prisma", "schema"),
  migrations: { path: path.join("prisma", "migrations") },
  experimental: { adapter: true },
  engine: "js",
  async adapter() {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL must be set for Prisma migrate commands");
    return createMigrationAdapter(url);
  },
});
