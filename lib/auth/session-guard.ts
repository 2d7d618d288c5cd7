import { notFound, redirect } from "next/navigation";
import { getSessionUser, type SessionUser } from "./session";
import { findTenantCompany, type CompanySummary } from "./session-companies";

// Guards for dashboard server components and layouts.

/** The signed-in user; otherwise a redirect to the sign-in page. */
export async function requireSessionUser(): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect("/signin");
  return user;
}

/** The company of /dashboard/c/[companyId]; another tenant's id is a 404, as if it did not exist. */
export async function requireSessionCompany(companyId: string): Promise<{ user: SessionUser; company: CompanySummary }> {
  const user = await requireSessionUser();
  const company = await findTenantCompany(user.tenantId, companyId);
  if (!company) notFound();
  return { user, company };
}
