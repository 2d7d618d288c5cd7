import type { Prisma } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { completeCnpj, completeCpf } from "@/lib/br";
import { createTestCompany, db } from "@/test/factories";
import { createClient, toClientResponse } from "./client-service";
import { listClients } from "./list-clients";
import { ListClientsQuery } from "./schemas";

// listClients is one raw query (page + count(*) OVER ()); the ORM's
// count + findMany is the reference it must answer exactly like.
async function viaOrm(companyId: string, query: ListClientsQuery) {
  const where: Prisma.ClientWhereInput = { companyId };
  if (query.state) where.state = query.state;
  if (query.documentType) where.documentType = query.documentType;
  if (query.isActive !== undefined) where.isActive = query.isActive;
  if (query.search) {
    const contains = { contains: query.search, mode: "insensitive" as const };
    where.OR = [{ name: contains }, { fantasyName: contains }, { email: contains }, { document: { contains: query.search.replace(/[.\-/\s]/g, "") || query.search } }];
  }
  const skip = (query.page - 1) * query.pageSize;
  const [total, rows] = await Promise.all([
    db.client.count({ where }),
    db.client.findMany({ where, orderBy: [{ name: "asc" }, { id: "asc" }], skip, take: query.pageSize }),
  ]);
  return { data: rows.map(toClientResponse), meta: { page: query.page, pageSize: query.pageSize, total, totalPages: Math.ceil(total / query.pageSize) } };
}

describe("listClients (one raw query)", () => {
  it("returns the same pages, totals, key order and values as the ORM for every filter", async () => {
    const company = await createTestCompany();
    const other = await createTestCompany();
    await createClient(other.companyId, { name: "Padaria de outra empresa" });
    await createClient(company.companyId, { name: "Padaria Central", fantasyName: "Pão Bom", document: completeCnpj("112223330001"), email: "pao@bom.com", state: "SP", icmsTaxpayer: "CONTRIBUINTE", stateRegistration: "110042490114", zipCode: "01310100", city: "São Paulo" });
    await createClient(company.companyId, { name: "ÁGUA 100% pura", document: completeCpf("123456789"), state: "RJ", isActive: false });
    await createClient(company.companyId, { name: "a_b Comércio", email: "X@EXAMPLE.COM" });
    await createClient(company.companyId, { name: "Foreign Buyer", document: "P123", documentType: "FOREIGN", type: "FOREIGN", state: "EX", countryCode: "0249" });
    for (let i = 0; i < 5; i++) await createClient(company.companyId, { name: "Same name" });

    const queries: Partial<Record<string, string>>[] = [
      {}, { pageSize: "3" }, { pageSize: "3", page: "2" }, { pageSize: "3", page: "4" }, { page: "9" },
      { search: "padaria" }, { search: "11.222.333" }, { search: "example.com" }, { search: "pão" }, { search: "água" },
      { search: "%" }, { search: "_" }, { search: "0%" }, { search: "\\" }, { search: "nothing" },
      { state: "sp" }, { state: "EX" }, { documentType: "CPF" }, { documentType: "FOREIGN" },
      { isActive: "false" }, { isActive: "true", search: "a", pageSize: "2", page: "2" },
    ];
    for (const raw of queries) {
      const query = ListClientsQuery.parse(raw);
      const expected = await viaOrm(company.companyId, query);
      const actual = await listClients(company.companyId, query);
      expect(JSON.stringify(actual), JSON.stringify(raw)).toBe(JSON.stringify(expected));
    }
    expect((await listClients(company.companyId, ListClientsQuery.parse({}))).meta.total).toBe(9);
  });

  it("runs inside a transaction client", async () => {
    const company = await createTestCompany();
    await createClient(company.companyId, { name: "In tx" });
    const page = await db.$transaction((tx) => listClients(company.companyId, ListClientsQuery.parse({}), tx));
    expect(page.data.map((c) => c.name)).toEqual(["In tx"]);
    expect(page.meta).toEqual({ page: 1, pageSize: 20, total: 1, totalPages: 1 });
  });
});
