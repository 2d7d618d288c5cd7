import type { ApiKeyPrincipal } from "@/lib/auth/api-keys";
import { getPool } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { DomainError, notFound } from "@/lib/errors";

// The company a /v1 company route acts for (docs/api-notes/authentication.md):
// a company key's own company; for an account key, the company named in
// X-Company-Id, which must belong to the key's tenant (another tenant's or an
// unknown id is 404, as any other company's resource is). A company key that
// names another company in X-Company-Id is refused with 404 as well: the
// header cannot widen what a company key reaches, and the answer does not
// tell whether that company exists.
export const COMPANY_HEADER = "x-company-id";
const COMPANY_ID = /^[A-Za-z0-9_-]{1,64}$/;
const FIND_TENANT_COMPANY = `SELECT "id" FROM "Company" WHERE "id" = $1 AND "tenantId" = $2`;

const companyNotFound = () => notFound("Company");

export async function resolveActingCompany(principal: ApiKeyPrincipal, headers: Headers): Promise<string> {
  const named = headers.get(COMPANY_HEADER)?.trim() || null;
  if (principal.kind === "company") {
    if (named !== null && named !== principal.companyId) throw companyNotFound();
    return principal.companyId;
  }
  if (named === null) {
    throw new DomainError(400, "company_required", "An account API key acts for one company at a time on this route: name it in the X-Company-Id header.");
  }
  if (!COMPANY_ID.test(named)) throw companyNotFound();
  const [company] = await sql<{ id: string }>(getPool(), FIND_TENANT_COMPANY, [named, principal.tenantId]);
  if (!company) throw companyNotFound();
  return company.id;
}
