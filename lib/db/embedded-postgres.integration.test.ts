import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "./apply-migrations";
import { createPool } from "./client";
import { openEmbeddedDatabase, type EmbeddedDatabase } from "./embedded-postgres";
import { sql } from "./sql";

// The embedded default is a real PostgreSQL server: many sessions at once, named statements per
// connection, data kept between starts, and other processes (the CLI) joining the running server.
describe("embedded PostgreSQL under DATA_DIR", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "fiscal-embedded-"));
  let server: EmbeddedDatabase;

  beforeAll(async () => {
    server = await openEmbeddedDatabase(dataDir);
    await applyMigrations(server.url);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves many connections at once (ten sessions sleeping concurrently overlap)", async () => {
    expect(server.startedHere).toBe(true);
    const pool = createPool(server.url, 10);
    try {
      const started = Date.now();
      const pids = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const [row] = await sql<{ pid: number }>(pool, `SELECT pg_backend_pid() AS "pid", pg_sleep(0.3) AS "slept"`);
          return row!.pid;
        }),
      );
      expect(new Set(pids).size).toBe(10);
      expect(Date.now() - started).toBeLessThan(2_500); // one session would take 3 s
    } finally {
      await pool.end();
    }
  });

  it("lets a second opener join the running server instead of starting another", async () => {
    const joined = await openEmbeddedDatabase(dataDir);
    expect(joined.startedHere).toBe(false);
    expect(joined.url).toBe(server.url);
    await joined.stop(); // a no-op for a joiner: the server stays up
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await client.end();
  });

  it("keeps its data across a stop and a new start", async () => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await client.query(`INSERT INTO "Tenant" (id, name, "updatedAt") VALUES ('kept-tenant', 'Kept', now())`);
    await client.end();
    await server.stop();
    server = await openEmbeddedDatabase(dataDir);
    expect(server.startedHere).toBe(true);
    const again = new pg.Client({ connectionString: server.url });
    await again.connect();
    const { rows } = await again.query(`SELECT name FROM "Tenant" WHERE id = 'kept-tenant'`);
    await again.end();
    expect(rows).toEqual([{ name: "Kept" }]);
  }, 60_000);

  it("is used by the operator CLI with no DATABASE_URL, while the server runs", () => {
    const environment: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: undefined };
    const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/cli.ts", "tenant", "list", "--json"], {
      env: environment,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.stderr).not.toContain("error:");
    expect(result.status).toBe(0);
    const tenants = JSON.parse(result.stdout) as { id: string; name: string }[];
    expect(tenants.map((t) => t.id)).toContain("kept-tenant");
  }, 60_000);

  it("is used by the operator CLI when no server runs: started for the command, stopped after it", async () => {
    await server.stop();
    const environment: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: undefined };
    const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/cli.ts", "tenant", "list"], { env: environment, encoding: "utf8", timeout: 60_000 });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^id\s+name\s+companies\s+users\s+createdAt\n-+/);
    expect(result.stdout).toContain("kept-tenant  Kept");
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
    server = await openEmbeddedDatabase(dataDir); // afterAll stops it
  }, 60_000);
});
