import { db } from "@/lib/db/client";

// Operator listings: the CLI runs with the database's own rights, across tenants
// (that is its job: finding the tenant id for `user create`, the company id for
// `api-key create`). --tenant narrows companies and users to one tenant.

export type TenantRow = { id: string; name: string; companies: number; users: number; createdAt: string };
export type CompanyRow = { id: string; tenantId: string; cnpj: string; legalName: string; state: string; environment: string; taxRegime: string };
export type UserRow = { id: string; tenantId: string; email: string; name: string | null; role: string; createdAt: string };

/** A new tenant (an accounting office or a client group) for `company create --tenant` and `user create --tenant`. */
export async function createTenant(name: string): Promise<{ id: string; name: string }> {
  return db.tenant.create({ data: { name }, select: { id: true, name: true } });
}

export async function listTenants(): Promise<TenantRow[]> {
  const tenants = await db.tenant.findMany({
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, createdAt: true, _count: { select: { companies: true, users: true } } },
  });
  return tenants.map((t) => ({ id: t.id, name: t.name, companies: t._count.companies, users: t._count.users, createdAt: t.createdAt.toISOString() }));
}

export async function listCompanies(tenantId?: string): Promise<CompanyRow[]> {
  return db.company.findMany({
    where: tenantId ? { tenantId } : {},
    orderBy: [{ tenantId: "asc" }, { legalName: "asc" }],
    select: { id: true, tenantId: true, cnpj: true, legalName: true, state: true, environment: true, taxRegime: true },
  });
}

export async function listUsers(tenantId?: string): Promise<UserRow[]> {
  const users = await db.user.findMany({
    where: tenantId ? { tenantId } : {},
    orderBy: [{ tenantId: "asc" }, { email: "asc" }],
    select: { id: true, tenantId: true, email: true, name: true, role: true, createdAt: true },
  });
  return users.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() }));
}
