import { describe, expect, it } from "vitest";
import { Prisma } from "@prisma/client";
import { getPool } from "./client";
import { inSqlTransaction, sql } from "./sql";
import { fromSqlRow, jsonRow } from "./sql-models";

describe("plain SQL helpers", () => {
  it("read rows with Prisma's types: Decimal columns as Decimal (also inside JSON), timestamps as UTC", async () => {
    const [row] = await sql<Record<string, unknown>>(
      getPool(),
      `SELECT 12.3456::numeric AS "defaultIcmsRate", '2026-11-21 10:15:30.123'::timestamp AS "createdAt",
              jsonb_build_object('defaultIcmsRate', '0.1000000001'::numeric::text, 'createdAt', '2026-11-21T10:15:30.123') AS "nested"`,
    );
    const company = fromSqlRow<{ defaultIcmsRate: Prisma.Decimal; createdAt: Date }>("Company", { ...row });
    expect(company.defaultIcmsRate).toBeInstanceOf(Prisma.Decimal);
    expect(company.defaultIcmsRate.toString()).toBe("12.3456");
    expect(company.createdAt.toISOString()).toBe("2026-11-21T10:15:30.123Z");
    const nested = fromSqlRow<{ defaultIcmsRate: Prisma.Decimal; createdAt: Date }>("Company", row!.nested as Record<string, unknown>);
    expect(nested.defaultIcmsRate.toString()).toBe("0.1000000001");
    expect(nested.createdAt.toISOString()).toBe("2026-11-21T10:15:30.123Z");
    expect(jsonRow("Company", "c")).toContain(`'defaultIcmsRate', c."defaultIcmsRate"::text`);
  });

  it("rolls a transaction back when its work throws", async () => {
    await sql(getPool(), `CREATE TABLE IF NOT EXISTS sql_helper_probe (v int)`);
    await expect(
      inSqlTransaction(async (client) => {
        await sql(client, `INSERT INTO sql_helper_probe VALUES (1)`);
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await sql(getPool(), `SELECT * FROM sql_helper_probe`)).toEqual([]);
    await sql(getPool(), `DROP TABLE sql_helper_probe`);
  });
});
