import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { randomCnpj } from "@/lib/br";
import { commands } from "@/lib/cli/commands";
import { db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { createTestCompany } from "@/test/factories";
import { createCompany } from "./create-company";

// Issue 34 problem 9: one company per CNPJ and environment across the installation.
const input = (cnpj: string, environment: "HOMOLOGATION" | "PRODUCTION" = "HOMOLOGATION", tenantId?: string) =>
  ({ legalName: "Empresa Repetida Ltda", cnpj, state: "SP", municipalityCode: "3550308", taxRegime: "NORMAL", environment, tenantId }) as const;

const MIGRATION = readFileSync(path.join(process.cwd(), "prisma/migrations/20261127050100_company_cnpj_environment_unique/migration.sql"), "utf8");

describe("one company per CNPJ and environment", () => {
  it("a second company with the CNPJ in that environment is 409 company_exists, from any tenant; the other environment is free", async () => {
    const first = await createTestCompany();
    const other = await createTestCompany();
    for (const tenantId of [first.tenantId, other.tenantId, undefined]) {
      const refused = await createCompany(input(first.cnpj, "HOMOLOGATION", tenantId)).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DomainError);
      expect(refused).toMatchObject({ status: 409, code: "company_exists" });
      // Names the CNPJ asked for, never the tenant or company holding it.
      expect((refused as DomainError).message).not.toContain(first.tenantId);
      expect((refused as DomainError).message).not.toContain(first.companyId);
    }
    const production = await createCompany(input(first.cnpj, "PRODUCTION"));
    expect(production.environment).toBe("PRODUCTION");
    expect(await db.company.count({ where: { cnpj: first.cnpj } })).toBe(2);
  });

  it("concurrent creations of one CNPJ leave exactly one company", async () => {
    const cnpj = randomCnpj();
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => createCompany(input(cnpj))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "company_exists" });
    expect(await db.company.count({ where: { cnpj } })).toBe(1);
  });

  it("the CLI's company create refuses it too", async () => {
    const { cnpj } = await createTestCompany();
    const flags = { name: "Outra Ltda", cnpj, state: "SP", "municipality-code": "3550308", regime: "NORMAL" };
    await expect(commands.company!.create!(flags)).rejects.toMatchObject({ status: 409, code: "company_exists" });
    await expect(commands.company!.create!({ ...flags, demo: true })).rejects.toMatchObject({ code: "company_exists" });
  });

  it("the migration reports existing duplicates (ids in a NOTICE), deletes nothing and leaves the index out", async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    const notices: string[] = [];
    client.on("notice", (notice) => notices.push(notice.message ?? ""));
    await client.connect();
    try {
      await client.query("BEGIN");
      await client.query(`DROP INDEX "Company_cnpj_environment_key"`);
      const cnpj = randomCnpj();
      await client.query(`INSERT INTO "Tenant" ("id", "name", "updatedAt") VALUES ('dup-tenant-a', 'A', now()), ('dup-tenant-b', 'B', now())`);
      await client.query(
        `INSERT INTO "Company" ("id", "tenantId", "cnpj", "legalName", "municipalityCode", "state", "taxRegime", "environment", "updatedAt")
         VALUES ('dup-company-a', 'dup-tenant-a', $1, 'A', '3550308', 'SP', 'NORMAL', 'HOMOLOGATION', now()),
                ('dup-company-b', 'dup-tenant-b', $1, 'B', '3550308', 'SP', 'NORMAL', 'HOMOLOGATION', now())`,
        [cnpj],
      );
      await client.query(MIGRATION);
      expect(notices.join("\n")).toContain(`CNPJ ${cnpj} in HOMOLOGATION: companies dup-company-a, dup-company-b`);
      const index = await client.query(`SELECT 1 FROM pg_indexes WHERE indexname = 'Company_cnpj_environment_key'`);
      expect(index.rowCount).toBe(0);
      expect((await client.query(`SELECT count(*)::int AS n FROM "Company" WHERE "cnpj" = $1`, [cnpj])).rows[0].n).toBe(2);

      // Without duplicates the same migration creates the index.
      await client.query(`DELETE FROM "Company" WHERE "id" = 'dup-company-b'`);
      notices.length = 0;
      await client.query(MIGRATION);
      expect(notices).toEqual([]);
      expect((await client.query(`SELECT 1 FROM pg_indexes WHERE indexname = 'Company_cnpj_environment_key'`)).rowCount).toBe(1);
    } finally {
      await client.query("ROLLBACK");
      await client.end();
    }
  });
});

describe("changing a company's CNPJ or environment", () => {
  it("to a pair another company holds is 409 company_exists; to a free one is allowed", async () => {
    const { updateFiscalSettings } = await import("./fiscal-settings");
    const holder = await createTestCompany();
    const mover = await createTestCompany();
    await expect(updateFiscalSettings(mover.companyId, { cnpj: holder.cnpj })).rejects.toMatchObject({ status: 409, code: "company_exists" });
    const inProduction = await createTestCompany({ environment: "PRODUCTION" });
    await expect(updateFiscalSettings(inProduction.companyId, { cnpj: holder.cnpj, environment: "HOMOLOGATION" })).rejects.toMatchObject({ code: "company_exists" });
    // The holder's own pair in the other environment is free.
    await expect(updateFiscalSettings(inProduction.companyId, { cnpj: holder.cnpj })).resolves.toMatchObject({ cnpj: holder.cnpj, environment: "PRODUCTION" });
    expect(await db.company.findUniqueOrThrow({ where: { id: mover.companyId } })).toMatchObject({ cnpj: mover.cnpj });
  });
});
