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

// Issue 34 problem 9, narrowed by issue 49 item 5: one company per CNPJ and environment within a
// tenant; across tenants the reservation by certificate decides (cnpj-reservation.integration.test.ts).
const input = (cnpj: string, environment: "HOMOLOGATION" | "PRODUCTION" = "HOMOLOGATION", tenantId?: string) =>
  ({ legalName: "Empresa Repetida Ltda", cnpj, state: "SP", municipalityCode: "3550308", taxRegime: "NORMAL", environment, tenantId }) as const;

const MIGRATION = readFileSync(path.join(process.cwd(), "prisma/migrations/20261127050100_company_cnpj_environment_unique/migration.sql"), "utf8");

describe("one company per CNPJ and environment in a tenant", () => {
  it("a second company of the tenant with the CNPJ in that environment is 409 company_exists; another tenant and the other environment are free", async () => {
    const first = await createTestCompany();
    const refused = await createCompany(input(first.cnpj, "HOMOLOGATION", first.tenantId)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ status: 409, code: "company_exists" });
    expect((refused as DomainError).message).not.toContain(first.companyId);
    // Another tenant (an existing one, or a new one) creates it: unproven, it blocks no one (issue 49 item 5).
    const other = await createTestCompany();
    await expect(createCompany(input(first.cnpj, "HOMOLOGATION", other.tenantId))).resolves.toMatchObject({ tenantId: other.tenantId });
    await expect(createCompany(input(first.cnpj, "HOMOLOGATION"))).resolves.toMatchObject({ cnpj: first.cnpj });
    const production = await createCompany(input(first.cnpj, "PRODUCTION", first.tenantId));
    expect(production.environment).toBe("PRODUCTION");
    expect(await db.company.count({ where: { cnpj: first.cnpj } })).toBe(4);
  });

  it("concurrent creations of one CNPJ in one tenant leave exactly one company", async () => {
    const cnpj = randomCnpj();
    const { tenantId } = await createTestCompany();
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => createCompany(input(cnpj, "HOMOLOGATION", tenantId))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "company_exists" });
    expect(await db.company.count({ where: { cnpj } })).toBe(1);
  });

  it("the CLI's company create refuses it too", async () => {
    const { cnpj, tenantId } = await createTestCompany();
    const flags = { name: "Outra Ltda", cnpj, state: "SP", "municipality-code": "3550308", regime: "NORMAL", tenant: tenantId };
    await expect(commands.company!.create!(flags)).rejects.toMatchObject({ status: 409, code: "company_exists" });
    await expect(commands.company!.create!({ ...flags, demo: true })).rejects.toMatchObject({ code: "company_exists" });
  });

  // Historic (issue 34): since 20261207153400_cnpj_reservation duplicates across tenants are legitimate and the index is gone.
  it("the issue 34 migration reported existing duplicates (ids in a NOTICE), deleted nothing and left the index out", async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    const notices: string[] = [];
    client.on("notice", (notice) => notices.push(notice.message ?? ""));
    await client.connect();
    try {
      await client.query("BEGIN");
      // Dropped for good by 20261207153400_cnpj_reservation; the historic migration still behaves as it did.
      await client.query(`DROP INDEX IF EXISTS "Company_cnpj_environment_key"`);
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
    } finally {
      await client.query("ROLLBACK");
      await client.end();
    }
  });
});

describe("changing a company's CNPJ or environment", () => {
  it("to a pair another company of the tenant holds is 409 company_exists; to a free one is allowed", async () => {
    const { updateFiscalSettings } = await import("./fiscal-settings");
    const holder = await createTestCompany();
    const mover = await createTestCompany({ tenantId: holder.tenantId });
    await expect(updateFiscalSettings(mover.companyId, { cnpj: holder.cnpj })).rejects.toMatchObject({ status: 409, code: "company_exists" });
    const inProduction = await createTestCompany({ environment: "PRODUCTION", tenantId: holder.tenantId });
    await expect(updateFiscalSettings(inProduction.companyId, { cnpj: holder.cnpj, environment: "HOMOLOGATION" })).rejects.toMatchObject({ code: "company_exists" });
    // The holder's own pair in the other environment is free.
    await expect(updateFiscalSettings(inProduction.companyId, { cnpj: holder.cnpj })).resolves.toMatchObject({ cnpj: holder.cnpj, environment: "PRODUCTION" });
    expect(await db.company.findUniqueOrThrow({ where: { id: mover.companyId } })).toMatchObject({ cnpj: mover.cnpj });
  });
});
